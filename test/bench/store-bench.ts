import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServerProcess } from '../server/durability/helpers/server-process.ts';
import { startPostgresCluster } from '../server/helpers/postgres-cluster.ts';
import type { PhaseFigures } from './closed-loop.ts';
import { CpuPerRequest, cpuMs, hostBusyMs, ownCpuMs, treeCpuMs } from './process-cpu.ts';

/** What the store comparison borrows from the server bench. */
export interface StoreBenchParts {
  /** Client counts of the sweep, ascending; the last is the top count. */
  sweep: readonly number[];
  seconds: number;
  /** pool_max of each PostgreSQL instance, when given (else the store's default). */
  poolMax: number | undefined;
  /** Key/value sales from `clients` connections spread over the ports, counted by the meters. */
  phase: (
    port: number | readonly number[],
    auth: Record<string, string>,
    check: boolean,
    options: { clients: number; meters: readonly CpuPerRequest[] },
  ) => Promise<PhaseFigures>;
  keyAuth: (key: { id: string; secret: string }) => Record<string, string>;
  startEchoServers: () => Promise<{ net: number; pid: number; stop: () => void }>;
}

/** A phase's figures with the CPU ms per sale of the service processes, PostgreSQL and the bench. */
interface StoreRow extends PhaseFigures {
  clients: number;
  serviceMs: number;
  postgresMs: number;
  benchMs: number;
  /** CPU ms per sale of the whole machine, this bench's processes and any other work alike. */
  hostMs: number;
}

const NAME = 26;
const HEADER = [
  'phase'.padEnd(NAME),
  'clients'.padStart(7),
  'per s'.padStart(8),
  'p50 ms'.padStart(7),
  'p99 ms'.padStart(7),
  'svc ms'.padStart(7),
  'pg ms'.padStart(6),
  'bench ms'.padStart(8),
  'cores'.padStart(5),
  'host'.padStart(5),
].join(' ');

const fixed = (value: number, digits: number, width: number): string =>
  (Number.isNaN(value) ? '-' : value.toFixed(digits)).padStart(width);

function row(name: string, f: StoreRow): string {
  const cores = ((f.serviceMs + (f.postgresMs || 0) + f.benchMs) * f.perSecond) / 1000;
  return [
    name.padEnd(NAME),
    String(f.clients).padStart(7),
    fixed(f.perSecond, 0, 8),
    fixed(f.p50Ms, 1, 7),
    fixed(f.p99Ms, 1, 7),
    fixed(f.serviceMs, 2, 7),
    fixed(f.postgresMs, 2, 6),
    fixed(f.benchMs, 2, 8),
    fixed(cores, 2, 5),
    fixed((f.hostMs * f.perSecond) / 1000, 2, 5),
  ].join(' ');
}

const ratio = (a: StoreRow, b: StoreRow): string => (a.perSecond / b.perSecond).toFixed(2);

/**
 * `npm run bench:server -- --store postgres`: key/value sales on the SQLite store and on one
 * service instance over a throwaway PostgreSQL cluster (fsync on, as in production) for each
 * client count of the sweep, on two instances over the same database with the top count split
 * between them, and the node:net echo at the top count, in one run. Beside each phase: the CPU ms
 * each sale cost the service processes, the PostgreSQL cluster (postmaster and its children) and
 * the bench's own clients, the cores that adds up to at the phase's rate, and the cores busy on
 * the whole machine meanwhile: a row whose host figure reaches the machine's cores is bound by the
 * CPU, and the part of it that is not this bench's is other work sharing the machine.
 */
