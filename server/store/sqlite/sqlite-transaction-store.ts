import type {
  DuplicateQuery,
  NewTransaction,
  TransactionChange,
  TransactionEvent,
  TransactionFilter,
  TransactionStore,
  TransactionUpdate,
} from '../transaction-store.ts';
import { StaleTransactionError } from '../transaction-store.ts';
import type { TransactionRecord } from '../transaction-record.ts';
import type { SqliteBatchStore } from './sqlite-batch-store.ts';
import type { SqliteSession } from './sqlite-session.ts';
import {
  eventValues,
  NEW_TRANSACTION_COLUMNS,
  newTransactionValues,
  recordFromRow,
  type TransactionRow,
} from '../transaction-rows.ts';

const SELECT = `SELECT t.*, b.number AS batch_number, o.order_id AS order_id
  FROM transactions t
  LEFT JOIN batches b ON b.id = t.batch_id
  LEFT JOIN orders o ON o.id = t.order_ref`;

const INSERT = `INSERT INTO transactions (${NEW_TRANSACTION_COLUMNS}, batch_id, item)
  VALUES (${placeholders(38)})`;

/** SQL placeholders for `count` values: "?, ?, ?". */
function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/**
 * Transactions and their history in SQLite (003_transactions, 005_stored_value). Each write is
 * one write of its session, so a transaction and its event, its batch item, its order and its stan
 * counter commit together or not at all.
 */
export class SqliteTransactionStore implements TransactionStore {
  readonly #s: SqliteSession;
  readonly #batches: SqliteBatchStore;

  constructor(session: SqliteSession, batches: SqliteBatchStore) {
    this.#s = session;
    this.#batches = batches;
  }

