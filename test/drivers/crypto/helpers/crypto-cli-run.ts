// Test helper: runs `npm run crypto`'s entry as a child process and collects its output.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nodeEntryArgs } from '../../../compiled-tree/node-entry.ts';

/** The repository root, where the tool runs. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = 'drivers/tools/crypto-cli.ts';

/** What one run printed and its exit status. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI's entry (test/compiled-tree/node-entry.ts) and collects its streams and status. */
export function crypto(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...nodeEntryArgs(CLI), ...args],
      { cwd: ROOT },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr });
      },
    );
  });
}
