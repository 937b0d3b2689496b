import { formatLoginName } from '../accounts/account-names.ts';
import { SqlArea } from './sql-session.ts';
import { LOGIN_COLUMNS, toLogin, type Login, type LoginRow } from './user-store.ts';

/** An API key as stored: never its secret, only the secret's digest (docs/interface.md › Authentication §5). */
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

/** The columns of a key over api_keys k. */
const COLUMNS = `k.key_id, k.user_id, k.profile_id, k.name, k.secret_hash,
  k.signing_key_sealed IS NOT NULL AS has_signing_key, k.created_at, k.revoked_at`;

/** An api_keys row (002_credentials). */
interface KeyRow {
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
type Nullable<T> = { [K in keyof T]: T[K] | null };

/** An API key from its row. */
function toKey(row: KeyRow): ApiKey {
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
 * The query of a key and its login by key id ($1), one row whether or not the key exists: LEFT
 * JOINs from the id asked. An unknown id still reads a login (the first user's, discarded), so
 * its read joins as many rows as a known one's.
 */
const KEY_WITH_LOGIN = `SELECT ${COLUMNS}, ${LOGIN_COLUMNS} FROM (SELECT CAST($1 AS text) AS wanted) w
  LEFT JOIN api_keys k ON k.key_id = w.wanted
  LEFT JOIN users u ON u.id = COALESCE(k.user_id, (SELECT MIN(id) FROM users))
  LEFT JOIN merchants m ON m.id = u.merchant_id`;

/**
 * A key and its login from a row of KEY_WITH_LOGIN, or undefined when no key matched. The row's
 * key and login are read whether or not a key matched, so both cost the same.
 */
function toKeyWithLogin(row: Nullable<KeyRow & LoginRow> | undefined): KeyWithLogin | undefined {
  if (row === undefined) return undefined;
  const read = { key: toKey(row as KeyRow), login: toLogin(row as LoginRow) };
  return row.key_id === null ? undefined : read;
}

/** API keys in SQL (002_credentials: api_keys), the same on every back end. */
export class SqlApiKeyStore extends SqlArea implements ApiKeyStore {
  async lookupWithLogin(keyId: string): Promise<KeyWithLogin | undefined> {
    return toKeyWithLogin(await this.sql.get<Nullable<KeyRow & LoginRow>>(KEY_WITH_LOGIN, [keyId]));
  }

  async listForMerchant(merchantId: number): Promise<ApiKeyListing[]> {
    type Row = KeyRow & { merchant_name: string; sub: string; profile_name: string | null };
    const rows = await this.sql.all<Row>(
      `SELECT ${COLUMNS}, m.name AS merchant_name, u.sub, p.name AS profile_name
       FROM api_keys k JOIN users u ON u.id = k.user_id JOIN merchants m ON m.id = u.merchant_id
       LEFT JOIN profiles p ON p.id = k.profile_id WHERE m.id = $1 ORDER BY k.id`,
      [merchantId],
    );
    return rows.map((row) => ({
      ...toKey(row),
      username: formatLoginName({ merchant: row.merchant_name, sub: row.sub }),
      profileName: row.profile_name,
    }));
  }

  async sealedSigningKey(keyId: string): Promise<Buffer | undefined> {
    const row = await this.sql.get<{ signing_key_sealed: Buffer | null }>(
      'SELECT signing_key_sealed FROM api_keys WHERE key_id = $1',
      [keyId],
    );
    return row?.signing_key_sealed ?? undefined;
  }

  async insert(key: NewApiKey): Promise<void> {
    const { keyId, userId, profileId, name, secretHash, signingKeySealed, createdAt } = key;
    await this.sql.run(
      `INSERT INTO api_keys
       (key_id, user_id, profile_id, name, secret_hash, signing_key_sealed, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [keyId, userId, profileId, name, secretHash, signingKeySealed, createdAt],
    );
  }

  async revoke(keyId: string, revokedTs: number): Promise<boolean> {
    return this.changedOne(
      'UPDATE api_keys SET revoked_at = $1 WHERE key_id = $2 AND revoked_at IS NULL',
      [revokedTs, keyId],
    );
  }

  async setSigningKey(keyId: string, sealed: Buffer): Promise<boolean> {
    return this.changedOne(
      `UPDATE api_keys SET signing_key_sealed = $1
       WHERE key_id = $2 AND signing_key_sealed IS NULL`,
      [sealed, keyId],
    );
  }
}
