import type { TokenRecord, TokenStore } from '../token-store.ts';
import type { SqliteSession } from './sqlite-session.ts';
import { type TokenRow, tokenFromRow } from '../token-store.ts';

/** Tokens in SQLite (003_transactions: tokens). */
export class SqliteTokenStore implements TokenStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  findByToken(merchantId: number, token: string): Promise<TokenRecord | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[number, string], TokenRow>(
          'SELECT * FROM tokens WHERE merchant_id = ? AND token = ?',
        )
        .get(merchantId, token);
      return row === undefined ? undefined : tokenFromRow(row);
    });
  }

  findByFingerprint(merchantId: number, fingerprint: string): Promise<TokenRecord | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[number, string], TokenRow>(
          'SELECT * FROM tokens WHERE merchant_id = ? AND fingerprint = ? ORDER BY id LIMIT 1',
        )
        .get(merchantId, fingerprint);
      return row === undefined ? undefined : tokenFromRow(row);
    });
  }

  exists(token: string): Promise<boolean> {
    return this.#s.read(
      () => this.#s.prepare('SELECT 1 FROM tokens WHERE token = ?').get(token) !== undefined,
    );
  }

  create(token: Omit<TokenRecord, 'id'>, nowTs: number): Promise<TokenRecord> {
    return this.#s.write(() => {
      const id = this.#s
        .prepare(
          `INSERT INTO tokens (merchant_id, token, fingerprint, card_sealed, account_masked, last4,
            cardtype, created_ts, last_used_ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          token.merchantId,
          token.token,
          token.fingerprint,
          token.cardSealed,
          token.accountMasked,
          token.last4,
          token.cardtype,
          nowTs,
          nowTs,
        ).lastInsertRowid;
      return { ...token, id: Number(id) };
    });
  }

  touch(id: number, nowTs: number): Promise<void> {
    return this.#s.write(() => {
      this.#s.prepare('UPDATE tokens SET last_used_ts = ? WHERE id = ?').run(nowTs, id);
    });
  }
}
