import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import { eventOf, newSale, seedMerchant, tracedSqliteStore } from './store-fixture.ts';

/** A check of a column against a list of more than two words, which SQLite builds a b-tree for. */
const LONG_LIST = /\bIN\s*\(\s*'[^']*'\s*,\s*'[^']*'\s*,/i;

/** The transactions table's rows, its history's rows and its indexes. */
function snapshot(db: Database.Database) {
  return {
    transactions: db.prepare('SELECT * FROM transactions ORDER BY ttid').all(),
    events: db.prepare('SELECT * FROM transaction_events ORDER BY id').all(),
    indexes: db
      .prepare("SELECT name, sql FROM sqlite_schema WHERE tbl_name = 'transactions' ORDER BY name")
      .all(),
  };
}

describe('the transactions table on SQLite (migrations/015_sqlite_check_lists.sql)', () => {
  it('checks its word lists without a temporary b-tree per insert, and still refuses what they refuse', async () => {
    const log: string[] = [];
    const { store } = tracedSqliteStore(log);
    const db = store.database;
    const table = db
      .prepare<[], string>("SELECT sql FROM sqlite_schema WHERE name = 'transactions'")
      .pluck()
      .get();
    expect(table).not.toMatch(LONG_LIST);
    const seeded = await seedMerchant(store);
    log.length = 0;
    const sale = await store.transactions.insert(newSale(seeded, 100), eventOf('sale', 100), 9);
    const insert = log.find((sql) => sql.startsWith('INSERT INTO transactions '));
    type Op = { opcode: string };
    const ops = (db.prepare(`EXPLAIN ${insert}`).all() as Op[]).map((op) => op.opcode);
    expect(ops).toContain('Insert');
    expect(ops).not.toContain('OpenEphemeral');
    const set = (column: string, value: string) =>
      db.prepare(`UPDATE transactions SET ${column} = ? WHERE ttid = ?`).run(value, sale.ttid);
    expect(() => set('kind', 'payout')).toThrow(/CHECK constraint failed/);
    expect(() => set('state', 'lost')).toThrow(/CHECK constraint failed/);
    expect(() => set('operation', 'payout')).toThrow(/CHECK constraint failed/);
    expect(() => set('kind', 'refund')).not.toThrow();
    expect(() => set('state', 'authorized')).toThrow(/CHECK constraint failed/);
    await store.close();
  });

  it('keeps every row, the ttid sequence and the rows referring to transactions when it rebuilds the table', async () => {
    const { store, path } = tracedSqliteStore([]);
    const seeded = await seedMerchant(store);
    const sale = await store.transactions.insert(
      newSale(seeded, 500, { orderId: 'O-1' }),
      eventOf('sale', 500, 1),
      9,
    );
    await store.transactions.insert(
      newSale(seeded, 200, { kind: 'refund', operation: 'refund', parentTtid: sale.ttid }),
      eventOf('refund', 200, 2),
      10,
    );
    const last = await store.transactions.insert(newSale(seeded, 7), eventOf('sale', 7, 3), 11);
    const db = store.database;
    db.prepare('DELETE FROM transaction_events WHERE ttid = ?').run(last.ttid);
    db.prepare('DELETE FROM transactions WHERE ttid = ?').run(last.ttid);
    const before = snapshot(db);
    db.pragma('user_version = 14');
    await store.close();
    const again = new SqliteServiceStore(path);
    const after = snapshot(again.database);
    expect(after).toEqual(before);
    expect(before.transactions).toHaveLength(2);
    expect(again.database.pragma('foreign_key_check')).toEqual([]);
    const next = await again.transactions.insert(newSale(seeded, 8), eventOf('sale', 8, 4), 12);
    expect(next.ttid).toBe(last.ttid + 1);
    await again.close();
  });
});
