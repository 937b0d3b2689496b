import { SqlArea } from './sql-session.ts';

/** A stored token (docs/interface.md › tokenize, matching_token); the account itself stays sealed. */
export interface TokenRecord {
  id: number;
  merchantId: number;
  token: string;
  /** Keyed fingerprint of the account number (CardVault.fingerprint). */
  fingerprint: string;
  /** The account and expiry, sealed by the card vault (purpose "token"). */
  cardSealed: Buffer;
  accountMasked: string;
  last4: string;
  cardtype: string;
}

/** Reading tokens (store boundary). */
export interface TokenReads {
  /** The merchant's token with that value. */
  findByToken(merchantId: number, token: string): Promise<TokenRecord | undefined>;
  /** The merchant's oldest token for the account with that fingerprint (matching_token=yes). */
  findByFingerprint(merchantId: number, fingerprint: string): Promise<TokenRecord | undefined>;
  /** True when any merchant already holds a token with that value. */
  exists(token: string): Promise<boolean>;
}

/** Tokens of each merchant: created on tokenize=yes, found by value or by account fingerprint. */
export interface TokenStore extends TokenReads {
  /** Stores a new token. */
  create(token: Omit<TokenRecord, 'id'>, nowTs: number): Promise<TokenRecord>;
  /** Marks a token used now. */
  touch(id: number, nowTs: number): Promise<void>;
}

/** A tokens row (003_transactions). */
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

/** A token record from its row. */
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

/** Tokens in SQL (003_transactions: tokens), the same on every back end. */
export class SqlTokenStore extends SqlArea implements TokenStore {
  async findByToken(merchantId: number, token: string): Promise<TokenRecord | undefined> {
    const row = await this.sql.get<TokenRow>(
      'SELECT * FROM tokens WHERE merchant_id = $1 AND token = $2',
      [merchantId, token],
    );
    return row === undefined ? undefined : tokenFromRow(row);
  }

  async findByFingerprint(
    merchantId: number,
    fingerprint: string,
  ): Promise<TokenRecord | undefined> {
    const row = await this.sql.get<TokenRow>(
      'SELECT * FROM tokens WHERE merchant_id = $1 AND fingerprint = $2 ORDER BY id LIMIT 1',
      [merchantId, fingerprint],
    );
    return row === undefined ? undefined : tokenFromRow(row);
  }

  async exists(token: string): Promise<boolean> {
    return (await this.sql.get('SELECT 1 FROM tokens WHERE token = $1', [token])) !== undefined;
  }

  async create(token: Omit<TokenRecord, 'id'>, nowTs: number): Promise<TokenRecord> {
    const row = await this.sql.get<{ id: number }>(
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
    await this.sql.run('UPDATE tokens SET last_used_ts = $1 WHERE id = $2', [nowTs, id]);
  }
}
