import type { EngineDatabase } from './statement-cache.ts';
import type { BatchStore } from './batch-store.ts';
import {
  recordFromRow,
  type StatusFlag,
  type TransactionRecord,
  type TransactionRow,
  type TransactionState,
} from './transaction-record.ts';

/**
 * A transaction to create; the store gives it its ttid, its payment_id when it belongs to an
 * order, and its batch item when captured.
 */
export type NewTransaction = Omit<
  TransactionRecord,
  'ttid' | 'paymentId' | 'batchNumber' | 'item' | 'refundedAmount' | 'createdTs' | 'lastModifiedTs'
>;

/** One line of a transaction's history (transaction_events). */
export interface TransactionEvent {
  action: string;
  amount: number | null;
  code: string;
  msoftCode: string;
  phardCode: string | null;
  verbiage: string;
  stan: string | null;
  /** The stan's sequence value, kept per profile so numbering survives a restart. */
  stanSeq: number | null;
  username: string;
}

/** What a move changes on a transaction; a move to captured also places it in a batch. */
export interface TransactionChange {
  state?: TransactionState;
  amount?: number;
  refundedAmount?: number;
  clearCard?: boolean;
  addFlag?: StatusFlag;
  reversalReason?: string;
  echo?: Record<string, string>;
  custom?: Record<string, string>;
  token?: string;
}

/**
 * Sees every transaction written by insert or update, inside the commit that writes it (the gift
 * ledger keeps balances in step with their transactions). Throwing rolls the whole commit back.
 */
export interface TransactionWriteHook {
  /** `before` is null for a new transaction; `action` is the event's (the request's operation). */
  written(
    before: TransactionRecord | null,
    after: TransactionRecord,
    action: string,
    nowTs: number,
  ): void;
}

/** A move found its transaction in another state than it was checked in; nothing was written. */
export class StaleTransactionError extends Error {
  readonly ttid: number;

  constructor(ttid: number) {
    super(`transaction ${ttid} changed state during the move`);
    this.name = 'StaleTransactionError';
    this.ttid = ttid;
  }
}

const SELECT = `SELECT t.*, b.number AS batch_number, o.order_id AS order_id
  FROM transactions t
  LEFT JOIN batches b ON b.id = t.batch_id
  LEFT JOIN orders o ON o.id = t.order_ref`;

/**
 * Transactions and their history. Every method that writes runs in one SQLite transaction (nested
 * calls become savepoints of the caller's), so a transaction and its event, its batch item, its
 * order and its stan counter are committed together or not at all.
 */
export class TransactionStore {
  readonly #db: EngineDatabase;
  readonly #batches: BatchStore;
  readonly #hooks: readonly TransactionWriteHook[];

  /** `hooks` see every write in its commit, in order (the gift ledger, the check entries). */
  constructor(
    db: EngineDatabase,
    batches: BatchStore,
    hooks: readonly TransactionWriteHook[] = [],
  ) {
    this.#db = db;
    this.#batches = batches;
    this.#hooks = hooks;
  }

  /** Runs `work` in one SQLite transaction (a savepoint when already inside one). */
  atomically<T>(work: () => T): T {
    return this.#db.atomically(work);
  }

  /** The merchant's transaction with that ttid. */
  find(merchantId: number, ttid: number): TransactionRecord | undefined {
    const row = this.#db
      .prepare<[number, number], TransactionRow>(`${SELECT} WHERE t.ttid = ? AND t.merchant_id = ?`)
      .get(ttid, merchantId);
    return row === undefined ? undefined : recordFromRow(row);
  }

  /** The merchant's transactions of an order (of one payment when given), oldest first. */
  findByOrder(merchantId: number, orderId: string, paymentId?: string): TransactionRecord[] {
    const byPayment = paymentId === undefined ? '' : ' AND t.payment_id = ?';
    const args: (string | number)[] = [merchantId, orderId];
    if (paymentId !== undefined) args.push(paymentId);
    return this.#db
      .prepare<(string | number)[], TransactionRow>(
        `${SELECT} WHERE t.merchant_id = ? AND o.order_id = ?${byPayment} ORDER BY t.ttid`,
      )
      .all(...args)
      .map(recordFromRow);
  }

