import type { EngineDatabase } from './statement-cache.ts';

/** A stored token (seed: tokenize, matching_token); the account itself stays sealed. */
export interface TokenRecord {
  id: number;
  merchantId: number;
  token: string;
  fingerprint: string;
  cardSealed: Buffer;
  accountMasked: string;
  last4: string;
  cardtype: string;
}

interface TokenRow {
  id: number;
  merchant_id: number;
  token: string;
  fingerprint: string;
  card_sealed: Buffer;
  account_masked: string;
  last4: string;
  cardtype: string;
}

function tokenFromRow(row: TokenRow): TokenRecord {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    token: row.token,
    fingerprint: row.fingerprint,
    cardSealed: row.card_sealed,
    accountMasked: row.account_masked,
    last4: row.last4,
    cardtype: row.cardtype,
  };
}

/** Tokens of each merchant: created on tokenize=yes, found by value or by account fingerprint. */
export class TokenStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** The merchant's token with that value. */
  findByToken(merchantId: number, token: string): TokenRecord | undefined {
    const row = this.#db
      .prepare<[number, string], TokenRow>(
        'SELECT * FROM tokens WHERE merchant_id = ? AND token = ?',
      )
      .get(merchantId, token);
    return row === undefined ? undefined : tokenFromRow(row);
  }

  /** The merchant's oldest token for the account with that fingerprint (matching_token=yes). */
  findByFingerprint(merchantId: number, fingerprint: string): TokenRecord | undefined {
    const row = this.#db
      .prepare<[number, string], TokenRow>(
        'SELECT * FROM tokens WHERE merchant_id = ? AND fingerprint = ? ORDER BY id LIMIT 1',
      )
      .get(merchantId, fingerprint);
    return row === undefined ? undefined : tokenFromRow(row);
  }

  /** True when any merchant already holds a token with that value. */
  exists(token: string): boolean {
    return this.#db.prepare('SELECT 1 FROM tokens WHERE token = ?').get(token) !== undefined;
  }

  /** Stores a new token. */
  create(token: Omit<TokenRecord, 'id'>, nowTs: number): TokenRecord {
    const id = this.#db
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
  }

  /** Marks a token used now. */
  touch(id: number, nowTs: number): void {
    this.#db.prepare('UPDATE tokens SET last_used_ts = ? WHERE id = ?').run(nowTs, id);
  }
}
