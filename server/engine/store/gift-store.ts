import type { EngineDatabase } from './statement-cache.ts';

/** A gift card of a merchant (005_stored_value.sql); the card number itself is never kept. */
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

interface AccountRow {
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

function accountFromRow(row: AccountRow): GiftAccount {
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

/**
 * Gift cards, their ledgers and each merchant's custom gift BIN ranges. A balance changes only
 * through post(), which writes the ledger row and the new balance together; callers run it inside
 * the commit of the transaction that caused the change.
 */
export class GiftStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** The merchant's custom gift BIN ranges (formula text), if it has any. */
  customRanges(merchantId: number): string | undefined {
    return this.#db
      .prepare<[number], { ranges: string }>('SELECT ranges FROM gift_ranges WHERE merchant_id = ?')
      .get(merchantId)?.ranges;
  }

  /** Sets the merchant's custom gift BIN ranges, or with null goes back to the provider default. */
  setCustomRanges(merchantId: number, ranges: string | null, nowTs: number): void {
    if (ranges === null) {
      this.#db.prepare('DELETE FROM gift_ranges WHERE merchant_id = ?').run(merchantId);
      return;
    }
    this.#db
      .prepare(
        `INSERT INTO gift_ranges (merchant_id, ranges, updated_ts) VALUES (?, ?, ?)
         ON CONFLICT (merchant_id) DO UPDATE SET ranges = excluded.ranges,
           updated_ts = excluded.updated_ts`,
      )
      .run(merchantId, ranges, nowTs);
  }

  /** The merchant's gift account with that card fingerprint. */
  find(merchantId: number, fingerprint: string): GiftAccount | undefined {
    const row = this.#db
      .prepare<[number, string], AccountRow>(
        'SELECT * FROM gift_accounts WHERE merchant_id = ? AND fingerprint = ?',
      )
      .get(merchantId, fingerprint);
    return row === undefined ? undefined : accountFromRow(row);
  }

  /** The gift account with that id; throws when there is none (a broken reference). */
  get(id: number): GiftAccount {
    const row = this.#db
      .prepare<[number], AccountRow>('SELECT * FROM gift_accounts WHERE id = ?')
      .get(id);
    if (row === undefined) throw new Error(`gift account ${id} does not exist`);
    return accountFromRow(row);
  }

  /** Creates an inactive account holding nothing; returns it. */
  create(account: NewGiftAccount, nowTs: number): GiftAccount {
    const id = this.#db
      .prepare(
        `INSERT INTO gift_accounts (merchant_id, fingerprint, account_masked, last4, status,
          denomination, balance, pin_digest, cv_digest, created_ts, last_modified_ts)
         VALUES (?, ?, ?, ?, 'inactive', ?, 0, ?, ?, ?, ?)`,
      )
      .run(
        account.merchantId,
        account.fingerprint,
        account.accountMasked,
        account.last4,
        account.denomination,
        account.pinDigest,
        account.cvDigest,
        nowTs,
        nowTs,
      ).lastInsertRowid;
    return this.get(Number(id));
  }

  /** Sets an account's status; the schema refuses an inactive card holding a balance. */
  setStatus(id: number, status: GiftAccount['status'], nowTs: number): void {
    this.#db
      .prepare('UPDATE gift_accounts SET status = ?, last_modified_ts = ? WHERE id = ?')
      .run(status, nowTs, id);
  }

  /** Gives a card that has no PIN yet the PIN whose keyed digest this is. */
  setPinDigest(id: number, pinDigest: string, nowTs: number): void {
    this.#db
      .prepare(
        `UPDATE gift_accounts SET pin_digest = ?, last_modified_ts = ?
         WHERE id = ? AND pin_digest IS NULL`,
      )
      .run(pinDigest, nowTs, id);
  }

  /**
   * Changes an account's balance by `amount` (signed, minor units, not 0) for the transaction
   * `ttid`: writes the ledger row and the new balance. The schema refuses a negative balance and
   * a balance on an inactive card, rolling back the commit. Returns the balance after.
   */
  post(accountId: number, ttid: number, action: string, amount: number, nowTs: number): number {
    const balanceAfter = this.get(accountId).balance + amount;
    this.#db
      .prepare('UPDATE gift_accounts SET balance = ?, last_modified_ts = ? WHERE id = ?')
      .run(balanceAfter, nowTs, accountId);
    this.#db
      .prepare(
        `INSERT INTO gift_ledger (account_id, ttid, action, amount, balance_after, ts)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(accountId, ttid, action, amount, balanceAfter, nowTs);
    return balanceAfter;
  }

  /** The account's ledger, oldest first. */
  ledger(accountId: number): GiftLedgerRow[] {
    return this.#db
      .prepare<
        [number],
        {
          id: number;
          ttid: number;
          action: string;
          amount: number;
          balance_after: number;
          ts: number;
        }
      >('SELECT * FROM gift_ledger WHERE account_id = ? ORDER BY id')
      .all(accountId)
      .map((row) => ({
        id: row.id,
        ttid: row.ttid,
        action: row.action,
        amount: row.amount,
        balanceAfter: row.balance_after,
        ts: row.ts,
      }));
  }
}
