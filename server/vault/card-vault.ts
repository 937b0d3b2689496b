import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { dirname } from 'node:path';
import { openDataKey, type VaultKeyOptions } from './vault-key.ts';

/**
 * The card data the service may keep for later moves: account number and expiry (MMYY); a
 * hosted-entry ticket also holds the security code and zip entered, until it is used or expires.
 */
export interface CardSecret {
  pan: string;
  expdate?: string;
  cv?: string;
  zip?: string;
}

/**
 * Where a sealed card or bank account lives (a check's account travels as `pan`); bound into the
 * ciphertext so a blob cannot be moved between uses.
 */
export type SealPurpose = 'transaction' | 'token' | 'check' | 'ticket';

const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;
/** IVs drawn from the system's random source at once; each is handed out once (never reused). */
const IV_POOL_BYTES = 256 * IV_BYTES;

/** The associated data of each card purpose, encoded once. */
const PURPOSE_AAD: Readonly<Record<SealPurpose, Buffer>> = {
  transaction: Buffer.from('transaction'),
  token: Buffer.from('token'),
  check: Buffer.from('check'),
  ticket: Buffer.from('ticket'),
};

/** A sealed blob failed to open: tampered with, truncated, or sealed under another key. */
export class VaultSealError extends Error {
  readonly code = 'VAULT_SEAL';

  constructor(message: string) {
    super(message);
    this.name = 'VaultSealError';
  }
}

function subkey(master: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
}

/**
 * Card data encryption at rest: AES-256-GCM (node:crypto) with a fresh 96-bit IV per seal (card
 * data and the base derivation keys of DUKPT devices), a keyed HMAC-SHA256 fingerprint of the
 * account number for matching tokens, and keyed digests of proved credentials. Every key is
 * derived (HKDF-SHA256) from one master key kept wrapped in the data directory.
 */
export class CardVault {
  readonly #masterKey: Buffer;
  readonly #encryptionKey: KeyObject;
  readonly #fingerprintKey: KeyObject;
  /** Random bytes the next IVs are taken from, 12 at a time, and where the next one starts. */
  #ivPool = Buffer.alloc(0);
  #ivAt = 0;
  /** Derived on first use: most vaults never digest a credential. */
  #credentialKey: Buffer | undefined;