  find(merchantId: number, ttid: number): Promise<TransactionRecord | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[number, number], TransactionRow>(
          `${SELECT} WHERE t.ttid = ? AND t.merchant_id = ?`,
        )
        .get(ttid, merchantId);
      return row === undefined ? undefined : recordFromRow(row);
    });
  }

  findByOrder(
    merchantId: number,
    orderId: string,
    paymentId?: string,
  ): Promise<TransactionRecord[]> {
    return this.#s.read(() =>
      this.#s
        .prepare<[number, string, string | null, string | null], TransactionRow>(
          `${SELECT} WHERE t.merchant_id = ? AND o.order_id = ? AND (? IS NULL OR t.payment_id = ?)
           ORDER BY t.ttid`,
        )
        .all(merchantId, orderId, paymentId ?? null, paymentId ?? null)
        .map(recordFromRow),
    );
  }

  list(filter: TransactionFilter): Promise<TransactionRecord[]> {
    const sql = `${SELECT} WHERE t.profile_id = ? AND t.state IN (${placeholders(filter.states.length)})
      AND t.created_ts >= ? AND t.created_ts <= ? AND (? IS NULL OR b.number = ?)
      AND (? IS NULL OR t.ttid = ?) AND (? IS NULL OR o.order_id = ?) ORDER BY t.ttid`;
    const batch = filter.batchNumber ?? null;
    const ttid = filter.ttid ?? null;
    const order = filter.orderId ?? null;
    return this.#s.read(() =>
      this.#s
        .prepare<(string | number | null)[], TransactionRow>(sql)
        .all(
          filter.profileId,
          ...filter.states,
          filter.createdFrom ?? Number.MIN_SAFE_INTEGER,
          filter.createdTo ?? Number.MAX_SAFE_INTEGER,
          batch,
          batch,
          ttid,
          ttid,
          order,
          order,
        )
        .map(recordFromRow),
    );
  }

  hasDuplicate(query: DuplicateQuery): Promise<boolean> {
    const amount = query.reqAmount ?? null;
    return this.#s.read(
      () =>
        this.#s
          .prepare(
            `SELECT 1 FROM transactions t WHERE t.profile_id = ? AND t.card_fingerprint = ?
             AND t.operation = ? AND t.state IN ('authorized', 'captured', 'settled')
             AND t.created_ts >= ? AND json_extract(t.echo_json, '$.ordernum') IS ?
             AND (? IS NULL OR t.req_amount = ?) LIMIT 1`,
          )
          .get(
            query.profileId,
            query.fingerprint,
            query.operation,
            query.since,
            query.ordernum,
            amount,
            amount,
          ) !== undefined,
    );
  }

  lastStanSeq(profileId: number): Promise<number> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[number], { stan_seq: number }>(
          'SELECT stan_seq FROM profile_counters WHERE profile_id = ?',
        )
        .get(profileId);
      return row?.stan_seq ?? 0;
    });
  }

  insert(txn: NewTransaction, event: TransactionEvent, nowTs: number): Promise<TransactionRecord> {
    return this.#s.write(() => {
      const orderRef =
        txn.orderId === null ? null : this.#orderRef(txn.merchantId, txn.orderId, nowTs);
      const paymentId = orderRef === null ? null : this.#nextPaymentId(orderRef);
      const place = txn.state === 'captured' ? this.#batches.place(txn.profileId, nowTs) : null;
      const ttid = Number(
        this.#s
          .prepare(INSERT)
          .run(
            ...newTransactionValues(txn, { ref: orderRef, paymentId }, nowTs),
            place?.batchId ?? null,
            place?.item ?? null,
          ).lastInsertRowid,
      );
      this.#addEvent(ttid, txn.profileId, event, nowTs);
      return this.#get(ttid);
    });
  }

  update(
    txn: TransactionRecord,
    change: TransactionChange,
    event: TransactionEvent,
    nowTs: number,
  ): Promise<TransactionUpdate> {
    return this.#s.write(() => {
      const before = this.#find(txn.ttid);
      if (before?.state !== txn.state) throw new StaleTransactionError(txn.ttid);
      const sets: string[] = ['last_modified_ts = ?'];
      const args: (string | number | null)[] = [nowTs];
      const set = (column: string, value: string | number | null): void => {
        sets.push(`${column} = ?`);
        args.push(value);
      };
      if (change.state !== undefined) set('state', change.state);
      if (change.state === 'captured' && before.batchNumber === null) {
        const place = this.#batches.place(before.profileId, nowTs);
        set('batch_id', place.batchId);
        set('item', place.item);
      }
      if (change.amount !== undefined) set('amount', change.amount);
      if (change.refundedAmount !== undefined) set('refunded_amount', change.refundedAmount);
      if (change.clearCard === true) set('card_sealed', null);
      if (change.addFlag !== undefined && !before.statusFlags.includes(change.addFlag)) {
        set('status_flags', [...before.statusFlags, change.addFlag].join('|'));
      }
      if (change.reversalReason !== undefined) set('reversal_reason', change.reversalReason);
      if (change.echo !== undefined) set('echo_json', JSON.stringify(change.echo));
      if (change.custom !== undefined) set('custom_json', JSON.stringify(change.custom));
      if (change.token !== undefined) set('token', change.token);
      args.push(txn.ttid);
      this.#s.prepare(`UPDATE transactions SET ${sets.join(', ')} WHERE ttid = ?`).run(...args);
      this.#addEvent(txn.ttid, txn.profileId, event, nowTs);
      return { before, after: this.#get(txn.ttid) };
    });
  }

  note(txn: TransactionRecord, event: TransactionEvent, nowTs: number): Promise<void> {
    return this.#s.write(() => this.#addEvent(txn.ttid, txn.profileId, event, nowTs));
  }

  clearStaleCards(beforeTs: number, nowTs: number): Promise<number> {
    return this.#s.write(
      () =>
        this.#s
          .prepare(
            `UPDATE transactions SET card_sealed = NULL, last_modified_ts = max(last_modified_ts, ?)
             WHERE state = 'authorized' AND card_sealed IS NOT NULL AND created_ts < ?`,
          )
          .run(nowTs, beforeTs).changes,
    );
  }

  recordStan(profileId: number, stanSeq: number): Promise<void> {
    return this.#s.write(() => this.#recordStan(profileId, stanSeq));
  }

  #find(ttid: number): TransactionRecord | undefined {
    const row = this.#s.prepare<[number], TransactionRow>(`${SELECT} WHERE t.ttid = ?`).get(ttid);
    return row === undefined ? undefined : recordFromRow(row);
  }

  #get(ttid: number): TransactionRecord {
    const txn = this.#find(ttid);
    if (txn === undefined) throw new Error(`transaction ${ttid} vanished inside its own commit`);
    return txn;
  }

  #orderRef(merchantId: number, orderId: string, nowTs: number): number {
    this.#s
      .prepare('INSERT OR IGNORE INTO orders (merchant_id, order_id, created_ts) VALUES (?, ?, ?)')
      .run(merchantId, orderId, nowTs);
    const row = this.#s
      .prepare<[number, string], { id: number }>(
        'SELECT id FROM orders WHERE merchant_id = ? AND order_id = ?',
      )
      .get(merchantId, orderId);
    if (row === undefined) throw new Error('order row vanished inside its own commit');
    return row.id;
  }

  /** Payments of an order are numbered "1", "2", … in the order they are made. */
  #nextPaymentId(orderRef: number): string {
    const row = this.#s
      .prepare<[number], { n: number }>(
        'SELECT count(*) AS n FROM transactions WHERE order_ref = ?',
      )
      .get(orderRef);
    return String((row?.n ?? 0) + 1);
  }

  #addEvent(ttid: number, profileId: number, event: TransactionEvent, nowTs: number): void {
    this.#s
      .prepare(
        `INSERT INTO transaction_events (ttid, action, amount, code, msoft_code, phard_code,
          verbiage, stan, username, ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(ttid, ...eventValues(event), nowTs);
    if (event.stanSeq !== null) this.#recordStan(profileId, event.stanSeq);
  }

  #recordStan(profileId: number, stanSeq: number): void {
    this.#s
      .prepare(
        `INSERT INTO profile_counters (profile_id, stan_seq) VALUES (?, ?)
         ON CONFLICT (profile_id) DO UPDATE SET stan_seq = max(stan_seq, excluded.stan_seq)`,
      )
      .run(profileId, stanSeq);
  }
}
