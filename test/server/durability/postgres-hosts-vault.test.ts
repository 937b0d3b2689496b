import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openServiceStore, parseStoreLocation } from '../../../server/store/store-location.ts';
import type { PaymentClient } from '../../../main/payment/index.ts';
import { laneClient } from '../../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../../conformance/helpers/service-process.ts';
import { CARD } from '../../conformance/operation-scenarios.ts';
import { admin } from '../helpers/admin-run.ts';
import { runEntry } from '../helpers/server-process.ts';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from '../helpers/postgres-cluster.ts';

let cluster: PostgresCluster | undefined;
const services: ServiceProcess[] = [];
const clients: PaymentClient[] = [];

afterEach(async () => {
  delete process.env.HOST_KEK;
  delete process.env.HOST_KEK_NEXT;
  for (const client of clients.splice(0)) await client.close();
  for (const service of services.splice(0)) await stopServiceProcess(service);
  await cluster?.stop();
  cluster = undefined;
});

/** An instance as a host runs it: its own data directory, the shared database. */
async function host(url: string, extra: string[] = []): Promise<ServiceProcess> {
  const service = await startServiceProcess(undefined, ['--store', url, ...extra]);
  services.push(service);
  return service;
}

/** The first row of a query on the database. */
async function row<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows[0];
  } finally {
    await client.end();
  }
}

/**
 * Starts a service on `dir` over the store while `table` is locked, waits until its start waits on
 * that lock, and SIGKILLs it there.
 */
async function killWaitingOn(url: string, dir: string, table: string): Promise<void> {
  const locker = new pg.Client({ connectionString: url });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  const args = ['--port', '0', '--plain-port', '0', '--data', dir, '--demo', '--store', url];
  const run = runEntry('server/cli.ts', args);
  const waiting = "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'";
  while (((await row<{ n: number }>(url, waiting))?.n ?? 0) === 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  run.child.kill('SIGKILL');
  await run.exited;
  await locker.query('ROLLBACK');
  await locker.end();
}

function lane(service: ServiceProcess): PaymentClient {
  const client = laneClient(service, 'kv', { deadlines: { answerMs: 15_000, connectMs: 3_000 } });
  clients.push(client);
  return client;
}

describe.skipIf(skipWithoutPostgres('two hosts on PostgreSQL'))(
  'two hosts, each with its own data directory, one PostgreSQL',
  () => {
    it('open on either host what the other sealed: an order taken on one is found on the other', async () => {
      cluster = await startPostgresCluster();
      const url = await cluster.createDatabase();
      const [a, b] = [await host(url), await host(url)];
      expect(a.dataDir).not.toBe(b.dataDir);
      const [onA, onB] = [lane(a), lane(b)];
      const sales = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 === 0 ? onA : onB).sale({ ...CARD, money: { amount: `${i + 1}.25` } }),
        ),
      );
      for (const [i, sale] of sales.entries()) {
        if (sale.outcome !== 'approved') throw new Error(`sale ${i}: ${sale.outcome}`);
        const other = i % 2 === 0 ? onB : onA;
        const found = await other.resolve(sale.orderId ?? '', { waitMs: 5_000 });
        expect(found.status, `order ${sale.orderId} looked up on the other host`).toBe('approved');
        expect(found.status === 'approved' && found.ttid).toBe(sale.response.ttid);
      }
    }, 120_000);

    it('keep serving while the vault is re-wrapped, and refuse a host whose KEK does not open it', async () => {
      cluster = await startPostgresCluster();
      const url = await cluster.createDatabase();
      process.env.HOST_KEK = randomBytes(32).toString('hex');
      const [a, b] = [
        await host(url, ['--vault-key-env', 'HOST_KEK']),
        await host(url, ['--vault-key-env', 'HOST_KEK']),
      ];
      const [onA, onB] = [lane(a), lane(b)];
      const before = await onA.sale({ ...CARD, money: { amount: '2.50' } });
      process.env.HOST_KEK_NEXT = randomBytes(32).toString('base64');
      const adminDir = mkdtempSync(join(tmpdir(), 'laneterm-admin-'));
      const rotated = await admin(adminDir, [
        'rotate-keys',
        '--to-env',
        'HOST_KEK_NEXT',
        '--store',
        url,
      ]);
      rmSync(adminDir, { recursive: true, force: true });
      expect(rotated.err).toBe('');
      expect((await onB.resolve(before.orderId ?? '', { waitMs: 5_000 })).status).toBe('approved');
      const after = await onB.sale({ ...CARD, money: { amount: '3.50' } });
      expect((await onA.resolve(after.orderId ?? '', { waitMs: 5_000 })).status).toBe('approved');

      await expect(host(url, ['--vault-key-env', 'HOST_KEK'])).rejects.toThrow(
        /card vault of the store: its key is wrapped by the environment variable HOST_KEK_NEXT, not the environment variable HOST_KEK; move it there with admin rotate-keys/,
      );
      const next = process.env.HOST_KEK_NEXT;
      process.env.HOST_KEK_NEXT = randomBytes(32).toString('hex');
      await expect(host(url, ['--vault-key-env', 'HOST_KEK_NEXT'])).rejects.toThrow(
        /card vault of the store cannot be opened: the environment variable HOST_KEK_NEXT holds another key.*admin rotate-keys/,
      );
      process.env.HOST_KEK_NEXT = next;
      const c = await host(url, ['--vault-key-env', 'HOST_KEK_NEXT']);
      for (const sale of [before, after]) {
        expect((await lane(c).resolve(sale.orderId ?? '', { waitMs: 5_000 })).status).toBe(
          'approved',
        );
      }
    }, 180_000);

    it('finish moving a single-instance vault into the store after a SIGKILL at each step', async () => {
      cluster = await startPostgresCluster();
      const url = await cluster.createDatabase();
      await (await openServiceStore(parseStoreLocation(url))).close();
      const single = await startServiceProcess();
      await single.kill('SIGTERM');
      const dir = single.dataDir;
      const [vaultFile, totpFile] = [join(dir, 'card-vault.json'), join(dir, 'totp-key.sealed')];
      const wrapped = readFileSync(vaultFile, 'utf8');
      const totp = readFileSync(totpFile);

      await killWaitingOn(url, dir, 'vault_key');
      expect([existsSync(vaultFile), existsSync(totpFile)]).toEqual([true, true]);
      await killWaitingOn(url, dir, 'service_keys');
      expect([existsSync(vaultFile), existsSync(totpFile)]).toEqual([false, true]);
      services.push(await startServiceProcess(dir, ['--store', url]));
      expect([existsSync(vaultFile), existsSync(totpFile)]).toEqual([false, false]);
      expect(
        (await row<{ wrapped_json: string }>(url, 'SELECT wrapped_json FROM vault_key'))
          ?.wrapped_json,
      ).toBe(wrapped);
      const sealed = await row<{ sealed: Buffer }>(
        url,
        "SELECT sealed FROM service_keys WHERE name = 'totp'",
      );
      expect(sealed?.sealed).toEqual(totp);
    }, 120_000);
  },
);
