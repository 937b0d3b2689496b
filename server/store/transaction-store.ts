import type { StatusFlag, TransactionRecord, TransactionState } from './transaction-record.ts';

/**
 * A transaction to create; the store gives it its ttid, its payment_id when it belongs to an
 * order (the order's payments numbered "1", "2", … as made), and its batch item when captured.
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

/** A change as written: the transaction as it stood just before and as it stands now. */
export interface TransactionUpdate {
  before: TransactionRecord;
  after: TransactionRecord;
}

/** A move found its transaction in another state than it was checked in; nothing was written. */
export class StaleTransactionError extends Error {
  readonly code = 'STALE_TRANSACTION';
  readonly ttid: number;

  constructor(ttid: number) {
    super(`transaction ${ttid} changed state during the move`);
    this.name = 'StaleTransactionError';
    this.ttid = ttid;
  }
}

/**
 * Which transactions a report lists (docs/test-cards.md, Reports): one profile's, in the given
 * states, created within [createdFrom, createdTo] (Unix seconds, inclusive), and of one batch
 * number, ttid or order id when given.
 */
export interface TransactionFilter {
  profileId: number;
  states: readonly TransactionState[];
  createdFrom?: number;
  createdTo?: number;
  batchNumber?: number;
  ttid?: number;
  orderId?: string;
}

/**
 * What the duplicate check looks for (docs/test-cards.md, duplcheck): an approved, standing
 * transaction of the profile with the same operation, card fingerprint and ordernum (null: none
 * sent), created at or after `since` (Unix seconds), and of the same amount asked when given.
 */
export interface DuplicateQuery {
  profileId: number;
  fingerprint: string;
  /** The operation that would create the new transaction (TransactionOperation). */
  operation: string;
  since: number;
  ordernum: string | null;
  reqAmount?: number;
}

/** Reading transactions (store boundary: any back end, in or out of a store transaction). */
export interface TransactionReads {
  /** The merchant's transaction with that ttid. */
  find(merchantId: number, ttid: number): Promise<TransactionRecord | undefined>;
  /** The merchant's transactions of an order (of one payment when given), oldest first. */
  findByOrder(
    merchantId: number,
    orderId: string,
    paymentId?: string,
  ): Promise<TransactionRecord[]>;
  /** The transactions a report lists, oldest first. */
  list(filter: TransactionFilter): Promise<TransactionRecord[]>;
  /** True when a transaction matching the duplicate check exists. */
  hasDuplicate(query: DuplicateQuery): Promise<boolean>;
  /** The highest stan sequence value committed for the profile (0 before the first). */
  lastStanSeq(profileId: number): Promise<number>;
}

/**
 * Transactions and their history. Each write keeps a transaction, its event, its batch item, its
 * order and its stan counter together: one commit, all or nothing.
 */
export interface TransactionStore extends TransactionReads {
  /** Creates a transaction with its first event; returns it as stored. */
  insert(txn: NewTransaction, event: TransactionEvent, nowTs: number): Promise<TransactionRecord>;
  /**
   * Applies a move's change with its event, provided the transaction is still in the state the
   * move was checked in; else throws StaleTransactionError and writes nothing.
   */
  update(
    txn: TransactionRecord,
    change: TransactionChange,
    event: TransactionEvent,
    nowTs: number,
  ): Promise<TransactionUpdate>;
  /** Records a move that changed nothing (declined or refused online) in the history. */
  note(txn: TransactionRecord, event: TransactionEvent, nowTs: number): Promise<void>;
  /**
   * Clears the card data of authorizations created before `beforeTs` (never completed, reversed
   * or voided); they stay authorized. Returns how many were cleared.
   */
  clearStaleCards(beforeTs: number, nowTs: number): Promise<number>;
  /**
   * Commits a stan sequence value the profile used (its counter keeps the highest), for a message
   * sent online that creates no transaction (a balance inquiry).
   */
  recordStan(profileId: number, stanSeq: number): Promise<void>;
}
