// `npm run bench:server`: sales per second and p50/p99 latency of the Payment Transaction Service
// with 32 concurrent clients on loopback, over REST v2 and over key/value, each beside the same
// round trip against a bare node:http / node:net echo server measured in the same run.
// Options: --seconds N (measured time per phase, default 5), --clients N (default 32).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openStore } from '../../server/store/database.ts';
import { RestClient } from '../server/durability/helpers/rest-client.ts';
import { ServerProcess } from '../server/durability/helpers/server-process.ts';
import { closedLoop, type PhaseFigures } from './closed-loop.ts';
import { KvClient } from './kv-client.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string' }, clients: { type: 'string' } },
});
const SECONDS = Number(values.seconds ?? 5);
const CLIENTS = Number(values.clients ?? 32);
const WARMUP_MS = 1000;
const SALE = {
  account: '4111111111111111',
  expdate: '1230',
  cv: '999',
  zip: '32606',
  amount: '12.34',
};

/** Starts the echo servers in their own process, as the service runs in its own. */
async function startEchoServers(): Promise<{ http: number; net: number; stop: () => void }> {
  const script = fileURLToPath(new URL('./echo-servers.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString())),
  );
  const match = /http ([0-9]+) net ([0-9]+)/.exec(line);
  return { http: Number(match?.[1]), net: Number(match?.[2]), stop: () => child.kill('SIGTERM') };
}

function expectApproved(answer: Record<string, string>): void {
  if (answer.code !== 'AUTH') throw new Error(`sale not approved: ${JSON.stringify(answer)}`);
}

async function restPhase(
  port: number,
  key: { id: string; secret: string },
  check: boolean,
): Promise<PhaseFigures> {
  const client = new RestClient(port, key);
  const figures = await closedLoop(CLIENTS, WARMUP_MS, SECONDS * 1000, async () => {
    const { body } = await client.send('POST', 'transaction/purchase', SALE);
    if (check) expectApproved(body);
  });
  client.close();
  return figures;
}

async function kvPhase(
  port: number,
  key: { id: string; secret: string },
  check: boolean,
): Promise<PhaseFigures> {
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => KvClient.open(port)));
  const request = {
    action_trans: 'sale',
    auth_apikey_id: key.id,
    auth_apikey_secret: key.secret,
    ...SALE,
  };
  const figures = await closedLoop(CLIENTS, WARMUP_MS, SECONDS * 1000, async (worker) => {
    const answer = await clients[worker]?.request(request);
    if (check && answer !== undefined) expectApproved(answer);
  });
  clients.forEach((client) => client.close());
  return figures;
}

function row(name: string, f: PhaseFigures): string {
  return `${name.padEnd(22)} ${f.perSecond.toFixed(1).padStart(9)} ${f.p50Ms.toFixed(2).padStart(8)} ${f.p99Ms.toFixed(2).padStart(8)} ${String(f.requests).padStart(8)}`;
}

function ratio(server: PhaseFigures, base: PhaseFigures): string {
  const throughput = server.perSecond / base.perSecond;
  const p50 = server.p50Ms / base.p50Ms;
  const p99 = server.p99Ms / base.p99Ms;
  return `  ratio to baseline: throughput ${throughput.toFixed(3)}x, p50 ${p50.toFixed(1)}x, p99 ${p99.toFixed(1)}x`;
}

/**
 * The disk's floor under every sale: bare SQLite commits (WAL, synchronous=FULL, as the service's
 * store) of one small row each, one after another, per second, in a fresh database.
 */
function durableCommitsPerSecond(dataDir: string): number {
  const store = openStore(join(dataDir, 'commit-floor.db'));
  store.exec('CREATE TABLE bench_rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const insert = store.prepare('INSERT INTO bench_rows (body) VALUES (?)');
  const commit = store.transaction(() => insert.run('x'.repeat(400)));
  let commits = 0;
  const end = performance.now() + 1000;
  while (performance.now() < end) {
    commit();
    commits += 1;
  }
  store.close();
  return commits;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'laneterm-bench-'));
  const echo = await startEchoServers();
  const server = await ServerProcess.start(dataDir);
  try {
    console.log(
      `LaneTerm server bench: ${CLIENTS} concurrent clients on loopback, ${SECONDS} s per phase after ${WARMUP_MS / 1000} s warm-up`,
    );
    console.log(
      `${'phase'.padEnd(22)} ${'per s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'requests'.padStart(8)}`,
    );
    const restSale = await restPhase(server.plainPort, server.apiKey, true);
    const httpEcho = await restPhase(echo.http, server.apiKey, false);
    console.log(row('REST v2 sale', restSale));
    console.log(row('node:http echo', httpEcho));
    console.log(ratio(restSale, httpEcho));
    console.log(
      `  durable SQLite commits on this disk (WAL, synchronous=FULL, one row each): ${durableCommitsPerSecond(dataDir)}/s`,
    );
    const kvSale = await kvPhase(server.plainPort, server.apiKey, true);
    const netEcho = await kvPhase(echo.net, server.apiKey, false);
    console.log(row('key/value sale', kvSale));
    console.log(row('node:net echo', netEcho));
    console.log(ratio(kvSale, netEcho));
  } finally {
    await server.stop();
    echo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
