/** A stored token (seed: tokenize, matching_token); the account itself stays sealed. */
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

/** A tokens row as both back ends read it (003_transactions). */
export interface TokenRow {
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
export function tokenFromRow(row: TokenRow): TokenRecord {
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
