import { randomBytes } from 'node:crypto';
import type { EngineDatabase } from '../engine/store/statement-cache.ts';
import { formatLoginName } from './account-names.ts';
import { digestSecret, newSecret, secretMatches } from './secret-digest.ts';
import { unixSeconds } from '../engine/clock.ts';

/** An API key as stored: never its secret, only the secret's digest (seed: Authentication §5). */
export interface ApiKey {
  /** Public key id: "P" + 16 hex digits for a profile key, "U" + 16 hex digits for a user key. */
  keyId: string;
  userId: number;
  /** Set for a profile key: the one profile its transactions run under. */
  profileId: number | null;
  name: string;
  secretHash: string;
  /** Unix seconds. */
  createdAt: number;
  /** Unix seconds; null while the key is usable. */
  revokedAt: number | null;
}

/** A key id looked up: the key when it exists, and the digest its secret must match. */
export interface ApiKeyLookup {
  key: ApiKey | undefined;
  /** The key's secret digest, or a decoy digest no secret has when there is no such key. */
  secretHash: string;
}

/** A key as listed for an administrator, with its user's and profile's names. */
export interface ApiKeyListing extends ApiKey {
  username: string;
  profileName: string | null;
}

interface KeyRow {
  key_id: string;
  user_id: number;
  profile_id: number | null;
  name: string;
  secret_hash: string;
  created_at: number;
  revoked_at: number | null;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

function toKey(row: KeyRow): ApiKey {
  return {
    keyId: row.key_id,
    userId: row.user_id,
    profileId: row.profile_id,
    name: row.name,
    secretHash: row.secret_hash,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

const COLUMNS =
  'k.key_id, k.user_id, k.profile_id, k.name, k.secret_hash, k.created_at, k.revoked_at';

/** A digest no secret has, compared against for unknown key ids so timing stays the same. */
const DECOY_DIGEST = '0'.repeat(64);

/** API keys of users and profiles: issued with a secret shown once, listed, revoked. */
export class ApiKeyStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** Issues a key for a user (or, with a profile id, a profile key); the secret is returned once. */
  create(userId: number, profileId: number | null, name: string, now = new Date()) {
    const keyId = (profileId === null ? 'U' : 'P') + randomBytes(8).toString('hex').toUpperCase();
    const secret = newSecret();
    const sql = `INSERT INTO api_keys (key_id, user_id, profile_id, name, secret_hash, created_at)
      VALUES (?, ?, ?, ?, ?, ?)`;
    this.#db
      .prepare(sql)
      .run(keyId, userId, profileId, name, digestSecret(secret), unixSeconds(now));
    return { keyId, secret };
  }

  /**
   * The key with this public id (revoked or not) and the digest to compare a secret against, read
   * by one statement that yields one row whether or not the key exists (a LEFT JOIN from the id
   * asked for): an unknown id costs the same read and the same row as a known one, and its digest
   * is a decoy no secret has.
   */
  lookup(keyId: string): ApiKeyLookup {
    const sql = `SELECT ${COLUMNS} FROM (SELECT ? AS wanted) w LEFT JOIN api_keys k ON k.key_id = w.wanted`;
    const row = this.#db.prepare<[string], Nullable<KeyRow>>(sql).get(keyId);
    const key = toKey(row as KeyRow);
    const known = row !== undefined && row.key_id !== null;
    return { key: known ? key : undefined, secretHash: known ? key.secretHash : DECOY_DIGEST };
  }

  /**
   * The key with this id when it is not revoked and the secret is its own, else undefined. An
   * unknown id costs the same lookup and the same constant-time digest comparison as a wrong secret.
   */
  verify(keyId: string, secret: string): ApiKey | undefined {
    const { key, secretHash } = this.lookup(keyId);
    const matches = secretMatches(secret, secretHash);
    return key !== undefined && matches && key.revokedAt === null ? key : undefined;
  }

  /** Every key of a merchant's users, oldest first. */
  listForMerchant(merchantId: number): ApiKeyListing[] {
    const sql = `SELECT ${COLUMNS}, m.name AS merchant_name, u.sub, p.name AS profile_name
      FROM api_keys k JOIN users u ON u.id = k.user_id JOIN merchants m ON m.id = u.merchant_id
      LEFT JOIN profiles p ON p.id = k.profile_id WHERE m.id = ? ORDER BY k.id`;
    type Row = KeyRow & { merchant_name: string; sub: string; profile_name: string | null };
    return this.#db
      .prepare<[number], Row>(sql)
      .all(merchantId)
      .map((row) => ({
        ...toKey(row),
        username: formatLoginName({ merchant: row.merchant_name, sub: row.sub }),
        profileName: row.profile_name,
      }));
  }

  /** Revokes a key from now on; false when there is no such usable key. */
  revoke(keyId: string, now = new Date()): boolean {
    const sql = 'UPDATE api_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL';
    return this.#db.prepare(sql).run(unixSeconds(now), keyId).changes === 1;
  }
}
