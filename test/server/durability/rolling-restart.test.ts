import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { portAfter, runEntry, type ChildRun } from '../helpers/server-process.ts';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from '../helpers/postgres-cluster.ts';
import { FailoverClient, type SaleOutcome } from './helpers/failover-client.ts';

/** An instance as a host runs it: its own data directory, the shared database. */
interface Instance {
  readonly dir: string;
  readonly run: ChildRun;
  readonly plainPort: number;
}

let cluster: PostgresCluster | undefined;
const running: Instance[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const instance of running.splice(0)) {
    instance.run.child.kill('SIGKILL');
    await instance.run.exited;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  await cluster?.stop();
  cluster = undefined;
});

async function start(dir: string, store: string): Promise<Instance> {
  const args = ['--port', '0', '--plain-port', '0', '--data', dir, '--demo', '--store', store];
  const run = runEntry('server/cli.ts', [...args, '--log-level', 'warn']);
  const instance = { dir, run, plainPort: await portAfter(run, 'plain:') };
  running.push(instance);
  return instance;
}

/** SIGTERM: the instance drains and exits; resolves with its exit code. */
async function drain(instance: Instance): Promise<number | string> {
  instance.run.child.kill('SIGTERM');
  const code = await instance.run.exited;
  running.splice(running.indexOf(instance), 1);
  return code;
}

/** Distinct amounts 1.00 to 2.99, clear of every trigger amount (docs/test-cards.md). */
const amount = (n: number) =>
  `${1 + (Math.floor(n / 100) % 2)}.${String(n % 100).padStart(2, '0')}`;

const CLIENTS = 32;

describe.skipIf(skipWithoutPostgres('a rolling restart on PostgreSQL'))(
  'a rolling restart of two instances over one PostgreSQL, under 32 clients',
  () => {
    it('loses no answered sale, charges none twice, and no client sees a failure', async () => {
      cluster = await startPostgresCluster();
      const url = await cluster.createDatabase();
      const [dirA, dirB] = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'laneterm-host-')));
      dirs.push(dirA as string, dirB as string);
      const instances = [await start(dirA as string, url), await start(dirB as string, url)];
      const key = JSON.parse(readFileSync(join(dirA as string, 'demo-apikey.json'), 'utf8')) as {
        id: string;
        secret: string;
      };
      const targets = () => instances.map((instance) => instance.plainPort);
      const outcomes: SaleOutcome[] = [];
      const done = new Array<number>(CLIENTS).fill(0);
      let stop = false;
      const loops = Array.from({ length: CLIENTS }, async (_, c) => {
        const client = new FailoverClient(c % 2 === 0 ? 'kv' : 'rest', targets, key, c);
        try {
          for (let n = 0; !stop; n += 1) {
            outcomes.push(await client.sale(`roll-${c}-${n}`, amount(c * 7 + n)));
            done[c] = n + 1;
          }
        } finally {
          client.close();
        }
      });
      const progress = async (more: number) => {
        const floor = Math.min(...done) + more;
        while (Math.min(...done) < floor) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      await progress(3);
      for (const index of [0, 1]) {
        const old = instances[index] as Instance;
        expect(await drain(old), `instance ${index} exit status`).toBe(0);
        await progress(2);
        instances[index] = await start(old.dir, url);
        await progress(2);
      }
      stop = true;
      await Promise.all(loops);

      const failed = outcomes.filter((outcome) => outcome.answer.code !== 'AUTH');
      expect(failed.map((outcome) => outcome.answer)).toEqual([]);
      expect(outcomes.reduce((sum, outcome) => sum + outcome.resent, 0)).toBeGreaterThan(0);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        const { rows } = await db.query<{ order_id: string; ttids: number[] }>(
          `SELECT o.order_id, array_agg(t.ttid ORDER BY t.ttid) AS ttids
             FROM orders o JOIN transactions t ON t.order_ref = o.id GROUP BY o.order_id`,
        );
        const stored = new Map(rows.map((row) => [row.order_id, row.ttids.map(Number)]));
        const twice = rows.filter((row) => row.ttids.length > 1);
        expect(twice, 'orders charged more than once').toEqual([]);
        const lost = outcomes.filter(
          (outcome) => stored.get(outcome.orderId)?.[0] !== Number(outcome.answer.ttid),
        );
        expect(
          lost.map((outcome) => outcome.orderId),
          'answered sales not stored',
        ).toEqual([]);
        expect(stored.size).toBe(outcomes.length);
      } finally {
        await db.end();
      }
    }, 300_000);
  },
);
