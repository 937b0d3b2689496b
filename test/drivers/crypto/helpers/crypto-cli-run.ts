// Test helper: runs `npm run crypto` as a child process (node --import tsx) and collects its output.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, where the tool runs. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CLI = 'drivers/tools/crypto-cli.ts';

/** What one run printed and its exit status. */
export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as `npm run crypto` does (node --import tsx) and collects its streams and status. */
export function crypto(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { cwd: ROOT },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr });
      },
    );
  });
}
