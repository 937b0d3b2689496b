import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServerProcess } from '../server/durability/helpers/server-process.ts';
import { startPostgresCluster } from '../server/helpers/postgres-cluster.ts';
import type { PhaseFigures } from './closed-loop.ts';

/** What the store comparison borrows from the server bench. */
export interface StoreBenchParts {
  clients: number;
  seconds: number;
  header: string;
  row: (name: string, figures: PhaseFigures) => string;
  /** Key/value sales from the bench's clients spread over the ports. */
  phase: (
    port: number | readonly number[],
    auth: Record<string, string>,
    check: boolean,
  ) => Promise<PhaseFigures>;
  keyAuth: (key: { id: string; secret: string }) => Record<string, string>;
  startEchoServers: () => Promise<{ net: number; stop: () => void }>;
}

/**
 * `npm run bench:server -- --store postgres`: key/value sales on the SQLite store, on one service
 * instance over a throwaway PostgreSQL cluster (fsync on, as in production), on two instances over
 * the same database with the clients split between them, and the node:net echo, in one run.
 */
export async function storeComparison(parts: StoreBenchParts): Promise<void> {
  const { row, phase, keyAuth } = parts;
  const sqliteDir = mkdtempSync(join(tmpdir(), 'laneterm-bench-'));
  const sharedDir = mkdtempSync(join(tmpdir(), 'laneterm-bench-'));
  const echo = await parts.startEchoServers();
  const cluster = await startPostgresCluster({ durable: true });
  const started: ServerProcess[] = [];
  try {
    console.log(
      `LaneTerm store bench: ${parts.clients} concurrent key/value clients on loopback, ` +
        `${parts.seconds} s per phase`,
    );
    console.log(parts.header);
    const sqlite = await ServerProcess.start(sqliteDir);
    started.push(sqlite);
    console.log(
      row('kv sale, SQLite', await phase(sqlite.plainPort, keyAuth(sqlite.apiKey), true)),
    );
    await sqlite.stop();
    started.pop();
    const url = await cluster.createDatabase();
    const first = await ServerProcess.start(sharedDir, ['--store', url]);
    started.push(first);
    const auth = keyAuth(first.apiKey);
    console.log(row('kv sale, PostgreSQL, 1 instance', await phase(first.plainPort, auth, true)));
    const second = await ServerProcess.start(sharedDir, ['--store', url]);
    started.push(second);
    const both = await phase([first.plainPort, second.plainPort], auth, true);
    console.log(row('kv sale, PostgreSQL, 2 instances', both));
    console.log(row('node:net echo', await phase(echo.net, auth, false)));
  } finally {
    for (const server of started) await server.stop();
    await cluster.stop();
    echo.stop();
    rmSync(sqliteDir, { recursive: true, force: true });
    rmSync(sharedDir, { recursive: true, force: true });
  }
}
