import { SqlArea } from './sql-session.ts';

/** A batch of one profile (docs/interface.md › States and transitions). */
export interface BatchRecord {
  id: number;
  profileId: number;
  number: number;
  status: 'open' | 'settled';
  itemCount: number;
  openedTs: number;
  settledTs: number | null;
}

/** Totals of a batch's live items (captured or settled): sales and preauths, and refunds. */
export interface BatchTotals {
  count: number;
  saleCount: number;
  saleAmount: number;
  refundCount: number;
  refundAmount: number;
}

/**
 * Which batches the batches report lists (docs/test-cards.md, Reports): one profile's, opened
 * within [openedFrom, openedTo] (Unix seconds, inclusive), of one number and of one status when
 * given.
 */
export interface BatchFilter {
  profileId: number;
  openedFrom?: number;
  openedTo?: number;
  number?: number;
  status?: BatchRecord['status'];
}

/** Reading batches (store boundary). */
export interface BatchReads {
  /** The profile's open batch, if one is open. */
  open(profileId: number): Promise<BatchRecord | undefined>;
  /** The profile's batch with that number. */
  find(profileId: number, number: number): Promise<BatchRecord | undefined>;
  /** The batches a report lists, newest first. */
  list(filter: BatchFilter): Promise<BatchRecord[]>;
  /** The totals of a batch, in minor units. */
  totals(batchId: number): Promise<BatchTotals>;
}

/**
 * Batches per profile: numbered 1, 2, 3… in the order they open, one open at a time; a batch
 * opens when the first transaction is captured after the previous one settled (the transaction
 * store places it); items are numbered 1, 2, 3… within a batch in the order they enter it.
 */
export interface BatchStore extends BatchReads {
  /**
   * Settles an open batch: it closes, its captured transactions become settled (txnstatus
   * COMPLETE) and their card data is cleared. False, writing nothing, when it was not open (a
   * settlement raced this one and closed it first).
   */
  settle(batchId: number, nowTs: number): Promise<boolean>;
}

/** A batches row (003_transactions). */
interface BatchRow {
  id: number;
  profile_id: number;
  number: number;
  status: 'open' | 'settled';
  item_count: number;
  opened_ts: number;
  settled_ts: number | null;
}

/** A batch record from its row. */
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

/**
 * Batches in SQL (003_transactions: batches, one open per profile by a partial unique index), the
 * same on every back end; a capture enters its batch through the back end's transaction store.
 * A settlement closes the batch with one conditional UPDATE on a batch still open, so of two
 * racing settlements one closes it.
 */
export class SqlBatchStore extends SqlArea implements BatchStore {
  async open(profileId: number): Promise<BatchRecord | undefined> {
    const row = await this.sql.get<BatchRow>(
      `SELECT * FROM batches WHERE profile_id = $1 AND status = 'open'`,
      [profileId],
    );
    return row === undefined ? undefined : batchFromRow(row);
  }

  async find(profileId: number, number: number): Promise<BatchRecord | undefined> {
    const row = await this.sql.get<BatchRow>(
      'SELECT * FROM batches WHERE profile_id = $1 AND number = $2',
      [profileId, number],
    );
    return row === undefined ? undefined : batchFromRow(row);
  }

  async list(filter: BatchFilter): Promise<BatchRecord[]> {
    const rows = await this.sql.all<BatchRow>(
      `SELECT * FROM batches WHERE profile_id = $1 AND opened_ts >= $2 AND opened_ts <= $3
       AND (CAST($4 AS bigint) IS NULL OR number = $4)
       AND (CAST($5 AS text) IS NULL OR status = $5)
       ORDER BY number DESC`,
      [
        filter.profileId,
        filter.openedFrom ?? Number.MIN_SAFE_INTEGER,
        filter.openedTo ?? Number.MAX_SAFE_INTEGER,
        filter.number ?? null,
        filter.status ?? null,
      ],
    );
    return rows.map(batchFromRow);
  }

  async totals(batchId: number): Promise<BatchTotals> {
    const groups = await this.sql.all<{ refund: boolean | number; n: number; total: number }>(
      `SELECT kind = 'refund' AS refund, count(*) AS n, CAST(sum(amount) AS bigint) AS total
       FROM transactions WHERE batch_id = $1 AND state IN ('captured', 'settled')
       GROUP BY kind = 'refund'`,
      [batchId],
    );
    const totals = { count: 0, saleCount: 0, saleAmount: 0, refundCount: 0, refundAmount: 0 };
    for (const group of groups) {
      totals.count += group.n;
      if (group.refund) {
        totals.refundCount = group.n;
        totals.refundAmount = group.total;
      } else {
        totals.saleCount = group.n;
        totals.saleAmount = group.total;
      }
    }
    return totals;
  }

  settle(batchId: number, nowTs: number): Promise<boolean> {
    return this.sql.write(async (s) => {
      const closed = await s.run(
        `UPDATE batches SET status = 'settled', settled_ts = $1 WHERE id = $2 AND status = 'open'`,
        [nowTs, batchId],
      );
      if (closed === 0) return false;
      await s.run(
        `UPDATE transactions SET state = 'settled', card_sealed = NULL, last_modified_ts = $1
         WHERE batch_id = $2 AND state = 'captured'`,
        [nowTs, batchId],
      );
      return true;
    });
  }
}
