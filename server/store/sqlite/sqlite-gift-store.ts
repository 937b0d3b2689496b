import type { GiftAccount, GiftLedgerRow, GiftStore, NewGiftAccount } from '../gift-store.ts';
import type { SqliteSession } from './sqlite-session.ts';
import { type AccountRow, type LedgerRow, accountFromRow } from '../gift-store.ts';

/**
 * Gift cards, ledgers and ranges in SQLite (005_stored_value): its CHECK constraints refuse a
 * negative balance and a balance on an inactive card, failing the write and its transaction.
 */
export class SqliteGiftStore implements GiftStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  customRanges(merchantId: number): Promise<string | undefined> {
    return this.#s.read(
      () =>
        this.#s
          .prepare<[number], { ranges: string }>(
            'SELECT ranges FROM gift_ranges WHERE merchant_id = ?',
          )
          .get(merchantId)?.ranges,
    );
  }

  find(merchantId: number, fingerprint: string): Promise<GiftAccount | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[number, string], AccountRow>(
          'SELECT * FROM gift_accounts WHERE merchant_id = ? AND fingerprint = ?',
        )
        .get(merchantId, fingerprint);
      return row === undefined ? undefined : accountFromRow(row);
    });
  }

  get(id: number): Promise<GiftAccount> {
    return this.#s.read(() => this.#get(id));
  }

  ledger(accountId: number): Promise<GiftLedgerRow[]> {
    return this.#s.read(() =>
      this.#s
        .prepare<[number], LedgerRow>('SELECT * FROM gift_ledger WHERE account_id = ? ORDER BY id')
        .all(accountId)
        .map((row) => ({
          id: row.id,
          ttid: row.ttid,
          action: row.action,
          amount: row.amount,
          balanceAfter: row.balance_after,
          ts: row.ts,
        })),
    );
  }

  setCustomRanges(merchantId: number, ranges: string | null, nowTs: number): Promise<void> {
    return this.#s.write(() => {
      if (ranges === null) {
        this.#s.prepare('DELETE FROM gift_ranges WHERE merchant_id = ?').run(merchantId);
        return;
      }
      this.#s
        .prepare(
          `INSERT INTO gift_ranges (merchant_id, ranges, updated_ts) VALUES (?, ?, ?)
           ON CONFLICT (merchant_id) DO UPDATE SET ranges = excluded.ranges,
             updated_ts = excluded.updated_ts`,
        )
        .run(merchantId, ranges, nowTs);
    });
  }

  create(account: NewGiftAccount, nowTs: number): Promise<GiftAccount> {
    return this.#s.write(() => {
      const id = this.#s
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
      return this.#get(Number(id));
    });
  }

  setStatus(id: number, status: GiftAccount['status'], nowTs: number): Promise<void> {
    return this.#s.write(() => {
      this.#s
        .prepare('UPDATE gift_accounts SET status = ?, last_modified_ts = ? WHERE id = ?')
        .run(status, nowTs, id);
    });
  }

  setPinDigest(id: number, pinDigest: string, nowTs: number): Promise<void> {
    return this.#s.write(() => {
      this.#s
        .prepare(
          `UPDATE gift_accounts SET pin_digest = ?, last_modified_ts = ?
           WHERE id = ? AND pin_digest IS NULL`,
        )
        .run(pinDigest, nowTs, id);
    });
  }

  post(
    accountId: number,
    ttid: number,
    action: string,
    amount: number,
    nowTs: number,
  ): Promise<number> {
    return this.#s.write(() => {
      const balanceAfter = this.#get(accountId).balance + amount;
      this.#s
        .prepare('UPDATE gift_accounts SET balance = ?, last_modified_ts = ? WHERE id = ?')
        .run(balanceAfter, nowTs, accountId);
      this.#s
        .prepare(
          `INSERT INTO gift_ledger (account_id, ttid, action, amount, balance_after, ts)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(accountId, ttid, action, amount, balanceAfter, nowTs);
      return balanceAfter;
    });
  }

  #get(id: number): GiftAccount {
    const row = this.#s
      .prepare<[number], AccountRow>('SELECT * FROM gift_accounts WHERE id = ?')
      .get(id);
    if (row === undefined) throw new Error(`gift account ${id} does not exist`);
    return accountFromRow(row);
  }
}
