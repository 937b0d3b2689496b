import { SqlArea } from './sql-session.ts';

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

/** A gift_accounts row (005_stored_value). */
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

/** A gift_ledger row (005_stored_value). */
interface LedgerRow {
  id: number;
  ttid: number;
  action: string;
  amount: number;
  balance_after: number;
  ts: number;
}

/** A gift account from its row. */
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
 * Gift cards, ledgers and ranges in SQL (005_stored_value), the same on every back end. Inside a
 * store transaction an account read locks its row (SqlSession.lock) until the commit, so a
 * decision on its balance and the ledger row it leads to cannot interleave with another
 * instance's; a post changes the balance in its UPDATE; the CHECK constraints refuse a negative
 * balance and a balance on an inactive card all the same.
 */
export class SqlGiftStore extends SqlArea implements GiftStore {
  async customRanges(merchantId: number): Promise<string | undefined> {
    const row = await this.sql.get<{ ranges: string }>(
      'SELECT ranges FROM gift_ranges WHERE merchant_id = $1',
      [merchantId],
    );
    return row?.ranges;
  }

  async find(merchantId: number, fingerprint: string): Promise<GiftAccount | undefined> {
    const row = await this.sql.get<AccountRow>(
      `SELECT * FROM gift_accounts WHERE merchant_id = $1 AND fingerprint = $2${this.sql.lock}`,
      [merchantId, fingerprint],
    );
    return row === undefined ? undefined : accountFromRow(row);
  }

  async get(id: number): Promise<GiftAccount> {
    const row = await this.sql.get<AccountRow>(
      `SELECT * FROM gift_accounts WHERE id = $1${this.sql.lock}`,
      [id],
    );
    if (row === undefined) throw new Error(`gift account ${id} does not exist`);
    return accountFromRow(row);
  }

  async ledger(accountId: number): Promise<GiftLedgerRow[]> {
    const rows = await this.sql.all<LedgerRow>(
      'SELECT * FROM gift_ledger WHERE account_id = $1 ORDER BY id',
      [accountId],
    );
    return rows.map((row) => ({
      id: row.id,
      ttid: row.ttid,
      action: row.action,
      amount: row.amount,
      balanceAfter: row.balance_after,
      ts: row.ts,
    }));
  }

  async setCustomRanges(merchantId: number, ranges: string | null, nowTs: number): Promise<void> {
    if (ranges === null) {
      await this.sql.run('DELETE FROM gift_ranges WHERE merchant_id = $1', [merchantId]);
      return;
    }
    await this.sql.run(
      `INSERT INTO gift_ranges (merchant_id, ranges, updated_ts) VALUES ($1, $2, $3)
       ON CONFLICT (merchant_id) DO UPDATE SET ranges = excluded.ranges,
         updated_ts = excluded.updated_ts`,
      [merchantId, ranges, nowTs],
    );
  }

  async create(account: NewGiftAccount, nowTs: number): Promise<GiftAccount> {
    const row = await this.sql.get<AccountRow>(
      `INSERT INTO gift_accounts (merchant_id, fingerprint, account_masked, last4, status,
        denomination, balance, pin_digest, cv_digest, created_ts, last_modified_ts)
       VALUES ($1, $2, $3, $4, 'inactive', $5, 0, $6, $7, $8, $8) RETURNING *`,
      [
        account.merchantId,
        account.fingerprint,
        account.accountMasked,
        account.last4,
        account.denomination,
        account.pinDigest,
        account.cvDigest,
        nowTs,
      ],
    );
    if (row === undefined) throw new Error('gift account vanished inside its own commit');
    return accountFromRow(row);
  }

  async setStatus(id: number, status: GiftAccount['status'], nowTs: number): Promise<void> {
    await this.sql.run(
      'UPDATE gift_accounts SET status = $1, last_modified_ts = $2 WHERE id = $3',
      [status, nowTs, id],
    );
  }

  async setPinDigest(id: number, pinDigest: string, nowTs: number): Promise<void> {
    await this.sql.run(
      `UPDATE gift_accounts SET pin_digest = $1, last_modified_ts = $2
       WHERE id = $3 AND pin_digest IS NULL`,
      [pinDigest, nowTs, id],
    );
  }

  post(
    accountId: number,
    ttid: number,
    action: string,
    amount: number,
    nowTs: number,
  ): Promise<number> {
    return this.sql.write(async (s) => {
      const row = await s.get<{ balance: number }>(
        `UPDATE gift_accounts SET balance = balance + $1, last_modified_ts = $2 WHERE id = $3
         RETURNING balance`,
        [amount, nowTs, accountId],
      );
      if (row === undefined) throw new Error(`gift account ${accountId} does not exist`);
      await s.run(
        `INSERT INTO gift_ledger (account_id, ttid, action, amount, balance_after, ts)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [accountId, ttid, action, amount, row.balance, nowTs],
      );
      return row.balance;
    });
  }
}
