import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { listMigrations, SchemaTooNewError } from '../../../server/store/schema-migrations.ts';
import { InFlightClaimedError } from '../../../server/store/in-flight-store.ts';
import { INSTANCE_LOCK_CLASS } from '../../../server/store/postgres/pg-instance-lease.ts';
import { STAN_BLOCK } from '../../../server/store/postgres/pg-stan-blocks.ts';
import type { ServiceStore } from '../../../server/store/service-store.ts';
import { openServiceStore, parseStoreLocation } from '../../../server/store/store-location.ts';
import { eventOf, newSale, postgresBackend, seedMerchant } from './store-fixture.ts';

const backend = postgresBackend();

/** Two stores over one database stand for two service instances (docs/scaling.md). */
describe.skipIf(backend.skip)('PostgreSQL store shared by two instances', () => {
  const open: ServiceStore[] = [];
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
  });
  async function pair(): Promise<[ServiceStore, ServiceStore]> {
    const { store, again } = await backend.fresh();
    const second = await again();
    open.push(store, second);
    return [store, second];
  }

  it('refuses a schema newer than it knows, naming both versions, and leaves it untouched', async () => {
    const { store, again, location } = await backend.fresh();
    await store.close();
    const known = listMigrations('postgres').at(-1)?.version ?? 0;
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      await client.query('UPDATE schema_version SET version = $1', [known + 2]);
      const refused = await again().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(SchemaTooNewError);
      expect((refused as Error).message).toBe(
        `store: the database's schema is version ${known + 2}, newer than this service knows ` +
          `(${known}); run the service version that wrote it, or a later one`,
      );
      const { rows } = await client.query('SELECT version FROM schema_version');
      expect(rows).toEqual([{ version: String(known + 2) }]);
    } finally {
      await client.end();
    }
  });

  it('spends one gift card from both at once: never below 0, balance equal to the ledger', async () => {
    const [a, b] = await pair();
    const seeded = await seedMerchant(a);
    const account = await a.gift.create(
      {
        merchantId: seeded.merchantId,
        fingerprint: 'gift-fp',
        accountMasked: '************0001',
        last4: '0001',
        denomination: null,
        pinDigest: null,
        cvDigest: null,
      },
      2_000,
    );
    const load = await a.transactions.insert(newSale(seeded, 1_000), eventOf('issue', 1_000), 1);
    await a.transaction(async (tx) => {
      await tx.gift.setStatus(account.id, 'active', 2_001);
      await tx.gift.post(account.id, load.ttid, 'issue', 1_000, 2_001);
    });
    // Each spend decides from the balance it reads, as the engine's gift host does.
    const spend = (store: ServiceStore): Promise<boolean> =>
      store.transaction(async (tx) => {
        const now = await tx.gift.get(account.id);
        if (now.balance < 300) return false;
        await tx.gift.post(account.id, load.ttid, 'sale', -300, 2_002);
        return true;
      });
    const spent = await Promise.all(Array.from({ length: 12 }, (_, i) => spend(i % 2 ? a : b)));
    expect(spent.filter(Boolean)).toHaveLength(3);
    const ledger = await b.gift.ledger(account.id);
    const sum = ledger.reduce((total, row) => total + row.amount, 0);
    expect((await b.gift.get(account.id)).balance).toBe(100);
    expect(sum).toBe(100);
    expect(ledger.map((row) => row.balanceAfter)).toEqual([1_000, 700, 400, 100]);
  });

  it('settles a batch once when both settle it at once, and numbers the next batch after it', async () => {
    const [a, b] = await pair();
    const seeded = await seedMerchant(a);
    await a.transactions.insert(newSale(seeded, 100), eventOf('sale', 100), 2_000);
    const batch = await b.batches.open(seeded.profileId);
    const settled = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).batches.settle(batch?.id ?? 0, 3_000)),
    );
    expect(settled.filter(Boolean)).toHaveLength(1);
    const opened = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? a : b).transaction((tx) =>
          tx.transactions.insert(newSale(seeded, 10 + i), eventOf('sale', 10 + i), 3_001),
        ),
      ),
    );
    expect(new Set(opened.map((t) => t.batchNumber))).toEqual(new Set([2]));
    expect(opened.map((t) => t.item).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
  });

  it('takes a capture into the next batch when its batch settled before it committed', async () => {
    const [a, b] = await pair();
    const seeded = await seedMerchant(a);
    const first = await a.transactions.insert(newSale(seeded, 100), eventOf('sale', 100), 2_000);
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let attempts = 0;
    const capture = a.transaction(async (tx) => {
      attempts += 1;
      const made = await tx.transactions.insert(newSale(seeded, 200), eventOf('sale', 200), 2_001);
      wrote();
      await released;
      return made;
    });
    await written;
    // The capture holds no lock on its batch until it commits, so the settlement does not wait.
    const batch = await b.batches.open(seeded.profileId);
    expect(await b.batches.settle(batch?.id ?? 0, 3_000)).toBe(true);
    release();
    const made = await capture;
    expect(attempts).toBe(2);
    expect([made.batchNumber, made.item]).toEqual([2, 1]);
    expect((await b.transactions.find(seeded.merchantId, made.ttid))?.state).toBe('captured');
    expect((await b.transactions.find(seeded.merchantId, first.ttid))?.state).toBe('settled');
    expect((await b.batches.totals(batch?.id ?? 0)).count).toBe(1);
  });

  it('hands out distinct ttids, payment ids of one order, and stans across both', async () => {
    const { store: a, again } = await backend.fresh();
    const b = await again();
    open.push(a, b);
    const seeded = await seedMerchant(a);
    const made = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? a : b).transactions.insert(
          newSale(seeded, 100, { orderId: 'shared' }),
          eventOf('sale', 100),
          2_000,
        ),
      ),
    );
    expect(new Set(made.map((t) => t.ttid)).size).toBe(16);
    expect(made.map((t) => Number(t.paymentId)).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    );
    const stans = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).nextStanSeq(seeded.profileId)),
    );
    // Each instance hands out a block of its own: 1-100 to one, 101-200 to the other.
    const blocks = (values: number[]) => new Set(values.map((v) => Math.ceil(v / STAN_BLOCK)));
    expect(new Set(stans).size).toBe(30);
    expect(blocks(stans)).toEqual(new Set([1, 2]));
    expect(blocks(stans.filter((_, i) => i % 2 === 1)).size).toBe(1);
    // A store opened again continues past every block reserved.
    const c = await again();
    open.push(c);
    expect(await c.nextStanSeq(seeded.profileId)).toBe(2 * STAN_BLOCK + 1);
  });

  it('counts failed logins from both into one lock', async () => {
    const [a, b] = await pair();
    const subject = { kind: 'address' as const, subject: '192.0.2.1' };
    const limit = { maxFailures: 10, windowMs: 60_000 };
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).failures.record(subject, limit, 5_000)),
    );
    expect(await a.failures.state(subject)).toEqual({ failures: 10, lockedUntil: 65_000 });
  });

  it('leaves a running instance its records in flight, and claims them once it stops', async () => {
    const [a, b] = await pair();
    const seeded = await seedMerchant(a);
    const { orderId, ...draft } = newSale(seeded, 900, { orderId: 'O-9' });
    const record = await a.inFlight.insert({ ...draft, orderId }, null, 2_000);
    expect(await b.inFlight.findByOrder(seeded.merchantId, 'O-9')).toEqual([record]);
    expect(await b.inFlight.orphans()).toEqual([]);
    await a.close();
    open.splice(open.indexOf(a), 1);
    expect(await b.inFlight.orphans()).toEqual([record]);
  });

  it('keeps an instance its records while it takes its lock again, and fences a takeover', async () => {
    const { store: a, again, location } = await backend.fresh();
    const b = await again();
    open.push(a, b);
    const seeded = await seedMerchant(a);
    const { orderId, ...draft } = newSale(seeded, 900, { orderId: 'O-8' });
    const record = await a.inFlight.insert({ ...draft, orderId }, null, 2_000);
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      const lockOf = (owner: number) =>
        client.query<{ pid: number }>(
          `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted
           AND classid::bigint = $1 AND objid::bigint = $2`,
          [INSTANCE_LOCK_CLASS, owner],
        );
      const { rows } = await client.query<{ owner: string }>(
        'SELECT owner FROM in_flight WHERE id = $1',
        [record.id],
      );
      const owner = Number(rows[0]?.owner);
      // The lock's connection is lost, as on a failover: the lock goes with it.
      await client.query('SELECT pg_terminate_backend($1)', [(await lockOf(owner)).rows[0]?.pid]);
      expect(await b.inFlight.orphans()).toEqual([]);
      while ((await lockOf(owner)).rowCount === 0) await new Promise((r) => setTimeout(r, 100));
      expect(await b.inFlight.orphans()).toEqual([]);
      // Had another instance taken the record over, the outcome's commit is refused.
      await client.query('UPDATE in_flight SET owner = owner + 1 WHERE id = $1', [record.id]);
      await expect(a.transaction((tx) => tx.inFlight.remove(record.id))).rejects.toBeInstanceOf(
        InFlightClaimedError,
      );
      expect(await b.inFlight.findByOrder(seeded.merchantId, 'O-8')).toHaveLength(1);
    } finally {
      await client.end();
    }
  });

  it('reports a lease renewal lost with its connection once, and takes its lock again', async () => {
    const { store, location } = await backend.fresh();
    await store.close();
    const problems: string[] = [];
    const watched = await openServiceStore(parseStoreLocation(location), (problem) =>
      problems.push(problem),
    );
    open.push(watched);
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      const holders = async () =>
        (
          await client.query<{ pid: number }>(
            `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid::bigint = $1
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            [INSTANCE_LOCK_CLASS],
          )
        ).rows.map((row) => row.pid);
      const [first] = await holders();
      await client.query('SELECT pg_terminate_backend($1)', [first]);
      while (problems.length === 0) await new Promise((r) => setTimeout(r, 100));
      while (!(await holders()).some((pid) => pid !== first))
        await new Promise((r) => setTimeout(r, 100));
      expect(problems).toEqual([
        'instance lease not renewed; its lock is taken again at the next renewal',
      ]);
    } finally {
      await client.end();
    }
  });
});
