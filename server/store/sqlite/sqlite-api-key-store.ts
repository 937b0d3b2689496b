import { formatLoginName } from '../../accounts/account-names.ts';
import type { ApiKey, ApiKeyListing, ApiKeyStore, KeyWithLogin } from '../api-key-store.ts';
import type { SqliteSession } from './sqlite-session.ts';
import type { LoginRow } from '../user-store.ts';
import { COLUMNS, type KeyRow, type Nullable, keyWithLoginQuery } from '../api-key-store.ts';
import { toKey, toKeyWithLogin } from '../api-key-store.ts';

const KEY_WITH_LOGIN = keyWithLoginQuery('?');

/** API keys in SQLite (002_credentials: api_keys). */
export class SqliteApiKeyStore implements ApiKeyStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  lookupWithLogin(keyId: string): Promise<KeyWithLogin | undefined> {
    return this.#s.read(() =>
      toKeyWithLogin(
        this.#s.prepare<[string], Nullable<KeyRow & LoginRow>>(KEY_WITH_LOGIN).get(keyId),
      ),
    );
  }

  listForMerchant(merchantId: number): Promise<ApiKeyListing[]> {
    const sql = `SELECT ${COLUMNS}, m.name AS merchant_name, u.sub, p.name AS profile_name
      FROM api_keys k JOIN users u ON u.id = k.user_id JOIN merchants m ON m.id = u.merchant_id
      LEFT JOIN profiles p ON p.id = k.profile_id WHERE m.id = ? ORDER BY k.id`;
    type Row = KeyRow & { merchant_name: string; sub: string; profile_name: string | null };
    return this.#s.read(() =>
      this.#s
        .prepare<[number], Row>(sql)
        .all(merchantId)
        .map((row) => ({
          ...toKey(row),
          username: formatLoginName({ merchant: row.merchant_name, sub: row.sub }),
          profileName: row.profile_name,
        })),
    );
  }

  insert(key: Omit<ApiKey, 'revokedAt'>): Promise<void> {
    const sql = `INSERT INTO api_keys (key_id, user_id, profile_id, name, secret_hash, created_at)
      VALUES (?, ?, ?, ?, ?, ?)`;
    return this.#s.write(() => {
      this.#s
        .prepare(sql)
        .run(key.keyId, key.userId, key.profileId, key.name, key.secretHash, key.createdAt);
    });
  }

  revoke(keyId: string, revokedTs: number): Promise<boolean> {
    const sql = 'UPDATE api_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL';
    return this.#s.write(() => this.#s.prepare(sql).run(revokedTs, keyId).changes === 1);
  }
}
