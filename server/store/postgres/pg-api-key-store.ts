import { formatLoginName } from '../../accounts/account-names.ts';
import type { ApiKeyListing, ApiKeyStore, KeyWithLogin } from '../api-key-store.ts';
import type { PgSession } from './pg-session.ts';
import type { LoginRow } from '../user-store.ts';
import { COLUMNS, type KeyRow, type Nullable, keyWithLoginQuery } from '../api-key-store.ts';
import { sealedSigningKeyQuery, setSigningKeyStatement, type NewApiKey } from '../api-key-store.ts';
import { toKey, toKeyWithLogin } from '../api-key-store.ts';

const KEY_WITH_LOGIN = keyWithLoginQuery('$1::text');
const SET_SIGNING_KEY = setSigningKeyStatement('$1', '$2');
const SEALED_SIGNING_KEY = sealedSigningKeyQuery('$1');

/** API keys in PostgreSQL (002_credentials: api_keys). */
export class PgApiKeyStore implements ApiKeyStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async lookupWithLogin(keyId: string): Promise<KeyWithLogin | undefined> {
    return toKeyWithLogin(await this.#s.get<Nullable<KeyRow & LoginRow>>(KEY_WITH_LOGIN, [keyId]));
  }

  async listForMerchant(merchantId: number): Promise<ApiKeyListing[]> {
    type Row = KeyRow & { merchant_name: string; sub: string; profile_name: string | null };
    const rows = await this.#s.all<Row>(
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
    type Row = { signing_key_sealed: Buffer | null };
    const row = await this.#s.get<Row>(SEALED_SIGNING_KEY, [keyId]);
    return row?.signing_key_sealed ?? undefined;
  }

  async insert(key: NewApiKey): Promise<void> {
    const { keyId, userId, profileId, name, secretHash, signingKeySealed, createdAt } = key;
    await this.#s.run(
      `INSERT INTO api_keys
       (key_id, user_id, profile_id, name, secret_hash, signing_key_sealed, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [keyId, userId, profileId, name, secretHash, signingKeySealed, createdAt],
    );
  }

  async revoke(keyId: string, revokedTs: number): Promise<boolean> {
    const changed = await this.#s.run(
      'UPDATE api_keys SET revoked_at = $1 WHERE key_id = $2 AND revoked_at IS NULL',
      [revokedTs, keyId],
    );
    return changed === 1;
  }

  async setSigningKey(keyId: string, sealed: Buffer): Promise<boolean> {
    return (await this.#s.run(SET_SIGNING_KEY, [sealed, keyId])) === 1;
  }
}
