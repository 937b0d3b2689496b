// Transactions and their history in SQL, the same on every back end but for how a capture enters
// its batch and how a new transaction is inserted (docs/architecture.md, The store).
import { SqlArea, type SqlSession, type SqlValues } from './sql-session.ts';
import type { TransactionRecord } from './transaction-record.ts';
import { changeAssignments, recordStanSql, type Assignment } from './transaction-change-sql.ts';
import { eventValues, recordFromRow, type TransactionRow } from './transaction-rows.ts';
import {
  StaleTransactionError,
  type DuplicateQuery,
  type NewTransaction,
  type TransactionChange,
  type TransactionEvent,
  type TransactionFilter,
  type TransactionStore,
  type TransactionUpdate,
} from './transaction-store.ts';

/** A transaction joined with its batch number and order id, as TransactionRow. */
export const SELECT_TRANSACTION = `SELECT t.*, b.number AS batch_number, o.order_id AS order_id
  FROM transactions t
  LEFT JOIN batches b ON b.id = t.batch_id
  LEFT JOIN orders o ON o.id = t.order_ref`;

/**
 * How a capture enters its batch, as a back end does it: the columns to write (batch_id, item) and
 * what to do with the transaction as it stands after the change, before the change resolves.
 */
export interface CapturePlace {
  readonly assignments: readonly Assignment[];
  readonly placed?: (after: TransactionRecord) => void;
}

/**
 * Transactions and their history in SQL (003_transactions, 005_stored_value). A write runs as one
 * change, so a transaction and its event, its batch item, its order and its stan counter commit
 * together; a move locks the transaction's row before checking its state, and a new payment
 * locks its order's row before numbering it, so instances never interleave them. A back end
 * supplies the insert of a new transaction and the placing of a capture in its batch.
 */
export abstract class SqlTransactionStore extends SqlArea implements TransactionStore {
  /** Creates a transaction with its first event; returns it as stored. */
  abstract insert(
    txn: NewTransaction,
    event: TransactionEvent,
    nowTs: number,
  ): Promise<TransactionRecord>;

  /** Places a transaction captured by a move in its profile's open batch, inside the move. */
  protected abstract placeCapture(
    s: SqlSession,
    txn: TransactionRecord,
    nowTs: number,
  ): Promise<CapturePlace>;

  async find(merchantId: number, ttid: number): Promise<TransactionRecord | undefined> {
    const row = await this.sql.get<TransactionRow>(
      `${SELECT_TRANSACTION} WHERE t.ttid = $1 AND t.merchant_id = $2`,
      [ttid, merchantId],
    );
    return row === undefined ? undefined : recordFromRow(row);
  }

  async findByOrder(
    merchantId: number,
    orderId: string,
    paymentId?: string,
  ): Promise<TransactionRecord[]> {
    // By its order's row, so the lookup goes through transactions_order, not a scan.
    const rows = await this.sql.all<TransactionRow>(
      `${SELECT_TRANSACTION} WHERE t.merchant_id = $1
       AND t.order_ref = (SELECT id FROM orders WHERE merchant_id = $1 AND order_id = $2)
       AND (CAST($3 AS text) IS NULL OR t.payment_id = $3) ORDER BY t.ttid`,
      [merchantId, orderId, paymentId ?? null],
    );
    return rows.map(recordFromRow);
  }

  async list(filter: TransactionFilter): Promise<TransactionRecord[]> {
    const rows = await this.sql.all<TransactionRow>(
      `${SELECT_TRANSACTION} WHERE t.profile_id = $1
       AND t.state IN (SELECT value FROM ${this.sql.dialect.eachText('$2')})
       AND t.created_ts >= $3 AND t.created_ts <= $4
       AND (CAST($5 AS bigint) IS NULL OR b.number = $5)
       AND (CAST($6 AS bigint) IS NULL OR t.ttid = $6)
       AND (CAST($7 AS text) IS NULL OR o.order_id = $7)
       ORDER BY t.ttid`,
      [
        filter.profileId,
        [...filter.states],
        filter.createdFrom ?? Number.MIN_SAFE_INTEGER,
        filter.createdTo ?? Number.MAX_SAFE_INTEGER,
        filter.batchNumber ?? null,
        filter.ttid ?? null,
        filter.orderId ?? null,
      ],
    );
    return rows.map(recordFromRow);
  }

  async hasDuplicate(query: DuplicateQuery): Promise<boolean> {
    const ordernum = this.sql.dialect.jsonText('t.echo_json', 'ordernum');
    const row = await this.sql.get(
      `SELECT 1 FROM transactions t WHERE t.profile_id = $1 AND t.card_fingerprint = $2
       AND t.operation = $3 AND t.state IN ('authorized', 'captured', 'settled')
       AND t.created_ts >= $4 AND ${ordernum} IS NOT DISTINCT FROM CAST($5 AS text)
       AND (CAST($6 AS bigint) IS NULL OR t.req_amount = $6) LIMIT 1`,
      [
        query.profileId,
        query.fingerprint,
        query.operation,
        query.since,
        query.ordernum,
        query.reqAmount ?? null,
      ],
    );
    return row !== undefined;
  }

