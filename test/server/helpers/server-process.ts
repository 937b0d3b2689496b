import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nodeEntryArgs } from '../../compiled-tree/node-entry.ts';

/** The repository root, where `node --import tsx` finds tsx. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A child process running a TypeScript entry point, its output collected line by line. */
export interface ChildRun {
  child: ChildProcessWithoutNullStreams;
  stdout: string[];
  stderr: string[];
  /** Resolves with the first stdout line matching the pattern (rejects if the process exits). */
  line: (pattern: RegExp) => Promise<string>;
  /** Resolves with the exit code (or the signal name) once the process ends. */
  exited: Promise<number | string>;
}

/** Where a child runs from and node's own flags for it (Node.js CLI options, `node [options]`). */
export interface RunPlace {
  nodeArgs?: readonly string[];
  root?: string;
  /** False for an entry already compiled to JavaScript, run by node alone. */
  tsx?: boolean;
}

/**
 * Runs `node [nodeArgs] --import tsx <entry> <args>` (without `--import tsx` when `place.tsx` is
 * false) from another checkout's root given as `place.root`, or from the repository root, where
 * the suite's compiled tree runs it when there is one (test/compiled-tree/node-entry.ts).
 */
export function runEntry(
  entry: string,
  args: string[],
  stdin?: string,
  env = {},
  place: RunPlace = {},
): ChildRun {
  const own = place.nodeArgs ?? [];
  const run =
    place.tsx === false
      ? [...own, entry]
      : place.root === undefined
        ? nodeEntryArgs(entry, own)
        : [...own, '--import', 'tsx', entry];
  const nodeArgs = [...run, ...args];
  const child = spawn(process.execPath, nodeArgs, {
    cwd: place.root ?? REPO_ROOT,
    env: { ...process.env, ...env },
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const watchers: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      stdout.push(line);
      for (const watcher of watchers.filter((w) => w.pattern.test(line))) watcher.resolve(line);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  child.stdin.end(stdin);
  const line = (pattern: RegExp) => {
    const seen = stdout.find((candidate) => pattern.test(candidate));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      watchers.push({ pattern, resolve });
      void exited.then((code) =>
        reject(new Error(`exited ${code} before ${pattern}: ${stderr.join('')}`)),
      );
    });
  };
  return { child, stdout, stderr, line, exited };
}

/** Reads "host:port" after a label such as "TLS:" or "plain:" in the startup lines. */
export async function portAfter(run: ChildRun, label: string): Promise<number> {
  const line = await run.line(new RegExp(`${label}\\s+\\S+:(\\d+)`));
  return Number(new RegExp(`${label}\\s+\\S+:(\\d+)`).exec(line)?.[1]);
}
