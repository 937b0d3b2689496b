import type { TokenRecord, TokenStore } from '../token-store.ts';
import type { PgSession } from './pg-session.ts';
import { type TokenRow, tokenFromRow } from '../token-store.ts';

/** Tokens in PostgreSQL (003_transactions: tokens). */
export class PgTokenStore implements TokenStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async findByToken(merchantId: number, token: string): Promise<TokenRecord | undefined> {
    const row = await this.#s.get<TokenRow>(
      'SELECT * FROM tokens WHERE merchant_id = $1 AND token = $2',
      [merchantId, token],
    );
    return row === undefined ? undefined : tokenFromRow(row);
  }

  async findByFingerprint(
    merchantId: number,
    fingerprint: string,
  ): Promise<TokenRecord | undefined> {
    const row = await this.#s.get<TokenRow>(
      'SELECT * FROM tokens WHERE merchant_id = $1 AND fingerprint = $2 ORDER BY id LIMIT 1',
      [merchantId, fingerprint],
    );
    return row === undefined ? undefined : tokenFromRow(row);
  }

  async exists(token: string): Promise<boolean> {
    return (await this.#s.get('SELECT 1 FROM tokens WHERE token = $1', [token])) !== undefined;
  }

  async create(token: Omit<TokenRecord, 'id'>, nowTs: number): Promise<TokenRecord> {
    const row = await this.#s.get<{ id: number }>(
      `INSERT INTO tokens (merchant_id, token, fingerprint, card_sealed, account_masked, last4,
        cardtype, created_ts, last_used_ts) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
       RETURNING id`,
      [
        token.merchantId,
        token.token,
        token.fingerprint,
        token.cardSealed,
        token.accountMasked,
        token.last4,
        token.cardtype,
        nowTs,
      ],
    );
    if (row === undefined) throw new Error('token row vanished inside its own commit');
    return { ...token, id: row.id };
  }

  async touch(id: number, nowTs: number): Promise<void> {
    await this.#s.run('UPDATE tokens SET last_used_ts = $1 WHERE id = $2', [nowTs, id]);
  }
}
