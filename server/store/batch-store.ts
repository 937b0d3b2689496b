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

/** A batches row as both back ends read it (003_transactions). */
export interface BatchRow {
  id: number;
  profile_id: number;
  number: number;
  status: 'open' | 'settled';
  item_count: number;
  opened_ts: number;
  settled_ts: number | null;
}

/** A batch record from its row. */
export function batchFromRow(row: BatchRow): BatchRecord {
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
