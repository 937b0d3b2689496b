import type { BatchFilter, BatchRecord, BatchStore, BatchTotals } from '../batch-store.ts';
import type { PgSession } from './pg-session.ts';
import { type BatchRow, batchFromRow } from '../batch-store.ts';

/** The batch a capture enters: its row id and its number. */
export interface PgBatchPlace {
  batchId: number;
  number: number;
}

const OPEN = `SELECT * FROM batches WHERE profile_id = $1 AND status = 'open'`;

/**
 * Batches in PostgreSQL (003_transactions: one open per profile by a partial unique index). A
 * settlement and a capture into the batch meet on the batch's row lock (itemAtCommit).
 */
export class PgBatchStore implements BatchStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async open(profileId: number): Promise<BatchRecord | undefined> {
    const row = await this.#s.get<BatchRow>(OPEN, [profileId]);
    return row === undefined ? undefined : batchFromRow(row);
  }

  async find(profileId: number, number: number): Promise<BatchRecord | undefined> {
    const row = await this.#s.get<BatchRow>(
      'SELECT * FROM batches WHERE profile_id = $1 AND number = $2',
      [profileId, number],
    );
    return row === undefined ? undefined : batchFromRow(row);
  }

  async list(filter: BatchFilter): Promise<BatchRecord[]> {
    const rows = await this.#s.all<BatchRow>(
      `SELECT * FROM batches WHERE profile_id = $1 AND opened_ts >= $2 AND opened_ts <= $3
       AND ($4::bigint IS NULL OR number = $4) AND ($5::text IS NULL OR status = $5)
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
    const groups = await this.#s.all<{ refund: boolean; n: number; total: number }>(
      `SELECT kind = 'refund' AS refund, count(*) AS n, sum(amount)::bigint AS total
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
    return this.#s.write(async (s) => {
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

  /**
   * The profile's open batch, opened now if none is (openBatchClauses), for a capture in the write
   * that runs it; the capture's item is taken with the commit (itemAtCommit).
   */
  async locate(s: PgSession, profileId: number, nowTs: number): Promise<PgBatchPlace> {
    const row = await s.get<{ id: number; number: number }>(
      `WITH ${openBatchClauses('$1::bigint', '$2::bigint', 'true')} SELECT * FROM place`,
      [profileId, nowTs],
    );
    if (row === undefined) throw new Error('batch row vanished inside its own commit');
    return { batchId: row.id, number: row.number };
  }
}

/**
 * The WITH clauses that find a capture's batch without locking it: `place` is the profile's open
 * batch (id, number), or one opened now when none is (two writes opening one at once meet on the
 * partial unique index batches_one_open, and the loser's store transaction runs again); empty
 * unless `when` holds. Placeholders name the statement's parameters: profile id, now, a boolean.
 */
export function openBatchClauses(profile: string, now: string, when: string): string {
  return `found AS (
      SELECT id, number FROM batches WHERE profile_id = ${profile} AND status = 'open' AND ${when}),
    opened AS (
      INSERT INTO batches (profile_id, number, status, item_count, opened_ts)
      SELECT ${profile}, coalesce(max(number), 0) + 1, 'open', 0, ${now}
      FROM batches WHERE profile_id = ${profile}
      HAVING ${when} AND NOT EXISTS (SELECT 1 FROM found)
      RETURNING id, number),
    place AS (SELECT * FROM found UNION ALL SELECT * FROM opened)`;
}
