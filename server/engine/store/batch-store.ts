import type { EngineDatabase } from './statement-cache.ts';

/** A batch of one profile (seed: "in a batch, eligible for settlement"). */
export interface BatchRecord {
  id: number;
  profileId: number;
  number: number;
  status: 'open' | 'settled';
  itemCount: number;
  openedTs: number;
  settledTs: number | null;
}

interface BatchRow {
  id: number;
  profile_id: number;
  number: number;
  status: 'open' | 'settled';
  item_count: number;
  opened_ts: number;
  settled_ts: number | null;
}

function batchFromRow(row: BatchRow): BatchRecord {
  return {
    id: row.id,
    profileId: row.profile_id,
    number: row.number,
    status: row.status,
    itemCount: row.item_count,
    openedTs: row.opened_ts,
    settledTs: row.settled_ts,
  };
}

/** Totals of a batch's live items (captured or settled): sales and preauths, and refunds. */
export interface BatchTotals {
  count: number;
  saleCount: number;
  saleAmount: number;
  refundCount: number;
  refundAmount: number;
}

/** A batch position given to a transaction entering a batch. */
export interface BatchPlace {
  batchId: number;
  number: number;
  item: number;
}

/**
 * Batches per profile: numbered 1, 2, 3… in the order they open, one open at a time; a batch
 * opens when the first transaction is captured after the previous one settled; items are
 * numbered 1, 2, 3… within a batch in the order they enter it.
 */
export class BatchStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** The profile's open batch, if one is open. */
  open(profileId: number): BatchRecord | undefined {
    const row = this.#db
      .prepare<[number], BatchRow>(`SELECT * FROM batches WHERE profile_id = ? AND status = 'open'`)
      .get(profileId);
    return row === undefined ? undefined : batchFromRow(row);
  }

  /** The profile's batch with that number. */
  find(profileId: number, number: number): BatchRecord | undefined {
    const row = this.#db
      .prepare<[number, number], BatchRow>(
        'SELECT * FROM batches WHERE profile_id = ? AND number = ?',
      )
      .get(profileId, number);
    return row === undefined ? undefined : batchFromRow(row);
  }

  /** The profile's batches matching extra SQL conditions on batches' columns, newest first. */
  list(profileId: number, filter: { where: string[]; args: (string | number)[] }): BatchRecord[] {
    const where = ['profile_id = ?', ...filter.where].join(' AND ');
    return this.#db
      .prepare<(string | number)[], BatchRow>(
        `SELECT * FROM batches WHERE ${where} ORDER BY number DESC`,
      )
      .all(profileId, ...filter.args)
      .map(batchFromRow);
  }

  /** The next item of the profile's open batch, opening a batch first if none is open. */
  place(profileId: number, nowTs: number): BatchPlace {
    let batch = this.open(profileId);
    if (batch === undefined) {
      const last = this.#db
        .prepare<[number], { n: number | null }>(
          'SELECT max(number) AS n FROM batches WHERE profile_id = ?',
        )
        .get(profileId);
      const number = (last?.n ?? 0) + 1;
      const id = this.#db
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
    this.#db.prepare('UPDATE batches SET item_count = ? WHERE id = ?').run(item, batch.id);
    return { batchId: batch.id, number: batch.number, item };
  }

  /** The totals of a batch, in minor units. */
  totals(batchId: number): BatchTotals {
    const groups = this.#db
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
  }

  /**
   * Settles a batch: the batch closes, its captured transactions become settled (txnstatus
   * COMPLETE) and their card data is cleared. The caller wraps it in its SQLite transaction.
   */
  settle(batchId: number, nowTs: number): void {
    this.#db
      .prepare(`UPDATE batches SET status = 'settled', settled_ts = ? WHERE id = ?`)
      .run(nowTs, batchId);
    this.#db
      .prepare(
        `UPDATE transactions SET state = 'settled', card_sealed = NULL, last_modified_ts = ?
         WHERE batch_id = ? AND state = 'captured'`,
      )
      .run(nowTs, batchId);
  }
}
