import { describe, expect, it } from 'vitest';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import { newSale, seedMerchant, tracedSqliteStore } from './store-fixture.ts';

const counts = (log: readonly string[]) => ({
  begins: log.filter((sql) => sql === 'BEGIN IMMEDIATE').length,
  inserts: log.filter((sql) => sql.startsWith('INSERT INTO in_flight')).length,
  savepoints: log.filter((sql) => sql.startsWith('SAVEPOINT')).length,
  commits: log.filter((sql) => sql === 'COMMIT').length,
});

describe('SQLite in-flight records (docs/architecture.md, In flight)', () => {
  it('commits the inserts of one turn together, without savepoints, each once that commit is flushed', async () => {
    const log: string[] = [];
    const { store } = tracedSqliteStore(log);
    const seeded = await seedMerchant(store);
    log.length = 0;
    const flushesBefore = store.flushes;
    const records = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        store.inFlight.insert(newSale(seeded, n, { orderId: `O-${n}` }), null, 5),
      ),
    );
    expect(counts(log)).toEqual({ begins: 1, inserts: 4, savepoints: 0, commits: 1 });
    expect(store.flushes).toBe(flushesBefore + 1);
    for (const record of records) {
      const orderId = record.draft.orderId ?? '';
      expect(await store.inFlight.findByOrder(seeded.merchantId, orderId)).toEqual([record]);
    }
    log.length = 0;
    await store.inFlight.insert(newSale(seeded, 5, { orderId: 'O-5' }), null, 6);
    await store.inFlight.insert(newSale(seeded, 6, { orderId: 'O-6' }), null, 6);
    expect(counts(log)).toEqual({ begins: 2, inserts: 2, savepoints: 0, commits: 2 });
    log.length = 0;
    const [inserted] = await Promise.all([
      store.inFlight.insert(newSale(seeded, 7, { orderId: 'O-7' }), null, 7),
      store.transaction((tx) => tx.inFlight.remove(records[0]?.id ?? 0)),
    ]);
    expect(counts(log)).toEqual({ begins: 1, inserts: 1, savepoints: 1, commits: 1 });
    expect(await store.inFlight.isInFlight(inserted.id)).toBe(true);
    expect(await store.inFlight.isInFlight(records[0]?.id ?? 0)).toBe(false);
    await store.close();
  });

  it('refuses an insert its constraints refuse alone, and commits the rest of its turn', async () => {
    const log: string[] = [];
    const { store, path } = tracedSqliteStore(log);
    const seeded = await seedMerchant(store);
    const unknown = { ...seeded, merchantId: seeded.merchantId + 99 };
    const settled = await Promise.allSettled([
      store.inFlight.insert(newSale(seeded, 1, { orderId: 'K-1' }), null, 5),
      store.inFlight.insert(newSale(unknown, 2, { orderId: 'K-2' }), null, 5),
      store.inFlight.insert(newSale(seeded, 3, { orderId: 'K-3' }), null, 5),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
    });
    await store.close();
    const again = new SqliteServiceStore(path);
    const orphans = await again.inFlight.orphans();
    expect(orphans.map((record) => record.draft.orderId)).toEqual(['K-1', 'K-3']);
    expect(orphans).toEqual(settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])));
    await again.close();
  });
});
