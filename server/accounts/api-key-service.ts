import { randomBytes } from 'node:crypto';
import type { ApiKey, ApiKeyListing, ApiKeyStore } from '../store/api-key-store.ts';
import type { Login } from '../store/user-store.ts';
import { unixSeconds } from '../shared/clock.ts';
import type { PageSigningKeys } from './page-signing-key.ts';
import { digestSecret, newSecret, secretMatches } from './secret-digest.ts';

/** A key id looked up: the key and its login when it exists, and the digest its secret must match. */
export interface ApiKeyLookup {
  key: ApiKey | undefined;
  /** The key's user, read in the same statement as the key. */
  login: Login | undefined;
  /** The key's secret digest, or a decoy digest no secret has when there is no such key. */
  secretHash: string;
}

/** A digest no secret has, compared against for unknown key ids so timing stays the same. */
const DECOY_DIGEST = '0'.repeat(64);

/**
 * API keys of users and profiles (docs/interface.md › Authentication §5): issued with a secret shown once and
 * stored as its SHA-256 digest, verified in constant time, listed, revoked. A profile key also
 * keeps the key its holder signs hosted card-entry addresses with, sealed by the card vault
 * (PageSigningKeys; docs/api.md, Hosted card entry).
 */
export class ApiKeyService {
  readonly #store: ApiKeyStore;
  readonly #signing: PageSigningKeys;

  constructor(store: ApiKeyStore, signing: PageSigningKeys) {
    this.#store = store;
    this.#signing = signing;
  }

  /** Issues a key for a user (or, with a profile id, a profile key); the secret is returned once. */
  async create(
    userId: number,
    profileId: number | null,
    name: string,
    now = new Date(),
  ): Promise<{ keyId: string; secret: string }> {
    const keyId = (profileId === null ? 'U' : 'P') + randomBytes(8).toString('hex').toUpperCase();
    const secret = newSecret();
    await this.#store.insert({
      keyId,
      userId,
      profileId,
      name,
      secretHash: digestSecret(secret),
      signingKeySealed: profileId === null ? null : this.#signing.seal(keyId, secret),
      createdAt: unixSeconds(now),
    });
    return { keyId, secret };
  }

  /**
   * Seals the signing key of a profile key issued before signing keys were kept, from the secret a
   * request just proved (docs/api.md, Hosted card entry: moving a signed integration).
   */
  async keepSigningKey(key: ApiKey, secret: string): Promise<void> {
    if (key.profileId === null || key.hasSigningKey) return;
    await this.#store.setSigningKey(key.keyId, this.#signing.seal(key.keyId, secret));
  }

  /**
   * The key `keyId`'s card-entry addresses are signed with, or undefined for an unknown key, a user
   * key, or a key that has none yet; the same work either way.
   */
  async signingKey(keyId: string): Promise<Buffer | undefined> {
    return this.#signing.open(keyId, await this.#store.sealedSigningKey(keyId));
  }

  /**
   * The key with this public id (revoked or not), its user's login, and the digest to compare a
   * secret against: an unknown id costs the same read (ApiKeyReads.lookupWithLogin) and yields a
   * decoy digest no secret has.
   */
  async lookup(keyId: string): Promise<ApiKeyLookup> {
    const found = await this.#store.lookupWithLogin(keyId);
    const secretHash = found?.key.secretHash ?? DECOY_DIGEST;
    return { key: found?.key, login: found?.login, secretHash };
  }

  /**
   * The key with this id when it is not revoked and the secret is its own, else undefined. An
   * unknown id costs the same lookup and the same constant-time digest comparison as a wrong secret.
   */
  async verify(keyId: string, secret: string): Promise<ApiKey | undefined> {
    const { key, secretHash } = await this.lookup(keyId);
    const matches = secretMatches(secret, secretHash);
    return key !== undefined && matches && key.revokedAt === null ? key : undefined;
  }

  /** Every key of a merchant's users, oldest first. */
  listForMerchant(merchantId: number): Promise<ApiKeyListing[]> {
    return this.#store.listForMerchant(merchantId);
  }

  /** Revokes a key from now on; false when there is no such usable key. */
  revoke(keyId: string, now = new Date()): Promise<boolean> {
    return this.#store.revoke(keyId, unixSeconds(now));
  }
}
