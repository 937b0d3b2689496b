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
import { eventValues, recordFromRow, type TransactionRow } from '../transaction-rows.ts';
import type { PgBatchStore } from './pg-batch-store.ts';
import type { PgSession, PgTxSession, Values } from './pg-session.ts';
import {
  INSERT_TRANSACTION,
  insertValues,
  itemAtCommit,
  PROVISIONAL_ITEM,
  recordStanStatement,
} from './pg-transaction-insert.ts';

const FROM = `FROM transactions t
  LEFT JOIN batches b ON b.id = t.batch_id
  LEFT JOIN orders o ON o.id = t.order_ref`;
const SELECT = `SELECT t.*, b.number AS batch_number, o.order_id AS order_id ${FROM}`;

/**
 * Leaves a capture's item to its commit (itemAtCommit): the record shows none until the store
 * transaction commits, then the item taken.
 */
function itemWithCommit(s: PgTxSession, record: TransactionRecord, batchId: number): void {
  record.item = null;
  s.atCommit(itemAtCommit(batchId, record.ttid), (rows) => {
    record.item = Number(rows[0]?.item);
  });
}

/**
 * Transactions and their history in PostgreSQL (003_transactions, 005_stored_value). A write runs
 * as one transaction, so a transaction and its event, its batch item, its order and its stan
 * counter commit together; a move locks the transaction's row before checking its state, and a
 * new payment locks its order's row before numbering it, so instances never interleave them.
 */
export class PgTransactionStore implements TransactionStore {
  readonly #s: PgSession;
  readonly #batches: PgBatchStore;

  constructor(session: PgSession, batches: PgBatchStore) {
    this.#s = session;
    this.#batches = batches;
  }

