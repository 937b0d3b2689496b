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
  /**
   * Forgets a record, in the store transaction that commits its outcome. On a store shared by
   * instances, throws InFlightClaimedError when the record is no longer this instance's: another
   * took it over as an orphan and settles it, so this outcome must not be committed.
   */
  remove(id: number): Promise<void>;
}

/** An in-flight record another service instance took over (docs/architecture.md, The store). */
export class InFlightClaimedError extends Error {
  readonly code = 'IN_FLIGHT_CLAIMED';

  constructor(id: number) {
    super(`store: in-flight record ${id} was taken over by another instance, which settles it`);
    this.name = 'InFlightClaimedError';
  }
}
