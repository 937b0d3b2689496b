import { describe, expect, it } from 'vitest';
import { eventOf, newSale, seedMerchant, tracedSqliteStore } from './store-fixture.ts';

/** Indexes on columns most transactions leave empty, holding only the rows that fill them. */
const PARTIAL = {
  transactions_parent: 'parent_ttid IS NOT NULL',
  transactions_gift_account: 'gift_account_id IS NOT NULL',
  transactions_order: 'order_ref IS NOT NULL',
  transactions_card: 'card_fingerprint IS NOT NULL',
  in_flight_order: 'order_id IS NOT NULL',
};

describe('the transactions and in-flight indexes on SQLite (migrations/014_partial_indexes.sql)', () => {
  it('hold only rows with a value, and every lookup the store runs uses an index, not a scan', async () => {
    const log: string[] = [];
    const { store } = tracedSqliteStore(log);
    const db = store.database;
    type Listed = { name: string; partial: number };
    const listed = [
      ...(db.pragma('index_list(transactions)') as Listed[]),
      ...(db.pragma('index_list(in_flight)') as Listed[]),
    ];
    for (const [name, where] of Object.entries(PARTIAL)) {
      expect(listed.find((index) => index.name === name)?.partial).toBe(1);
      const sql = db
        .prepare<[string], string>('SELECT sql FROM sqlite_master WHERE name = ?')
        .pluck()
        .get(name);
      expect(sql).toContain(`WHERE ${where}`);
    }
    const seeded = await seedMerchant(store);
    log.length = 0;
    const sale = await store.transactions.insert(
      newSale(seeded, 100, { orderId: 'O-1' }),
      eventOf('sale', 100),
      2_000,
    );
    await store.transactions.insert(
      newSale(seeded, 50, { orderId: 'O-1' }),
      eventOf('sale', 50),
      2_001,
    );
    expect(
      (await store.transactions.findByOrder(seeded.merchantId, 'O-1')).map((t) => t.ttid),
    ).toEqual([sale.ttid, sale.ttid + 1]);
    expect(await store.transactions.findByOrder(seeded.merchantId, 'O-1', '2')).toHaveLength(1);
    expect(await store.transactions.findByOrder(seeded.merchantId, 'O-2')).toEqual([]);
    const draft = newSale(seeded, 9, { orderId: 'O-3' });
    const flying = await store.inFlight.insert(draft, null, 2_002);
    expect(await store.inFlight.findByOrder(seeded.merchantId, 'O-3')).toEqual([flying]);
    const duplicate = { profileId: seeded.profileId, fingerprint: 'fp-1111', operation: 'sale' };
    expect(
      await store.transactions.hasDuplicate({ ...duplicate, since: 1_999, ordernum: 'A' }),
    ).toBe(true);
    const lookups = log.filter((sql) =>
      /^\s*SELECT\b[\s\S]*\b(transactions|in_flight)\b/i.test(sql),
    );
    expect(lookups.length).toBeGreaterThanOrEqual(5);
    // Lookups a foreign key makes when a parent transaction or a gift account goes.
    lookups.push('SELECT 1 FROM transactions WHERE parent_ttid = 1');
    lookups.push('SELECT 1 FROM transactions WHERE gift_account_id = 1');
    for (const sql of lookups) {
      type Step = { detail: string };
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Step[]).map((s) => s.detail);
      expect(
        plan.filter((step) => /^SCAN (t|transactions|in_flight)\b/.test(step)),
        sql,
      ).toEqual([]);
    }
    await store.close();
  });
});
