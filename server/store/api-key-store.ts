import { LOGIN_COLUMNS, toLogin, type Login, type LoginRow } from './user-store.ts';

/** An API key as stored: never its secret, only the secret's digest (seed: Authentication §5). */
export interface ApiKey {
  /** Public key id: "P" + 16 hex digits for a profile key, "U" + 16 hex digits for a user key. */
  keyId: string;
  userId: number;
  /** Set for a profile key: the one profile its transactions run under. */
  profileId: number | null;
  name: string;
  secretHash: string;
  /**
   * Whether the key keeps a sealed key for signing hosted card-entry addresses
   * (012_sealed_credentials): a profile key does, but one issued before it only once it is used.
   */
  hasSigningKey: boolean;
  /** Unix seconds. */
  createdAt: number;
  /** Unix seconds; null while the key is usable. */
  revokedAt: number | null;
}

/** A key to store: its sealed signing key (ApiKeyReads.sealedSigningKey) rather than the flag. */
export type NewApiKey = Omit<ApiKey, 'revokedAt' | 'hasSigningKey'> & {
  signingKeySealed: Buffer | null;
};

/** A key as listed for an administrator, with its user's and profile's names. */
export interface ApiKeyListing extends ApiKey {
  username: string;
  profileName: string | null;
}

/** A key found by its id, with the login of its user. */
export interface KeyWithLogin {
  key: ApiKey;
  login: Login;
}

/** Reading API keys (store boundary). */
export interface ApiKeyReads {
  /**
   * The key with this public id, revoked or not, and its user's login, in one statement read fresh
   * on every call. A back end reads it in a way that costs the same for an id that does not exist
   * (one statement yielding one row either way), so the time of a lookup does not tell which ids
   * exist.
   */
  lookupWithLogin(keyId: string): Promise<KeyWithLogin | undefined>;
  /** Every key of a merchant's users, oldest first. */
  listForMerchant(merchantId: number): Promise<ApiKeyListing[]>;
  /** The key's sealed card-entry signing key; undefined for an unknown key or one without. */
  sealedSigningKey(keyId: string): Promise<Buffer | undefined>;
}

/** API keys of users and profiles (002_credentials). */
export interface ApiKeyStore extends ApiKeyReads {
  /** Stores a new key (its id unique). */
  insert(key: NewApiKey): Promise<void>;
  /** Revokes a key at `revokedTs`; false when there is no such usable key. */
  revoke(keyId: string, revokedTs: number): Promise<boolean>;
  /** Stores a key's sealed signing key when it has none yet; false when it had one. */
  setSigningKey(keyId: string, sealed: Buffer): Promise<boolean>;
}

/** The query of sealedSigningKey (`p`: the back end's placeholder of the key id). */
export function sealedSigningKeyQuery(p: string): string {
  return `SELECT signing_key_sealed FROM api_keys WHERE key_id = ${p}`;
}

/** The statement of setSigningKey (`p1`, `p2`: the back end's placeholders of sealed and key id). */
export function setSigningKeyStatement(p1: string, p2: string): string {
  return `UPDATE api_keys SET signing_key_sealed = ${p1}
    WHERE key_id = ${p2} AND signing_key_sealed IS NULL`;
}

/** The columns of a key over api_keys k. */
export const COLUMNS = `k.key_id, k.user_id, k.profile_id, k.name, k.secret_hash,
  k.signing_key_sealed IS NOT NULL AS has_signing_key, k.created_at, k.revoked_at`;

/** An api_keys row as both back ends read it (002_credentials). */
export interface KeyRow {
  key_id: string;
  user_id: number;
  profile_id: number | null;
  name: string;
  secret_hash: string;
  /** 1 or 0 on SQLite, a boolean on PostgreSQL. */
  has_signing_key: number | boolean;
  created_at: number;
  revoked_at: number | null;
}

/** A row type whose columns may all be NULL (a LEFT JOIN that found nothing). */
export type Nullable<T> = { [K in keyof T]: T[K] | null };

/** An API key from its row. */
export function toKey(row: KeyRow): ApiKey {
  return {
    keyId: row.key_id,
    userId: row.user_id,
    profileId: row.profile_id,
    name: row.name,
    secretHash: row.secret_hash,
    hasSigningKey: Boolean(row.has_signing_key),
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

/**
 * The query of a key and its login by key id (`param`: the back end's placeholder), one row whether
 * or not the key exists: LEFT JOINs from the id asked. The same SQL on both back ends.
 */
export function keyWithLoginQuery(param: string): string {
  return `SELECT ${COLUMNS}, ${LOGIN_COLUMNS} FROM (SELECT ${param} AS wanted) w
    LEFT JOIN api_keys k ON k.key_id = w.wanted LEFT JOIN users u ON u.id = k.user_id
    LEFT JOIN merchants m ON m.id = u.merchant_id`;
}

/**
 * A key and its login from a row of keyWithLoginQuery, or undefined when no key matched. The row's
 * key and login are read whether or not a key matched, so both cost the same.
 */
export function toKeyWithLogin(
  row: Nullable<KeyRow & LoginRow> | undefined,
): KeyWithLogin | undefined {
  if (row === undefined) return undefined;
  const read = { key: toKey(row as KeyRow), login: toLogin(row as LoginRow) };
  return row.key_id === null ? undefined : read;
}
