import type { BatchFilter, BatchRecord, BatchStore, BatchTotals } from '../batch-store.ts';
import type { SqliteSession } from './sqlite-session.ts';
import { type BatchRow, batchFromRow } from '../batch-store.ts';

/** A batch position given to a transaction entering a batch. */
export interface BatchPlace {
  batchId: number;
  number: number;
  item: number;
}

/** Batches in SQLite (003_transactions: batches, one open per profile by a partial index). */
export class SqliteBatchStore implements BatchStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  open(profileId: number): Promise<BatchRecord | undefined> {
    return this.#s.read(() => this.#open(profileId));
  }

  find(profileId: number, number: number): Promise<BatchRecord | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[number, number], BatchRow>(
          'SELECT * FROM batches WHERE profile_id = ? AND number = ?',
        )
        .get(profileId, number);
      return row === undefined ? undefined : batchFromRow(row);
    });
  }

  list(filter: BatchFilter): Promise<BatchRecord[]> {
    return this.#s.read(() =>
      this.#s
        .prepare<[number, number, number, number, number, string, string], BatchRow>(
          `SELECT * FROM batches WHERE profile_id = ? AND opened_ts >= ? AND opened_ts <= ?
           AND (? < 0 OR number = ?) AND (? = '' OR status = ?) ORDER BY number DESC`,
        )
        .all(
          filter.profileId,
          filter.openedFrom ?? Number.MIN_SAFE_INTEGER,
          filter.openedTo ?? Number.MAX_SAFE_INTEGER,
          filter.number ?? -1,
          filter.number ?? -1,
          filter.status ?? '',
          filter.status ?? '',
        )
        .map(batchFromRow),
    );
  }

  totals(batchId: number): Promise<BatchTotals> {
    return this.#s.read(() => {
      const groups = this.#s
        .prepare<[number], { kind: string; n: number; total: number }>(
          `SELECT kind, count(*) AS n, sum(amount) AS total FROM transactions
           WHERE batch_id = ? AND state IN ('captured', 'settled') GROUP BY kind = 'refund'`,
        )
        .all(batchId);
      const totals = { count: 0, saleCount: 0, saleAmount: 0, refundCount: 0, refundAmount: 0 };
      for (const group of groups) {
        totals.count += group.n;
        if (group.kind === 'refund') {
          totals.refundCount = group.n;
          totals.refundAmount = group.total;
        } else {
          totals.saleCount = group.n;
          totals.saleAmount = group.total;
        }
      }
      return totals;
    });
  }

  settle(batchId: number, nowTs: number): Promise<boolean> {
    return this.#s.write(() => {
      const closed = this.#s
        .prepare(
          `UPDATE batches SET status = 'settled', settled_ts = ? WHERE id = ? AND status = 'open'`,
        )
        .run(nowTs, batchId).changes;
      if (closed === 0) return false;
      this.#s
        .prepare(
          `UPDATE transactions SET state = 'settled', card_sealed = NULL, last_modified_ts = ?
           WHERE batch_id = ? AND state = 'captured'`,
        )
        .run(nowTs, batchId);
      return true;
    });
  }

  /**
   * The next item of the profile's open batch, opening a batch first if none is open; the caller
   * runs it inside the write that captures the transaction.
   */
  place(profileId: number, nowTs: number): BatchPlace {
    let batch = this.#open(profileId);
    if (batch === undefined) {
      const last = this.#s
        .prepare<[number], { n: number | null }>(
          'SELECT max(number) AS n FROM batches WHERE profile_id = ?',
        )
        .get(profileId);
      const number = (last?.n ?? 0) + 1;
      const id = this.#s
        .prepare(
          `INSERT INTO batches (profile_id, number, status, item_count, opened_ts)
           VALUES (?, ?, 'open', 0, ?)`,
        )
        .run(profileId, number, nowTs).lastInsertRowid;
      batch = {
        id: Number(id),
        profileId,
        number,
        status: 'open',
        itemCount: 0,
        openedTs: nowTs,
        settledTs: null,
      };
    }
    const item = batch.itemCount + 1;
    this.#s.prepare('UPDATE batches SET item_count = ? WHERE id = ?').run(item, batch.id);
    return { batchId: batch.id, number: batch.number, item };
  }

  #open(profileId: number): BatchRecord | undefined {
    const row = this.#s
      .prepare<[number], BatchRow>(`SELECT * FROM batches WHERE profile_id = ? AND status = 'open'`)
      .get(profileId);
    return row === undefined ? undefined : batchFromRow(row);
  }
}
