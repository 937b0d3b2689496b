import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { integrityViolations } from './helpers/integrity.ts';
import { runClient, seededRandom, type AnsweredRequest } from './helpers/load-generator.ts';
import { RestClient } from './helpers/rest-client.ts';
import { ServerProcess } from './helpers/server-process.ts';

const dirs: string[] = [];
const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill9()));
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await ServerProcess.start(dataDir);
  running.push(server);
  return server;
}

/** Runs `work` over `items`, `width` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/**
 * What the restarted service must show for every answered request: each new transaction by ttid
 * with its answered result and order, each order listing its answered transactions, and the
 * effect of each approved move. Returns the problems found.
 */
async function unmetExpectations(
  client: RestClient,
  answered: AnsweredRequest[],
): Promise<string[]> {
  const problems: string[] = [];
  const created = answered.filter(
    (a) => a.op === 'sale' || a.op === 'preauth' || (a.op === 'refund' && a.code === 'AUTH'),
  );
  await eachLimited(created, 16, async (a) => {
    const { status, body } = await client.send('GET', `transaction/${a.ttid}`);
    const expectedCode = a.op === 'refund' ? 'AUTH' : a.code;
    if (status !== 200 || body.orig_code !== expectedCode || body.order_id !== a.orderId) {
      problems.push(`ttid ${a.ttid} (${a.op}, ${a.code}): found ${status} ${JSON.stringify(body)}`);
    }
  });
  const orders = new Map<string, Set<string>>();
  for (const a of created) orders.set(a.orderId, (orders.get(a.orderId) ?? new Set()).add(a.ttid));
  await eachLimited([...orders], 16, async ([orderId, ttids]) => {
    const { body } = await client.send('GET', `transaction/order/${orderId}/payment`);
    const listed = new Set((body.trans ?? '').split('|'));
    for (const ttid of ttids)
      if (!listed.has(ttid)) problems.push(`order ${orderId} does not list ttid ${ttid}`);
  });
  const moves = answered.filter((a) => a.code === 'AUTH' && a.op !== 'sale' && a.op !== 'preauth');
  await eachLimited(moves, 16, async (a) => {
    const ttid = a.priorTtid ?? a.ttid;
    const { body } = await client.send('GET', `transaction/${ttid}`);
    const expected = {
      preauthcomplete: ['tranflags', 'CAPTURED'],
      void: ['txnstatus', 'VOIDED'],
      reversal: ['txnstatus', 'REVERSED'],
      refund: ['txnstatus', 'REFUNDED'],
    }[a.op as 'void'];
    const [field = '', flag = ''] = expected;
    if (!(body[field] ?? '').split('|').includes(flag)) {
      problems.push(`${a.op} of ttid ${ttid} answered AUTH but ${field} is "${body[field] ?? ''}"`);
    }
  });
  return problems;
}

/** Runs `width` clients against the server and kills it with SIGKILL after `killAfterMs`. */
async function loadThenKill(
  server: ServerProcess,
  width: number,
  round: number,
  seed: number,
  killAfterMs: number,
): Promise<AnsweredRequest[]> {
  const client = new RestClient(server.plainPort, server.apiKey);
  const answered: AnsweredRequest[] = [];
  const clients = Array.from({ length: width }, (_, i) =>
    runClient(client, `r${round}c${i}`, seededRandom(seed + i), answered),
  );
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  await server.kill9();
  await Promise.all(clients);
  client.close();
  return answered;
}

/** Rows left in flight in the database: none once a restart has settled them. */
function inFlightRows(path: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM in_flight').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('restart durability (real server process, kill -9)', () => {
  it.each([
    { width: 8, rounds: [1, 2] },
    { width: 32, rounds: [1] },
  ])(
    'finds every answered transaction after a kill at a random moment under $width clients, and none half-written',
    async ({ width, rounds }) => {
      const seed = Date.now() % 1_000_000;
      const random = seededRandom(seed);
      const dataDir = mkdtempSync(join(tmpdir(), 'laneterm-durability-'));
      dirs.push(dataDir);
      const everything: AnsweredRequest[] = [];
      for (const round of rounds) {
        const server = await start(dataDir);
        const answered = await loadThenKill(
          server,
          width,
          round,
          seed * 10 + round * 100,
          1500 + Math.floor(random() * 2500),
        );
        expect(answered.length, `seed ${seed}: round ${round} answered nothing`).toBeGreaterThan(
          50,
        );
        everything.push(...answered);
        expect(integrityViolations(join(dataDir, 'service.db')), `seed ${seed}`).toEqual([]);
        const restarted = await start(dataDir);
        const client = new RestClient(restarted.plainPort, restarted.apiKey);
        expect(await unmetExpectations(client, everything), `seed ${seed}`).toEqual([]);
        const after = await client.send('POST', 'transaction/purchase', {
          account: '4111111111111111',
          expdate: '1230',
          amount: '3.00',
        });
        const highest = Math.max(...everything.map((a) => Number(a.ttid) || 0));
        expect(after.body.code).toBe('AUTH');
        expect(Number(after.body.ttid)).toBeGreaterThan(highest);
        client.close();
        expect(await restarted.stop()).toEqual({ code: 0, signal: null });
        running.splice(running.indexOf(restarted), 1);
      }
      expect(integrityViolations(join(dataDir, 'service.db'))).toEqual([]);
      expect(inFlightRows(join(dataDir, 'service.db')), 'left in flight after restarts').toBe(0);
      const onDisk = readdirSync(dataDir)
        .filter((name) => name.startsWith('service.db'))
        .map((name) => readFileSync(join(dataDir, name)).toString('latin1'))
        .join('');
      expect(onDisk).not.toContain('4111111111111111');
    },
    180_000,
  );
});