  constructor(masterKey: Buffer) {
    this.#masterKey = masterKey;
    this.#encryptionKey = createSecretKey(subkey(masterKey, 'laneterm card vault aes-256-gcm'));
    this.#fingerprintKey = createSecretKey(
      subkey(masterKey, 'laneterm card fingerprint hmac-sha256'),
    );
  }

  /**
   * The vault of `dataDir`: its master key wrapped in card-vault.json by a key-encrypting key kept
   * outside the directory (openDataKey; created on first use, by default under the training key).
   */
  static open(dataDir: string, options?: VaultKeyOptions): CardVault {
    return new CardVault(openDataKey(dataDir, options).key);
  }

  /** The vault of an open database: its data directory's, or a key held in memory for ":memory:". */
  static forDatabase(path: string, inMemory: boolean, options?: VaultKeyOptions): CardVault {
    return inMemory ? new CardVault(randomBytes(32)) : CardVault.open(dirname(path), options);
  }

  /** Encrypts card data: version byte, IV, GCM tag, ciphertext. */
  seal(secret: CardSecret, purpose: SealPurpose): Buffer {
    return this.#encrypt(JSON.stringify(secret), PURPOSE_AAD[purpose]);
  }

  /** Decrypts what seal() wrote for the same purpose; throws VaultSealError otherwise. */
  unseal(blob: Buffer, purpose: SealPurpose): CardSecret {
    return JSON.parse(this.#decrypt(blob, PURPOSE_AAD[purpose]).toString('utf8')) as CardSecret;
  }

  /**
   * Encrypts a base derivation key as card data is, with its key set id bound in, so a sealed key
   * moved to another key set does not open.
   */
  sealKey(keySetId: string, key: Buffer): Buffer {
    return this.#encrypt(key, Buffer.from(`bdk:${keySetId}`));
  }

  /** Decrypts what sealKey() wrote for the same key set; throws VaultSealError otherwise. */
  unsealKey(keySetId: string, blob: Buffer): Buffer {
    return this.#decrypt(blob, Buffer.from(`bdk:${keySetId}`));
  }

  /**
   * Encrypts a key of the service's own (the key sealing TOTP secrets, an API key's card-entry
   * signing key) as card data is, its name bound in, so the key exists on disk or in the store only
   * under the data key the KEK wraps (PCI DSS 3.6.1.2).
   */
  sealServiceKey(name: string, key: Buffer): Buffer {
    return this.#encrypt(key, Buffer.from(`service-key:${name}`));
  }

  /** Decrypts what sealServiceKey() wrote for the same name; throws VaultSealError otherwise. */
  unsealServiceKey(name: string, blob: Buffer): Buffer {
    return this.#decrypt(blob, Buffer.from(`service-key:${name}`));
  }

  /** A fresh IV: the next 12 bytes of the pool, refilled from the system's source when used up. */
  #nextIv(): Buffer {
    if (this.#ivAt + IV_BYTES > this.#ivPool.length) {
      this.#ivPool = randomBytes(IV_POOL_BYTES);
      this.#ivAt = 0;
    }
    const iv = this.#ivPool.subarray(this.#ivAt, this.#ivAt + IV_BYTES);
    this.#ivAt += IV_BYTES;
    return iv;
  }

  /** Version byte, IV, GCM tag and ciphertext, written into one buffer. */
  #encrypt(plain: Buffer | string, associated: Buffer): Buffer {
    const iv = this.#nextIv();
    const cipher = createCipheriv('aes-256-gcm', this.#encryptionKey, iv);
    cipher.setAAD(associated);
    const body = typeof plain === 'string' ? cipher.update(plain, 'utf8') : cipher.update(plain);
    const tail = cipher.final();
    const sealed = Buffer.allocUnsafe(HEADER_BYTES + body.length + tail.length);
    sealed[0] = FORMAT_VERSION;
    iv.copy(sealed, 1);
    cipher.getAuthTag().copy(sealed, 1 + IV_BYTES);
    body.copy(sealed, HEADER_BYTES);
    tail.copy(sealed, HEADER_BYTES + body.length);
    return sealed;
  }

  #decrypt(blob: Buffer, associated: Buffer): Buffer {
    if (blob.length <= HEADER_BYTES || blob[0] !== FORMAT_VERSION) {
      throw new VaultSealError('sealed data has an unknown format');
    }
    const iv = blob.subarray(1, 1 + IV_BYTES);
    const tag = blob.subarray(1 + IV_BYTES, HEADER_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.#encryptionKey, iv);
    decipher.setAAD(associated);
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(blob.subarray(HEADER_BYTES)), decipher.final()]);
    } catch {
      throw new VaultSealError('sealed data failed authentication');
    }
  }

  /**
   * A keyed digest (HMAC-SHA256, 32 bytes) of a credential a user proved, bound to `context`, for
   * remembering a password check (docs/security.md, Password verification cache): a copy of the
   * digests without the KEK tests no guess, as the key is derived from the data key.
   */
  credentialDigest(context: string, secret: string): Buffer {
    this.#credentialKey ??= subkey(this.#masterKey, 'laneterm remembered credential hmac-sha256');
    return createHmac('sha256', this.#credentialKey)
      .update(`${context}\u0000`)
      .update(secret, 'utf8')
      .digest();
  }

  /** A stable keyed fingerprint (hex HMAC-SHA256) of an account number, for matching tokens. */
  fingerprint(pan: string): string {
    return createHmac('sha256', this.#fingerprintKey).update(pan).digest('hex');
  }
}