  async find(merchantId: number, ttid: number): Promise<TransactionRecord | undefined> {
    const row = await this.#s.get<TransactionRow>(
      `${SELECT} WHERE t.ttid = $1 AND t.merchant_id = $2`,
      [ttid, merchantId],
    );
    return row === undefined ? undefined : recordFromRow(row);
  }

  async findByOrder(
    merchantId: number,
    orderId: string,
    paymentId?: string,
  ): Promise<TransactionRecord[]> {
    const rows = await this.#s.all<TransactionRow>(
      `${SELECT} WHERE t.merchant_id = $1 AND o.order_id = $2
       AND ($3::text IS NULL OR t.payment_id = $3) ORDER BY t.ttid`,
      [merchantId, orderId, paymentId ?? null],
    );
    return rows.map(recordFromRow);
  }

  async list(filter: TransactionFilter): Promise<TransactionRecord[]> {
    const rows = await this.#s.all<TransactionRow>(
      `${SELECT} WHERE t.profile_id = $1 AND t.state = ANY($2::text[])
       AND t.created_ts >= $3 AND t.created_ts <= $4 AND ($5::bigint IS NULL OR b.number = $5)
       AND ($6::bigint IS NULL OR t.ttid = $6) AND ($7::text IS NULL OR o.order_id = $7)
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
    const row = await this.#s.get(
      `SELECT 1 FROM transactions t WHERE t.profile_id = $1 AND t.card_fingerprint = $2
       AND t.operation = $3 AND t.state IN ('authorized', 'captured', 'settled')
       AND t.created_ts >= $4 AND (t.echo_json::jsonb ->> 'ordernum') IS NOT DISTINCT FROM $5
       AND ($6::bigint IS NULL OR t.req_amount = $6) LIMIT 1`,
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
    const row = await this.#s.get<{ stan_seq: number }>(
      'SELECT stan_seq FROM profile_counters WHERE profile_id = $1',
      [profileId],
    );
    return row?.stan_seq ?? 0;
  }

  insert(txn: NewTransaction, event: TransactionEvent, nowTs: number): Promise<TransactionRecord> {
    return this.#s.write(async (s) => {
      const ref =
        txn.orderId === null ? null : await this.#orderRef(s, txn.merchantId, txn.orderId, nowTs);
      const paymentId = ref === null ? null : await this.#nextPaymentId(s, ref);
      const row = await s.get<TransactionRow & { batch_id: number | null }>(
        INSERT_TRANSACTION,
        insertValues(txn, event, { ref, paymentId }, nowTs),
      );
      if (row === undefined) throw new Error('transaction row vanished inside its own commit');
      const record = recordFromRow(row);
      if (row.batch_id !== null) itemWithCommit(s, record, row.batch_id);
      return record;
    });
  }

  update(
    txn: TransactionRecord,
    change: TransactionChange,
    event: TransactionEvent,
    nowTs: number,
  ): Promise<TransactionUpdate> {
    return this.#s.write(async (s) => {
      const locked = await s.get<TransactionRow>(`${SELECT} WHERE t.ttid = $1 FOR UPDATE OF t`, [
        txn.ttid,
      ]);
      const before = locked === undefined ? undefined : recordFromRow(locked);
      if (before?.state !== txn.state) throw new StaleTransactionError(txn.ttid);
      const sets: string[] = [];
      const args: (string | number | null)[] = [];
      const set = (column: string, value: string | number | null): void => {
        args.push(value);
        sets.push(`${column} = $${args.length}`);
      };
      set('last_modified_ts', nowTs);
      if (change.state !== undefined) set('state', change.state);
      const place =
        change.state === 'captured' && before.batchNumber === null
          ? await this.#batches.locate(s, before.profileId, nowTs)
          : undefined;
      if (place !== undefined) {
        set('batch_id', place.batchId);
        set('item', PROVISIONAL_ITEM + txn.ttid);
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
      await s.run(`UPDATE transactions SET ${sets.join(', ')} WHERE ttid = $${args.length}`, args);
      await this.#addEvent(s, txn.ttid, txn.profileId, event, nowTs);
      const after = await this.#get(s, txn.ttid);
      if (place !== undefined) itemWithCommit(s, after, place.batchId);
      return { before, after };
    });
  }

  note(txn: TransactionRecord, event: TransactionEvent, nowTs: number): Promise<void> {
    return this.#s.write((s) => this.#addEvent(s, txn.ttid, txn.profileId, event, nowTs));
  }

  clearStaleCards(beforeTs: number, nowTs: number): Promise<number> {
    return this.#s.run(
      `UPDATE transactions SET card_sealed = NULL,
         last_modified_ts = greatest(last_modified_ts, $1)
       WHERE state = 'authorized' AND card_sealed IS NOT NULL AND created_ts < $2`,
      [nowTs, beforeTs],
    );
  }

  async recordStan(profileId: number, stanSeq: number): Promise<void> {
    await this.#recordStan(this.#s, profileId, stanSeq);
  }

  async #get(s: PgSession, ttid: number): Promise<TransactionRecord> {
    const row = await s.get<TransactionRow>(`${SELECT} WHERE t.ttid = $1`, [ttid]);
    if (row === undefined) throw new Error(`transaction ${ttid} vanished inside its own commit`);
    return recordFromRow(row);
  }

  /** The order's row, created if new, locked until the commit (payments are numbered under it). */
  async #orderRef(
    s: PgSession,
    merchantId: number,
    orderId: string,
    nowTs: number,
  ): Promise<number> {
    await s.run(
      `INSERT INTO orders (merchant_id, order_id, created_ts) VALUES ($1, $2, $3)
       ON CONFLICT (merchant_id, order_id) DO NOTHING`,
      [merchantId, orderId, nowTs],
    );
    const row = await s.get<{ id: number }>(
      'SELECT id FROM orders WHERE merchant_id = $1 AND order_id = $2 FOR UPDATE',
      [merchantId, orderId],
    );
    if (row === undefined) throw new Error('order row vanished inside its own commit');
    return row.id;
  }

  /** Payments of an order are numbered "1", "2", … in the order they are made. */
  async #nextPaymentId(s: PgSession, orderRef: number): Promise<string> {
    const row = await s.get<{ n: number }>(
      'SELECT count(*) AS n FROM transactions WHERE order_ref = $1',
      [orderRef],
    );
    return String((row?.n ?? 0) + 1);
  }

  async #addEvent(
    s: PgSession,
    ttid: number,
    profileId: number,
    event: TransactionEvent,
    nowTs: number,
  ): Promise<void> {
    const values: Values = [ttid, ...eventValues(event), nowTs];
    await s.run(
      `INSERT INTO transaction_events (ttid, action, amount, code, msoft_code, phard_code,
        verbiage, stan, username, ts) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      values,
    );
    if (event.stanSeq !== null) await this.#recordStan(s, profileId, event.stanSeq);
  }

  async #recordStan(s: PgSession, profileId: number, stanSeq: number): Promise<void> {
    await s.run(recordStanStatement('$1', '$2'), [profileId, stanSeq]);
  }
}
