import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CardVault } from '../vault/index.ts';
import { createSecretFile } from '../vault/secret-files.ts';

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

/** The TOTP sealing key as earlier versions kept it: 32 bytes in the clear in the data directory. */
export const LEGACY_SECRET_KEY_FILE = 'secret.key';

/** Name the TOTP sealing key is bound to inside the card vault. */
const SECRET_KEY_NAME = 'totp';

/**
 * The key sealing TOTP secrets, kept at `path` sealed by the card vault (so only the KEK outside
 * the data directory opens it: docs/security.md, Key custody). Created on first use (mode 0600),
 * or taken from the legacy clear `secret.key` beside it, which is then deleted. Losing the sealed
 * file makes every sealed TOTP secret unreadable: MFA must then be enabled again.
 */
export function openSecretKey(path: string, vault: CardVault): Buffer {
  if (!existsSync(path)) {
    const legacyPath = join(dirname(path), LEGACY_SECRET_KEY_FILE);
    const legacy = existsSync(legacyPath) ? readFileSync(legacyPath) : undefined;
    if (legacy !== undefined && legacy.length !== KEY_BYTES) {
      throw new Error(`${legacyPath}: the key must be exactly ${KEY_BYTES} bytes`);
    }
    const key = legacy ?? randomBytes(KEY_BYTES);
    createSecretFile(path, vault.sealServiceKey(SECRET_KEY_NAME, key));
    if (legacy !== undefined) rmSync(legacyPath);
  }
  return vault.unsealServiceKey(SECRET_KEY_NAME, readFileSync(path));
}

/** Where instances sharing a store keep the key sealing TOTP secrets (VaultStore). */
export interface SharedServiceKeys {
  keepServiceKey(name: string, sealed: Buffer, nowTs: number): Promise<Buffer>;
}

/**
 * The key sealing TOTP secrets of instances sharing a store (docs/scaling.md): sealed by the shared
 * card vault in the store, made by the first start. A data directory's own sealed key (or legacy
 * clear one) is moved in by the first start that finds the store without one, and removed once the
 * store holds it; a directory whose key differs from the store's is refused, as its TOTP secrets
 * would open under neither.
 */
export async function openSharedSecretKey(
  path: string,
  vault: CardVault,
  keys: SharedServiceKeys,
): Promise<Buffer> {
  const local = existsSync(path) || existsSync(join(dirname(path), LEGACY_SECRET_KEY_FILE));
  const localKey = local ? openSecretKey(path, vault) : undefined;
  const offered =
    localKey === undefined
      ? vault.sealServiceKey(SECRET_KEY_NAME, randomBytes(KEY_BYTES))
      : readFileSync(path);
  const kept = await keys.keepServiceKey(SECRET_KEY_NAME, offered, Math.floor(Date.now() / 1000));
  const key = vault.unsealServiceKey(SECRET_KEY_NAME, kept);
  if (localKey !== undefined && !localKey.equals(key)) {
    throw new Error(
      `${path}: holds another TOTP sealing key than the store's; MFA secrets sealed under it ` +
        'would open under neither: enable MFA again after removing it',
    );
  }
  if (localKey !== undefined) rmSync(path);
  return key;
}
