import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { nodeEntryArgs } from '../../compiled-tree/node-entry.ts';

/** `npm run sim -- …` as a child process, with its stderr log collected. */
export interface SimProcess {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the first stderr text matching `pattern` (within 15 s). */
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Sends one console command line. */
  command(line: string): void;
  stop(): Promise<void>;
}

/** Starts the simulator command line with `args` (`npm run sim`'s entry, node-entry.ts). */
export function startSim(args: string[]): SimProcess {
  const child = spawn(process.execPath, [...nodeEntryArgs('drivers/tools/sim-cli.ts'), ...args], {
    stdio: 'pipe',
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  return {
    child,
    waitFor(pattern) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`sim did not log ${String(pattern)}: ${log}`)),
          15_000,
        );
        const check = (): void => {
          const match = pattern.exec(log);
          if (match === null) return;
          clearTimeout(timer);
          child.stderr.off('data', check);
          resolve(match);
        };
        child.stderr.on('data', check);
        check();
      });
    },
    command(line) {
      child.stdin.write(`${line}\n`);
    },
    stop() {
      if (child.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
