import { formatLoginName } from '../../accounts/account-names.ts';
import type { ApiKeyListing, ApiKeyStore, KeyWithLogin } from '../api-key-store.ts';
import type { SqliteSession } from './sqlite-session.ts';
import type { LoginRow } from '../user-store.ts';
import { COLUMNS, type KeyRow, type Nullable, keyWithLoginQuery } from '../api-key-store.ts';
import { sealedSigningKeyQuery, setSigningKeyStatement, type NewApiKey } from '../api-key-store.ts';
import { toKey, toKeyWithLogin } from '../api-key-store.ts';

const KEY_WITH_LOGIN = keyWithLoginQuery('?');
const SET_SIGNING_KEY = setSigningKeyStatement('?', '?');
const SEALED_SIGNING_KEY = sealedSigningKeyQuery('?');

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

  sealedSigningKey(keyId: string): Promise<Buffer | undefined> {
    type Row = { signing_key_sealed: Buffer | null };
    return this.#s.read(
      () =>
        this.#s.prepare<[string], Row>(SEALED_SIGNING_KEY).get(keyId)?.signing_key_sealed ??
        undefined,
    );
  }

  insert(key: NewApiKey): Promise<void> {
    const sql = `INSERT INTO api_keys
      (key_id, user_id, profile_id, name, secret_hash, signing_key_sealed, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`;
    const { keyId, userId, profileId, name, secretHash, signingKeySealed, createdAt } = key;
    return this.#s.write(() => {
      this.#s
        .prepare(sql)
        .run(keyId, userId, profileId, name, secretHash, signingKeySealed, createdAt);
    });
  }

  revoke(keyId: string, revokedTs: number): Promise<boolean> {
    const sql = 'UPDATE api_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL';
    return this.#s.write(() => this.#s.prepare(sql).run(revokedTs, keyId).changes === 1);
  }

  setSigningKey(keyId: string, sealed: Buffer): Promise<boolean> {
    return this.#s.write(() => this.#s.prepare(SET_SIGNING_KEY).run(sealed, keyId).changes === 1);
  }
}
