import { describe, expect, it } from 'vitest';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import { eventOf, newSale, seedMerchant, tracedSqliteStore } from './store-fixture.ts';

const count = (log: readonly string[], sql: string) => log.filter((s) => s === sql).length;

describe('SQLite store transactions of one turn (docs/architecture.md, Group commit)', () => {
  it('share one commit and its flush, each in a savepoint, and answer after the flush', async () => {
    const log: string[] = [];
    const { store } = tracedSqliteStore(log);
    const seeded = await seedMerchant(store);
    log.length = 0;
    const flushes = store.flushes;
    const sales = await Promise.all(
      [1, 2, 3].map((n) =>
        store.transaction((tx) =>
          tx.transactions.insert(newSale(seeded, n), eventOf('sale', n), 9),
        ),
      ),
    );
    expect(count(log, 'BEGIN IMMEDIATE')).toBe(1);
    expect(count(log, 'SAVEPOINT member')).toBe(3);
    expect(count(log, 'COMMIT')).toBe(1);
    expect(store.flushes).toBe(flushes + 1);
    for (const sale of sales) {
      expect(await store.transactions.find(seeded.merchantId, sale.ttid)).toEqual(sale);
    }
    await store.close();
  });

  it('rolls back one that fails alone, and the others of its turn commit', async () => {
    const log: string[] = [];
    const { store, path } = tracedSqliteStore(log);
    const seeded = await seedMerchant(store);
    const refused = new Error('refused halfway');
    const settled = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        store.transaction(async (tx) => {
          const sale = await tx.transactions.insert(newSale(seeded, n), eventOf('sale', n), 9);
          if (n === 2) throw refused;
          return sale;
        }),
      ),
    );
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toBe(refused);
    expect(count(log, 'ROLLBACK TO member')).toBe(1);
    await store.close();
    const again = new SqliteServiceStore(path);
    const kept = await again.transactions.list({
      profileId: seeded.profileId,
      states: ['captured'],
    });
    expect(kept.map((txn) => txn.amount).sort()).toEqual([1, 3]);
    await again.close();
  });

  it('keeps a read outside waiting until the group it would see into has committed', async () => {
    const { store } = tracedSqliteStore([]);
    const seeded = await seedMerchant(store);
    let readDuring: number | undefined;
    const writes = store.transaction(async (tx) => {
      const sale = await tx.transactions.insert(newSale(seeded, 5), eventOf('sale', 5), 9);
      const read = store.transactions.find(seeded.merchantId, sale.ttid);
      void read.then((found) => (readDuring = found?.amount));
      await new Promise((resolve) => setImmediate(resolve));
      expect(readDuring).toBeUndefined();
      return sale;
    });
    const sale = await writes;
    expect(readDuring).toBe(5);
    expect((await store.transactions.find(seeded.merchantId, sale.ttid))?.amount).toBe(5);
    await store.close();
  });
});
