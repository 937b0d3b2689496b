import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const ALGORITHM = 'aes-256-gcm';
const FORMAT = 'v1';

/**
 * Seals and opens secrets that must be readable again (TOTP secrets: a verifier needs them in the
 * clear) with AES-256-GCM under one key. The sealed text is `v1:<base64 of iv | tag | ciphertext>`;
 * a context string (such as the user id) is bound as associated data, so a sealed value moved to
 * another row does not open.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`secret key: must be ${KEY_BYTES} bytes`);
    this.#key = key;
  }

  /** Encrypts the text under a fresh 12-byte IV, bound to the context. */
  seal(text: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.#key, iv).setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Decrypts sealed text; throws when it was sealed under another key or another context. */
  open(sealed: string, context: string): string {
    const [format, payload] = sealed.split(':');
    if (format !== FORMAT || payload === undefined)
      throw new Error('sealed secret: unknown format');
    const raw = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv(ALGORITHM, this.#key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const body = raw.subarray(IV_BYTES + TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }
}

/**
 * Reads the 32-byte secret key at `path`, creating it (mode 0600, owner read/write only) on first
 * use. Losing this file makes every sealed TOTP secret unreadable: MFA must then be enabled again.
 */
export function loadOrCreateSecretKey(path: string): Buffer {
  if (!existsSync(path)) writeFileSync(path, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return readFileSync(path);
}
