// `npm run bench:server -- --ops`: what the ops port costs a sale. Two services on SQLite, one
// without --ops-port and one with it while /metrics is read every second, take key/value sales from
// the same clients in turns (A, B, A, B, …) so the machine's other load falls on both alike; the
// figures of each and their ratio, B to A, are printed (docs/scaling.md › What to watch).
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServerProcess } from '../server/durability/helpers/server-process.ts';
import { freePort } from '../server/helpers/postgres-cluster.ts';
import type { PhaseFigures } from './closed-loop.ts';
import { CpuPerRequest } from './process-cpu.ts';

/** What the ops comparison borrows from the server bench. */
export interface OpsBenchParts {
  /** Turns per service (default 3). */
  rounds: number;
  /** Key/value sales from the bench's clients to the port, counted by the meters. */
  phase: (
    port: number,
    auth: Record<string, string>,
    check: boolean,
    options: { meters: readonly CpuPerRequest[] },
  ) => Promise<PhaseFigures>;
  keyAuth: (key: { id: string; secret: string }) => Record<string, string>;
}

/** Reads /metrics from the port every second until stopped; counts the reads and bytes. */
function scrapeEverySecond(port: number): { stop: () => { reads: number; bytes: number } } {
  const seen = { reads: 0, bytes: 0 };
  const scrape = () =>
    request({ host: '127.0.0.1', port, path: '/metrics' }, (response) => {
      response.on('data', (chunk: Buffer) => (seen.bytes += chunk.length));
      response.on('end', () => (seen.reads += 1));
    })
      .on('error', () => undefined)
      .end();
  const timer = setInterval(scrape, 1000);
  return {
    stop: () => {
      clearInterval(timer);
      return seen;
    },
  };
}

/** A service's figures summed over its turns. */
interface Totals {
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMs: number;
}

const mean = (runs: readonly Totals[], pick: (totals: Totals) => number) =>
  runs.reduce((sum, run) => sum + pick(run), 0) / runs.length;

function line(name: string, runs: readonly Totals[]): string {
  const figures = [
    mean(runs, (r) => r.perSecond).toFixed(1),
    mean(runs, (r) => r.p50Ms).toFixed(2),
    mean(runs, (r) => r.p99Ms).toFixed(2),
    mean(runs, (r) => r.cpuMs).toFixed(3),
  ];
  return `${name.padEnd(34)} ${figures.map((figure, i) => figure.padStart(i === 3 ? 10 : 9)).join('')}`;
}

/** Runs the comparison and prints it. */
export async function opsOverhead(parts: OpsBenchParts): Promise<void> {
  const dirs = [
    mkdtempSync(join(tmpdir(), 'laneterm-bench-')),
    mkdtempSync(join(tmpdir(), 'laneterm-bench-')),
  ];
  const opsPort = await freePort();
  const plain = await ServerProcess.start(dirs[0] as string);
  const withOps = await ServerProcess.start(dirs[1] as string, ['--ops-port', String(opsPort)]);
  const runs: { plain: Totals[]; ops: Totals[] } = { plain: [], ops: [] };
  let scraped = { reads: 0, bytes: 0 };
  try {
    for (let round = 0; round < parts.rounds; round += 1) {
      for (const [server, into] of [
        [plain, runs.plain],
        [withOps, runs.ops],
      ] as const) {
        const cpu = new CpuPerRequest(server.pid);
        const scraper = server === withOps ? scrapeEverySecond(opsPort) : undefined;
        const figures = await parts.phase(server.plainPort, parts.keyAuth(server.apiKey), true, {
          meters: [cpu],
        });
        const seen = scraper?.stop();
        if (seen !== undefined) scraped = { reads: scraped.reads + seen.reads, bytes: seen.bytes };
        into.push({ ...figures, cpuMs: cpu.perRequest() });
      }
    }
    console.log(`ops port: key/value sales, ${parts.rounds} turns each, A and B in turn`);
    console.log(
      `${'service'.padEnd(34)}${'per s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'CPU ms/sale'.padStart(12)}`,
    );
    console.log(line('A: no ops port', runs.plain));
    console.log(line('B: --ops-port, /metrics every 1 s', runs.ops));
    const ratio = (pick: (totals: Totals) => number) =>
      (mean(runs.ops, pick) / mean(runs.plain, pick)).toFixed(3);
    console.log(
      `B/A: ${ratio((r) => r.perSecond)}x sales/s, ${ratio((r) => r.p50Ms)}x p50, ${ratio((r) => r.p99Ms)}x p99, ${ratio((r) => r.cpuMs)}x CPU per sale; ${scraped.reads} scrapes`,
    );
  } finally {
    await plain.stop();
    await withOps.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
