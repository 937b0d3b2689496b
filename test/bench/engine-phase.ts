// `npm run bench:server -- --engine [--baseline DIR]`: the CPU ms per sale of the engine and the
// SQLite store alone, in-process (engine-sales.ts), a figure that moves far less between runs than
// a whole service's under load; with a baseline, its process and this checkout's run in turns
// (A B A B …), never at once, so each has a core to itself, and B / A of the means is printed
// (docs/architecture.md, CPU per sale).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./engine-sales.ts', import.meta.url));
const HERE = fileURLToPath(new URL('../..', import.meta.url));

/** How the engine phase runs: seconds per round, rounds per process, turns of processes. */
export interface EnginePhaseOptions {
  seconds: number;
  clients: number;
  baseline?: string;
}

/** Turns of each checkout's process (each with its own warm-up and rounds). */
const TURNS = 3;
const ROUNDS = 2;

/** The CPU ms per sale of each round of one process of the checkout at `root`. */
async function engineRounds(root: string, options: EnginePhaseOptions): Promise<number[]> {
  const args = [root, String(options.seconds), String(ROUNDS), String(options.clients)];
  const { stdout } = await run(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
    cwd: HERE,
    maxBuffer: 1 << 20,
  });
  return (JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { cpuMsPerSale: number[] })
    .cpuMsPerSale;
}

const mean = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / values.length;
const shown = (values: readonly number[]): string => values.map((v) => v.toFixed(4)).join(' ');

/** Prints the engine and store's CPU ms per sale, for this checkout and the baseline if given. */
export async function enginePhase(options: EnginePhaseOptions): Promise<void> {
  console.log(
    `LaneTerm engine bench: sales through the engine and SQLite store in one process, ${options.clients} at a time, no network; ${TURNS} processes of ${ROUNDS} rounds of ${options.seconds} s each`,
  );
  const a: number[] = [];
  const b: number[] = [];
  for (let turn = 0; turn < TURNS; turn += 1) {
    if (options.baseline !== undefined) a.push(...(await engineRounds(options.baseline, options)));
    b.push(...(await engineRounds(HERE, options)));
  }
  if (options.baseline !== undefined) {
    console.log(
      `  A (${options.baseline}): ${shown(a)} ms CPU per sale, mean ${mean(a).toFixed(4)}`,
    );
  }
  console.log(`  B (this checkout): ${shown(b)} ms CPU per sale, mean ${mean(b).toFixed(4)}`);
  if (options.baseline !== undefined) console.log(`  B / A: ${(mean(b) / mean(a)).toFixed(3)}x`);
}