  async lastStanSeq(profileId: number): Promise<number> {
    const row = await this.sql.get<{ stan_seq: number }>(
      'SELECT stan_seq FROM profile_counters WHERE profile_id = $1',
      [profileId],
    );
    return row?.stan_seq ?? 0;
  }

  update(
    txn: TransactionRecord,
    change: TransactionChange,
    event: TransactionEvent,
    nowTs: number,
  ): Promise<TransactionUpdate> {
    return this.sql.write(async (s) => {
      const locked = await s.get<TransactionRow>(
        `${SELECT_TRANSACTION} WHERE t.ttid = $1${s.dialect.lockOf('t')}`,
        [txn.ttid],
      );
      const before = locked === undefined ? undefined : recordFromRow(locked);
      if (before?.state !== txn.state) throw new StaleTransactionError(txn.ttid);
      const sets = changeAssignments(before, change, nowTs);
      const place =
        change.state === 'captured' && before.batchNumber === null
          ? await this.placeCapture(s, before, nowTs)
          : undefined;
      sets.push(...(place?.assignments ?? []));
      const values: SqlValues = [...sets.map(([, value]) => value), txn.ttid];
      const columns = sets.map(([column], index) => `${column} = $${index + 1}`).join(', ');
      await s.run(`UPDATE transactions SET ${columns} WHERE ttid = $${values.length}`, values);
      await this.addEvent(s, txn.ttid, txn.profileId, event, nowTs);
      const after = await this.getIn(s, txn.ttid);
      place?.placed?.(after);
      return { before, after };
    });
  }

  note(txn: TransactionRecord, event: TransactionEvent, nowTs: number): Promise<void> {
    return this.sql.write((s) => this.addEvent(s, txn.ttid, txn.profileId, event, nowTs));
  }

  clearStaleCards(beforeTs: number, nowTs: number): Promise<number> {
    const modified = this.sql.dialect.greatest('last_modified_ts', '$1');
    return this.sql.run(
      `UPDATE transactions SET card_sealed = NULL, last_modified_ts = ${modified}
       WHERE state = 'authorized' AND card_sealed IS NOT NULL AND created_ts < $2`,
      [nowTs, beforeTs],
    );
  }

  async recordStan(profileId: number, stanSeq: number): Promise<void> {
    await this.sql.run(recordStanSql(this.sql.dialect, '$1', '$2'), [profileId, stanSeq]);
  }

  /** The transaction with that ttid, read inside a change that made or moved it. */
  protected async getIn(s: SqlSession, ttid: number): Promise<TransactionRecord> {
    const row = await s.get<TransactionRow>(`${SELECT_TRANSACTION} WHERE t.ttid = $1`, [ttid]);
    if (row === undefined) throw new Error(`transaction ${ttid} vanished inside its own commit`);
    return recordFromRow(row);
  }

  /**
   * A new transaction's order: its row (created if new, locked until the commit, so payments are
   * numbered under it) and the payment id it gets ("1", "2", … in the order they are made).
   */
  protected async orderOf(
    s: SqlSession,
    txn: NewTransaction,
    nowTs: number,
  ): Promise<{ ref: number | null; paymentId: string | null }> {
    if (txn.orderId === null) return { ref: null, paymentId: null };
    await s.run(
      `INSERT INTO orders (merchant_id, order_id, created_ts) VALUES ($1, $2, $3)
       ON CONFLICT (merchant_id, order_id) DO NOTHING`,
      [txn.merchantId, txn.orderId, nowTs],
    );
    const order = await s.get<{ id: number }>(
      `SELECT id FROM orders WHERE merchant_id = $1 AND order_id = $2${s.lock}`,
      [txn.merchantId, txn.orderId],
    );
    if (order === undefined) throw new Error('order row vanished inside its own commit');
    const paid = await s.get<{ n: number }>(
      'SELECT count(*) AS n FROM transactions WHERE order_ref = $1',
      [order.id],
    );
    return { ref: order.id, paymentId: String((paid?.n ?? 0) + 1) };
  }

  /** Adds a line to a transaction's history, noting its stan for the profile. */
  protected async addEvent(
    s: SqlSession,
    ttid: number,
    profileId: number,
    event: TransactionEvent,
    nowTs: number,
  ): Promise<void> {
    await s.run(
      `INSERT INTO transaction_events (ttid, action, amount, code, msoft_code, phard_code,
        verbiage, stan, username, ts) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [ttid, ...eventValues(event), nowTs],
    );
    if (event.stanSeq !== null) {
      await s.run(recordStanSql(s.dialect, '$1', '$2'), [profileId, event.stanSeq]);
    }
  }
}
