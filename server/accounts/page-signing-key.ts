import { createHmac, randomBytes } from 'node:crypto';
import { VaultSealError, type CardVault } from '../vault/index.ts';

/** What a signing key is derived over from its API key's secret (docs/api.md, Hosted card entry). */
export const PAGE_SIGNING_LABEL = 'laneterm card-entry page signing';

/**
 * The key a profile API key's holder signs hosted card-entry addresses with: HMAC-SHA256 keyed with
 * the key's secret (its UTF-8 bytes) over PAGE_SIGNING_LABEL, 32 bytes (docs/api.md, Hosted card
 * entry). The service never keeps the secret, so it keeps this key sealed instead.
 */
export function pageSigningKey(secret: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(PAGE_SIGNING_LABEL).digest();
}

/** The name a key's sealed signing key is bound to in the vault: it opens for that key id only. */
function sealName(keyId: string): string {
  return `page-signing:${keyId}`;
}

/**
 * Profile keys' signing keys as the store keeps them: sealed by the card vault, so a copy of the
 * data directory without the key-encrypting key signs nothing (docs/security.md, Key custody).
 * Opening a key that has none, or whose blob does not open, opens a decoy sealed when the service
 * starts instead, so every signature check does the same work and none verifies.
 */
export class PageSigningKeys {
  readonly #vault: CardVault;
  readonly #decoy: Buffer;

  constructor(vault: CardVault) {
    this.#vault = vault;
    this.#decoy = vault.sealServiceKey(sealName('decoy'), randomBytes(32));
  }

  /** The signing key of the key with this id and secret, sealed for the store. */
  seal(keyId: string, secret: string): Buffer {
    return this.#vault.sealServiceKey(sealName(keyId), pageSigningKey(secret));
  }

  /** The key a key id's addresses are signed with, or undefined when it has none that opens. */
  open(keyId: string, sealed: Buffer | null | undefined): Buffer | undefined {
    try {
      const key = this.#vault.unsealServiceKey(sealName(keyId), sealed ?? this.#decoy);
      return sealed === null || sealed === undefined ? undefined : key;
    } catch (error) {
      if (error instanceof VaultSealError) return undefined;
      throw error;
    }
  }
}
