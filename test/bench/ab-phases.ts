// `npm run bench:server -- --baseline DIR`: the same sale phases on two services side by side in
// one run, one started from the checkout at DIR (the baseline, "A") and one from this checkout
// ("B"), both warmed up by one unmeasured run of every phase, then loaded at the same time, each by
// its own clients, in ROUNDS rounds, so the machine's other load weighs on both alike; each
// phase's service CPU ms per sale, sales/s and p99, and B / A of the means (docs/architecture.md,
// Throughput).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunPlace } from '../server/helpers/server-process.ts';
import { ServerProcess } from '../server/durability/helpers/server-process.ts';
import type { PhaseFigures } from './closed-loop.ts';

/** A phase's figures and the CPU ms per sale of the service (docs/architecture.md › Throughput). */
export type Metered = PhaseFigures & { cpuMs: number };

/** One kind of sale, run against a service (docs/architecture.md › Throughput). */
export interface AbPhase {
  name: string;
  run: (server: ServerProcess) => Promise<Metered>;
}

/** Rounds of each phase, both services loaded at once in each. */
const ROUNDS = 3;

const mean = (runs: readonly Metered[], pick: (figures: Metered) => number): number =>
  runs.reduce((sum, figures) => sum + pick(figures), 0) / runs.length;

/** One line of a phase's runs on one service: CPU per sale, throughput and p99 of each run. */
function line(label: string, runs: readonly Metered[]): string {
  const each = runs.map(
    (f) => `${f.cpuMs.toFixed(3)} ms/sale ${f.perSecond.toFixed(0)}/s p99 ${f.p99Ms.toFixed(1)}`,
  );
  return `  ${label}: ${each.join(' | ')}`;
}

/** Starts a service on a fresh data directory; `stop` removes the directory too. */
async function startService(
  place: RunPlace,
): Promise<{ server: ServerProcess; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laneterm-bench-'));
  const server = await ServerProcess.start(dataDir, [], place);
  return {
    server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs every phase on the baseline service (from `baselineRoot`) and on this checkout's at the same
 * time, ROUNDS times, and prints each phase's figures and the ratios B / A of their means; with
 * `profileDir`, each service writes its V8 CPU profile to profileDir/A or profileDir/B
 * (docs/architecture.md › Throughput).
 */
export async function abComparison(
  baselineRoot: string,
  phases: readonly AbPhase[],
  profileDir?: string,
): Promise<void> {
  const nodeArgs = (label: string) =>
    profileDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', join(profileDir, label)];
  const a = await startService({ root: baselineRoot, nodeArgs: nodeArgs('A') });
  const b = await startService({ nodeArgs: nodeArgs('B') });
  try {
    console.log(`A = service from ${baselineRoot}, B = service from this checkout`);
    // One unmeasured run of every phase on each service first: its code compiled, its pages cached.
    for (const phase of phases) await Promise.all([phase.run(a.server), phase.run(b.server)]);
    for (const phase of phases) {
      const runsA: Metered[] = [];
      const runsB: Metered[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const [figuresA, figuresB] = await Promise.all([phase.run(a.server), phase.run(b.server)]);
        runsA.push(figuresA);
        runsB.push(figuresB);
      }
      console.log(phase.name);
      console.log(line('A', runsA));
      console.log(line('B', runsB));
      const of = (pick: (f: Metered) => number) =>
        (mean(runsB, pick) / mean(runsA, pick)).toFixed(3);
      console.log(
        `  B / A: service CPU per sale ${of((f) => f.cpuMs)}x, throughput ${of((f) => f.perSecond)}x, p99 ${of((f) => f.p99Ms)}x`,
      );
    }
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}
