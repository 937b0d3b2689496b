import type { GiftAccount, GiftLedgerRow, GiftStore, NewGiftAccount } from '../gift-store.ts';
import type { PgSession } from './pg-session.ts';
import { type AccountRow, type LedgerRow, accountFromRow } from '../gift-store.ts';

/**
 * Gift cards, ledgers and ranges in PostgreSQL (005_stored_value). Inside a store transaction an
 * account read locks its row (FOR UPDATE) until the commit, so a decision on its balance and the
 * ledger row it leads to cannot interleave with another instance's; the CHECK constraints refuse
 * a negative balance and a balance on an inactive card all the same.
 */
export class PgGiftStore implements GiftStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async customRanges(merchantId: number): Promise<string | undefined> {
    const row = await this.#s.get<{ ranges: string }>(
      'SELECT ranges FROM gift_ranges WHERE merchant_id = $1',
      [merchantId],
    );
    return row?.ranges;
  }

  async find(merchantId: number, fingerprint: string): Promise<GiftAccount | undefined> {
    const row = await this.#s.get<AccountRow>(
      `SELECT * FROM gift_accounts WHERE merchant_id = $1 AND fingerprint = $2${this.#s.lock}`,
      [merchantId, fingerprint],
    );
    return row === undefined ? undefined : accountFromRow(row);
  }

  get(id: number): Promise<GiftAccount> {
    return this.#get(this.#s, id);
  }

  async ledger(accountId: number): Promise<GiftLedgerRow[]> {
    const rows = await this.#s.all<LedgerRow>(
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
      await this.#s.run('DELETE FROM gift_ranges WHERE merchant_id = $1', [merchantId]);
      return;
    }
    await this.#s.run(
      `INSERT INTO gift_ranges (merchant_id, ranges, updated_ts) VALUES ($1, $2, $3)
       ON CONFLICT (merchant_id) DO UPDATE SET ranges = excluded.ranges,
         updated_ts = excluded.updated_ts`,
      [merchantId, ranges, nowTs],
    );
  }

  create(account: NewGiftAccount, nowTs: number): Promise<GiftAccount> {
    return this.#s.write(async (s) => {
      const row = await s.get<AccountRow>(
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
    });
  }

  async setStatus(id: number, status: GiftAccount['status'], nowTs: number): Promise<void> {
    await this.#s.run('UPDATE gift_accounts SET status = $1, last_modified_ts = $2 WHERE id = $3', [
      status,
      nowTs,
      id,
    ]);
  }

  async setPinDigest(id: number, pinDigest: string, nowTs: number): Promise<void> {
    await this.#s.run(
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
    return this.#s.write(async (s) => {
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

  async #get(s: PgSession, id: number): Promise<GiftAccount> {
    const row = await s.get<AccountRow>(`SELECT * FROM gift_accounts WHERE id = $1${s.lock}`, [id]);
    if (row === undefined) throw new Error(`gift account ${id} does not exist`);
    return accountFromRow(row);
  }
}
