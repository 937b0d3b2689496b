/** The ACH return a check came back with (detail: return_code, return_reason, return_ts). */
export interface CheckReturnRecord {
  code: string;
  reason: string;
  /** Unix seconds. */
  ts: number;
}

/** One check's entry as kept (009_checks, check_entries). */
export interface CheckRecord {
  ttid: number;
  /** The merchant of its transaction. */
  merchantId: number;
  abaroute: string;
  accounttype: string;
  /** The account sealed by the card vault (purpose check), until its return time has passed. */
  accountSealed: Buffer | null;
  /** Unix seconds; null until its batch settles. */
  returnDueTs: number | null;
  returned: CheckReturnRecord | null;
}

/** Reading check entries (store boundary). */
export interface CheckReads {
  /** The check entry of a transaction, or undefined when it is not a check. */
  find(ttid: number): Promise<CheckRecord | undefined>;
  /** Settled checks whose return time has come (at or before nowTs) and still open, oldest first. */
  due(nowTs: number): Promise<CheckRecord[]>;
  /** The earliest return time of a settled check still open, Unix seconds; undefined when none. */
  nextDueTs(): Promise<number | undefined>;
}

/**
 * Checks' bank accounts and their ACH returns (docs/test-cards.md, Checks). A check's sealed
 * account is dropped once its return time has passed, when it comes back, and in the store
 * transaction that voids or reverses it.
 */
export interface CheckStore extends CheckReads {
  /** Keeps an approved check's entry; call in the store transaction that records the check. */
  insert(ttid: number, abaroute: string, accounttype: string, accountSealed: Buffer): Promise<void>;
  /**
   * Sets `dueTs` as the return time of the checks of batch `batchId` now settled that still hold
   * their account and have none yet; call in the settlement's store transaction. Returns how many.
   */
  settled(batchId: number, dueTs: number): Promise<number>;
  /**
   * Closes a check still open (holding its account), dropping its account: it came back with
   * `returned`, or (null) stands. Returns false, writing nothing, when it was closed before, so of
   * callers racing to close one check one does.
   */
  close(ttid: number, returned: CheckReturnRecord | null): Promise<boolean>;
  /** Drops the account of a check voided or reversed, in the store transaction that cancels it. */
  dropAccount(ttid: number): Promise<void>;
}
