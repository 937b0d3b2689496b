import type { NewTransaction } from './transaction-store.ts';

/**
 * What a new transaction in flight will be recorded as if it never completes: everything but its
 * outcome (docs/test-cards.md, In flight).
 */
export type InFlightDraft = Pick<
  NewTransaction,
  | 'merchantId'
  | 'profileId'
  | 'userId'
  | 'username'
  | 'kind'
  | 'operation'
  | 'parentTtid'
  | 'orderId'
  | 'reqAmount'
  | 'accountMasked'
  | 'last4'
  | 'cardtype'
  | 'cardholdername'
  | 'entryMode'
  | 'echo'
  | 'custom'
  | 'cardFingerprint'
>;

/**
 * A new transaction recorded before its message goes online, until its outcome is committed: order
 * lookups meanwhile answer "in progress", and a restart resolves what it left behind.
 */
export interface InFlightRecord {
  id: number;
  draft: InFlightDraft;
  /**
   * The account, sealed by the card vault (purpose "transaction"), when the processor checks the
   * card itself: a restart's reversal of the message carries it.
   */
  cardSealed: Buffer | null;
  createdTs: number;
}

/** Reading in-flight records (store boundary). */
export interface InFlightReads {
  /** The merchant's records of an order, oldest first. */
  findByOrder(merchantId: number, orderId: string): Promise<InFlightRecord[]>;
  /**
   * Records no running service instance is working on, oldest first: at the start of the only
   * instance over a store, every record.
   */
  orphans(): Promise<InFlightRecord[]>;
}

/** New transactions in flight (008_in_flight). */
export interface InFlightStore extends InFlightReads {
  /** Records a transaction going online; returns the record. */
  insert(draft: InFlightDraft, cardSealed: Buffer | null, nowTs: number): Promise<InFlightRecord>;
  /** Forgets a record, in the store transaction that commits its outcome. */
  remove(id: number): Promise<void>;
}