  /** Every transaction matching a SQL condition on `t.`/`b.`/`o.` columns, oldest first. */
  select(where: string, args: (string | number | null)[]): TransactionRecord[] {
    return this.#db
      .prepare<(string | number | null)[], TransactionRow>(
        `${SELECT} WHERE ${where} ORDER BY t.ttid`,
      )
      .all(...args)
      .map(recordFromRow);
  }

  /** Creates a transaction with its first event; returns it as stored. */
  insert(txn: NewTransaction, event: TransactionEvent, nowTs: number): TransactionRecord {
    return this.atomically(() => {
      const orderRef =
        txn.orderId === null ? null : this.#orderRef(txn.merchantId, txn.orderId, nowTs);
      const paymentId = orderRef === null ? null : this.#nextPaymentId(orderRef);
      const place = txn.state === 'captured' ? this.#batches.place(txn.profileId, nowTs) : null;
      const ttid = Number(
        this.#db
          .prepare(
            `INSERT INTO transactions (merchant_id, profile_id, user_id, username, kind, state,
              parent_ttid, order_ref, payment_id, req_amount, amount, batch_id, item, code,
              msoft_code, phard_code, verbiage, auth, stan, avs, cv, account_masked, last4,
              cardtype, cardholdername, entry_mode, token, card_sealed, online, status_flags,
              reversal_reason, echo_json, custom_json, created_ts, last_modified_ts, operation,
              gift_account_id, card_fingerprint)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
              ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            txn.merchantId,
            txn.profileId,
            txn.userId,
            txn.username,
            txn.kind,
            txn.state,
            txn.parentTtid,
            orderRef,
            paymentId,
            txn.reqAmount,
            txn.amount,
            place?.batchId ?? null,
            place?.item ?? null,
            txn.code,
            txn.msoftCode,
            txn.phardCode,
            txn.verbiage,
            txn.auth,
            txn.stan,
            txn.avs,
            txn.cv,
            txn.accountMasked,
            txn.last4,
            txn.cardtype,
            txn.cardholdername,
            txn.entryMode,
            txn.token,
            txn.cardSealed,
            txn.online ? 1 : 0,
            txn.statusFlags.join('|'),
            txn.reversalReason,
            JSON.stringify(txn.echo),
            JSON.stringify(txn.custom),
            nowTs,
            nowTs,
            txn.operation,
            txn.giftAccountId,
            txn.cardFingerprint,
          ).lastInsertRowid,
      );
      this.#addEvent(ttid, txn.profileId, event, nowTs);
      const stored = this.#get(ttid);
      for (const hook of this.#hooks) hook.written(null, stored, event.action, nowTs);
      return stored;
    });
  }

  /**
   * Applies a move's change with its event, provided the transaction is still in the state the
   * move was checked in; returns it as stored. Throws StaleTransactionError when it is not, which
   * rolls back the whole commit it is part of.
   */
  update(
    txn: TransactionRecord,
    change: TransactionChange,
    event: TransactionEvent,
    nowTs: number,
  ): TransactionRecord {
    return this.atomically(() => {
      const current = this.#find(txn.ttid);
      if (current?.state !== txn.state) throw new StaleTransactionError(txn.ttid);
      const sets: string[] = ['last_modified_ts = ?'];
      const args: (string | number | null)[] = [nowTs];
      const set = (column: string, value: string | number | null): void => {
        sets.push(`${column} = ?`);
        args.push(value);
      };
      if (change.state !== undefined) set('state', change.state);
      if (change.state === 'captured' && txn.batchNumber === null) {
        const place = this.#batches.place(txn.profileId, nowTs);
        set('batch_id', place.batchId);
        set('item', place.item);
      }
      if (change.amount !== undefined) set('amount', change.amount);
      if (change.refundedAmount !== undefined) set('refunded_amount', change.refundedAmount);
      if (change.clearCard === true) set('card_sealed', null);
      if (change.addFlag !== undefined && !txn.statusFlags.includes(change.addFlag)) {
        set('status_flags', [...txn.statusFlags, change.addFlag].join('|'));
      }
      if (change.reversalReason !== undefined) set('reversal_reason', change.reversalReason);
      if (change.echo !== undefined) set('echo_json', JSON.stringify(change.echo));
      if (change.custom !== undefined) set('custom_json', JSON.stringify(change.custom));
      if (change.token !== undefined) set('token', change.token);
      args.push(txn.ttid);
      this.#db.prepare(`UPDATE transactions SET ${sets.join(', ')} WHERE ttid = ?`).run(...args);
      this.#addEvent(txn.ttid, txn.profileId, event, nowTs);
      const stored = this.#get(txn.ttid);
      for (const hook of this.#hooks) hook.written(current, stored, event.action, nowTs);
      return stored;
    });
  }

  /** Records a move that changed nothing (declined or refused online) in the history. */
  note(txn: TransactionRecord, event: TransactionEvent, nowTs: number): void {
    this.atomically(() => this.#addEvent(txn.ttid, txn.profileId, event, nowTs));
  }

  /**
   * Clears the card data of authorizations created before `beforeTs` (never completed, reversed
   * or voided); they stay authorized. Returns how many were cleared.
   */
  clearStaleCards(beforeTs: number, nowTs: number): number {
    return this.#db
      .prepare(
        `UPDATE transactions SET card_sealed = NULL, last_modified_ts = max(last_modified_ts, ?)
         WHERE state = 'authorized' AND card_sealed IS NOT NULL AND created_ts < ?`,
      )
      .run(nowTs, beforeTs).changes;
  }

  /** The highest stan sequence value committed for the profile (0 before the first). */
  lastStanSeq(profileId: number): number {
    const row = this.#db
      .prepare<[number], { stan_seq: number }>(
        'SELECT stan_seq FROM profile_counters WHERE profile_id = ?',
      )
      .get(profileId);
    return row?.stan_seq ?? 0;
  }

  #find(ttid: number): TransactionRecord | undefined {
    const row = this.#db.prepare<[number], TransactionRow>(`${SELECT} WHERE t.ttid = ?`).get(ttid);
    return row === undefined ? undefined : recordFromRow(row);
  }

  #get(ttid: number): TransactionRecord {
    const txn = this.#find(ttid);
    if (txn === undefined) throw new Error(`transaction ${ttid} vanished inside its own commit`);
    return txn;
  }

  #orderRef(merchantId: number, orderId: string, nowTs: number): number {
    this.#db
      .prepare('INSERT OR IGNORE INTO orders (merchant_id, order_id, created_ts) VALUES (?, ?, ?)')
      .run(merchantId, orderId, nowTs);
    const row = this.#db
      .prepare<[number, string], { id: number }>(
        'SELECT id FROM orders WHERE merchant_id = ? AND order_id = ?',
      )
      .get(merchantId, orderId);
    if (row === undefined) throw new Error('order row vanished inside its own commit');
    return row.id;
  }

  /** Payments of an order are numbered "1", "2", … in the order they are made. */
  #nextPaymentId(orderRef: number): string {
    const row = this.#db
      .prepare<[number], { n: number }>(
        'SELECT count(*) AS n FROM transactions WHERE order_ref = ?',
      )
      .get(orderRef);
    return String((row?.n ?? 0) + 1);
  }

  #addEvent(ttid: number, profileId: number, event: TransactionEvent, nowTs: number): void {
    this.#db
      .prepare(
        `INSERT INTO transaction_events (ttid, action, amount, code, msoft_code, phard_code,
          verbiage, stan, username, ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        ttid,
        event.action,
        event.amount,
        event.code,
        event.msoftCode,
        event.phardCode,
        event.verbiage,
        event.stan,
        event.username,
        nowTs,
      );
    if (event.stanSeq !== null) this.recordStan(profileId, event.stanSeq);
  }

  /**
   * Commits a stan sequence value the profile used (its counter keeps the highest), for a message
   * sent online that creates no transaction (a balance inquiry).
   */
  recordStan(profileId: number, stanSeq: number): void {
    this.#db
      .prepare(
        `INSERT INTO profile_counters (profile_id, stan_seq) VALUES (?, ?)
         ON CONFLICT (profile_id) DO UPDATE SET stan_seq = max(stan_seq, excluded.stan_seq)`,
      )
      .run(profileId, stanSeq);
  }
}
