/** A gift card of a merchant (005_stored_value); the card number itself is never kept. */
export interface GiftAccount {
  id: number;
  merchantId: number;
  /** Keyed fingerprint of the card number (CardVault.fingerprint). */
  fingerprint: string;
  accountMasked: string;
  last4: string;
  status: 'inactive' | 'active';
  /** The value printed on a denominated card, minor units; null for a non-denominated card. */
  denomination: number | null;
  /** Minor units; always the sum of the account's ledger rows. */
  balance: number;
  pinDigest: string | null;
  cvDigest: string | null;
}

/** One ledger row: a signed balance change (minor units) and the balance after it. */
export interface GiftLedgerRow {
  id: number;
  ttid: number;
  action: string;
  amount: number;
  balanceAfter: number;
  ts: number;
}

/** What identifies a new gift account: its fingerprint and its masked number. */
export type NewGiftAccount = Pick<
  GiftAccount,
  | 'merchantId'
  | 'fingerprint'
  | 'accountMasked'
  | 'last4'
  | 'denomination'
  | 'pinDigest'
  | 'cvDigest'
>;

/** Reading gift cards, ledgers and ranges (store boundary). */
export interface GiftReads {
  /** The merchant's custom gift BIN ranges (formula text), if it has any. */
  customRanges(merchantId: number): Promise<string | undefined>;
  /** The merchant's gift account with that card fingerprint. */
  find(merchantId: number, fingerprint: string): Promise<GiftAccount | undefined>;
  /** The gift account with that id; throws when there is none (a broken reference). */
  get(id: number): Promise<GiftAccount>;
  /** The account's ledger, oldest first. */
  ledger(accountId: number): Promise<GiftLedgerRow[]>;
}

/**
 * Gift cards, their ledgers and each merchant's custom gift BIN ranges. A balance changes only
 * through post(), which writes the ledger row and the new balance together; callers run it in the
 * store transaction of the transaction that caused the change. A balance never goes below 0 and
 * an inactive card holds nothing: a write breaking either fails, and its transaction with it.
 */
export interface GiftStore extends GiftReads {
  /** Sets the merchant's custom gift BIN ranges, or with null goes back to the provider default. */
  setCustomRanges(merchantId: number, ranges: string | null, nowTs: number): Promise<void>;
  /** Creates an inactive account holding nothing; returns it. */
  create(account: NewGiftAccount, nowTs: number): Promise<GiftAccount>;
  /** Sets an account's status. */
  setStatus(id: number, status: GiftAccount['status'], nowTs: number): Promise<void>;
  /** Gives a card that has no PIN yet the PIN whose keyed digest this is. */
  setPinDigest(id: number, pinDigest: string, nowTs: number): Promise<void>;
  /**
   * Changes an account's balance by `amount` (signed, minor units, not 0) for the transaction
   * `ttid`: writes the ledger row and the new balance; returns the balance after.
   */
  post(
    accountId: number,
    ttid: number,
    action: string,
    amount: number,
    nowTs: number,
  ): Promise<number>;
}

/** A gift_accounts row as both back ends read it (005_stored_value). */
export interface AccountRow {
  id: number;
  merchant_id: number;
  fingerprint: string;
  account_masked: string;
  last4: string;
  status: 'inactive' | 'active';
  denomination: number | null;
  balance: number;
  pin_digest: string | null;
  cv_digest: string | null;
}

/** A gift_ledger row as both back ends read it (005_stored_value). */
export interface LedgerRow {
  id: number;
  ttid: number;
  action: string;
  amount: number;
  balance_after: number;
  ts: number;
}

/** A gift account from its row. */
export function accountFromRow(row: AccountRow): GiftAccount {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    fingerprint: row.fingerprint,
    accountMasked: row.account_masked,
    last4: row.last4,
    status: row.status,
    denomination: row.denomination,
    balance: row.balance,
    pinDigest: row.pin_digest,
    cvDigest: row.cv_digest,
  };
}