export async function storeComparison(parts: StoreBenchParts): Promise<void> {
  const { phase, keyAuth, sweep } = parts;
  const top = sweep[sweep.length - 1] ?? 1;
  const sqliteDir = mkdtempSync(join(tmpdir(), 'laneterm-bench-'));
  const sharedDir = mkdtempSync(join(tmpdir(), 'laneterm-bench-'));
  const echo = await parts.startEchoServers();
  const cluster = await startPostgresCluster({ durable: true });
  const started: ServerProcess[] = [];
  const measure = async (
    ports: number | readonly number[],
    auth: Record<string, string>,
    clients: number,
    pids: { service: readonly number[]; postgres?: number },
    check = true,
  ): Promise<StoreRow> => {
    const service = new CpuPerRequest(() => pids.service.reduce((sum, p) => sum + cpuMs(p), 0));
    const { postgres } = pids;
    const database =
      postgres === undefined ? undefined : new CpuPerRequest(() => treeCpuMs(postgres));
    const bench = new CpuPerRequest(ownCpuMs);
    const host = new CpuPerRequest(hostBusyMs);
    const meters = [service, bench, host, ...(database === undefined ? [] : [database])];
    const figures = await phase(ports, auth, check, { clients, meters });
    return {
      ...figures,
      clients,
      serviceMs: service.perRequest(),
      postgresMs: database?.perRequest() ?? Number.NaN,
      benchMs: bench.perRequest(),
      hostMs: host.perRequest(),
    };
  };
  try {
    console.log(
      `LaneTerm store bench: key/value sales on loopback, ${parts.seconds} s per phase; ` +
        `${availableParallelism()} cores. CPU ms per sale: svc the service process(es), pg the ` +
        'PostgreSQL cluster, bench these clients; cores = their sum x sales/s; host = cores ' +
        'busy on the whole machine, other work included',
    );
    console.log(HEADER);
    const sqlite = await ServerProcess.start(sqliteDir);
    started.push(sqlite);
    const sqliteRows: StoreRow[] = [];
    for (const clients of sweep) {
      const figures = await measure(sqlite.plainPort, keyAuth(sqlite.apiKey), clients, {
        service: [sqlite.pid],
      });
      sqliteRows.push(figures);
      console.log(row('kv sale, SQLite', figures));
    }
    await sqlite.stop();
    started.pop();
    const url = await cluster.createDatabase();
    const store = parts.poolMax === undefined ? url : `${url}?pool_max=${parts.poolMax}`;
    const first = await ServerProcess.start(sharedDir, ['--store', store]);
    started.push(first);
    const auth = keyAuth(first.apiKey);
    const postgres = cluster.primary.pid;
    const oneRows: StoreRow[] = [];
    for (const clients of sweep) {
      const figures = await measure(first.plainPort, auth, clients, {
        service: [first.pid],
        postgres,
      });
      oneRows.push(figures);
      console.log(row('kv sale, PostgreSQL, 1 inst', figures));
    }
    const second = await ServerProcess.start(sharedDir, ['--store', store]);
    started.push(second);
    const both = await measure([first.plainPort, second.plainPort], auth, top, {
      service: [first.pid, second.pid],
      postgres,
    });
    console.log(row('kv sale, PostgreSQL, 2 inst', both));
    const netEcho = await measure(echo.net, auth, top, { service: [echo.pid] }, false);
    console.log(row('node:net echo', netEcho));
    const [sqliteLow, sqliteTop] = [sqliteRows[0], sqliteRows[sqliteRows.length - 1]];
    const [oneLow, oneTop] = [oneRows[0], oneRows[oneRows.length - 1]];
    if (!sqliteLow || !sqliteTop || !oneLow || !oneTop) return;
    const growth =
      sweep.length > 1
        ? `${top} clients / ${sweep[0]}: SQLite ${ratio(sqliteTop, sqliteLow)}x, PostgreSQL ` +
          `${ratio(oneTop, oneLow)}x; `
        : '';
    console.log(
      `  ${growth}at ${top}: PostgreSQL / SQLite ${ratio(oneTop, sqliteTop)}x, ` +
        `2 instances / 1 ${ratio(both, oneTop)}x, PostgreSQL / echo ${ratio(oneTop, netEcho)}x`,
    );
  } finally {
    for (const server of started) await server.stop();
    await cluster.stop();
    echo.stop();
    rmSync(sqliteDir, { recursive: true, force: true });
    rmSync(sharedDir, { recursive: true, force: true });
  }
}
