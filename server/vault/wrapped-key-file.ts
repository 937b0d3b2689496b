import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VAULT_KEY_BYTES, type KekCustody } from './kek-custody.ts';
import { createSecretFile, replaceSecretFile } from './secret-files.ts';
import { VaultKeyError } from './vault-key-error.ts';

/** File name of the wrapped card vault key inside the service's data directory. */
export const WRAPPED_KEY_FILE = 'card-vault.json';

/** The data key wrapped by one KEK, and where that KEK is kept. */
export interface Wrapping {
  kek: KekCustody;
  /** Check value of the KEK (6 hex digits), telling which KEK a wrapping needs without trying. */
  check: string;
  /** The data key wrapped by the KEK: AES-256 key wrap (RFC 3394), base64. */
  key: string;
}

/**
 * card-vault.json: the vault's id and its data key wrapped by one KEK, or by two while a rotation
 * is under way (the new first). Holds no key in the clear; mode 0600.
 */
export interface WrappedKeyFile {
  format: 1;
  /** Random id of the vault (16 hex digits): names its keychain entry. */
  vault: string;
  wrapped: Wrapping[];
}

/** RFC 3394 §2.2.3.1 default initial value. */
const KEY_WRAP_IV = Buffer.from('A6A6A6A6A6A6A6A6', 'hex');

/** The check value of a KEK: the first 3 bytes of HMAC-SHA256(KEK, "laneterm kek check"), hex. */
export function kekCheck(kek: Buffer): string {
  return createHmac('sha256', kek).update('laneterm kek check').digest('hex').slice(0, 6);
}

/** The data key wrapped by `kek` (AES-256 key wrap, RFC 3394), recording where the KEK is kept. */
export function wrapDataKey(dataKey: Buffer, kek: Buffer, custody: KekCustody): Wrapping {
  const cipher = createCipheriv('id-aes256-wrap', kek, KEY_WRAP_IV);
  const key = Buffer.concat([cipher.update(dataKey), cipher.final()]).toString('base64');
  return { kek: custody, check: kekCheck(kek), key };
}

/** The data key of a wrapping, or undefined when `kek` is not the KEK it was wrapped by. */
export function unwrapDataKey(wrapping: Wrapping, kek: Buffer): Buffer | undefined {
  if (wrapping.check !== kekCheck(kek)) return undefined;
  try {
    const decipher = createDecipheriv('id-aes256-wrap', kek, KEY_WRAP_IV);
    const key = Buffer.concat([
      decipher.update(Buffer.from(wrapping.key, 'base64')),
      decipher.final(),
    ]);
    return key.length === VAULT_KEY_BYTES ? key : undefined;
  } catch {
    return undefined;
  }
}

function isCustody(value: unknown): value is KekCustody {
  const custody = value as Partial<Record<'kind' | 'path' | 'variable', unknown>>;
  switch (custody.kind) {
    case 'keychain':
    case 'training':
      return true;
    case 'file':
      return typeof custody.path === 'string';
    case 'env':
      return typeof custody.variable === 'string';
    default:
      return false;
  }
}

function isWrapping(value: unknown): value is Wrapping {
  const wrapping = value as Partial<Record<keyof Wrapping, unknown>>;
  return (
    isCustody(wrapping.kek) &&
    typeof wrapping.check === 'string' &&
    typeof wrapping.key === 'string'
  );
}

/** A wrapped key file's text read back; VaultKeyError VAULT_KEY_FORMAT naming `where` if it is not one. */
export function parseWrappedKey(text: string, where: string): WrappedKeyFile {
  let parsed: Partial<Record<keyof WrappedKeyFile, unknown>>;
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    parsed = {};
  }
  const { vault, wrapped } = parsed;
  if (
    parsed.format !== 1 ||
    typeof vault !== 'string' ||
    !/^[0-9a-f]{16}$/.test(vault) ||
    !Array.isArray(wrapped) ||
    wrapped.length === 0 ||
    !wrapped.every(isWrapping)
  ) {
    throw new VaultKeyError('VAULT_KEY_FORMAT', `${where}: not a wrapped card vault key file`);
  }
  return { format: 1, vault, wrapped };
}

/** The text a wrapped key file is kept as, in a file or in a store. */
export function wrappedKeyText(file: WrappedKeyFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The wrapped key file of `dataDir`, or undefined when there is none yet. */
export function readWrappedKeyFile(dataDir: string): WrappedKeyFile | undefined {
  const path = join(dataDir, WRAPPED_KEY_FILE);
  if (!existsSync(path)) return undefined;
  return parseWrappedKey(readFileSync(path, 'utf8'), path);
}

/**
 * Writes the wrapped key file in one step: replacing it, or with `create` only when there is none
 * (false when another process wrote one first).
 */
export function writeWrappedKeyFile(
  dataDir: string,
  file: WrappedKeyFile,
  create = false,
): boolean {
  const path = join(dataDir, WRAPPED_KEY_FILE);
  const text = wrappedKeyText(file);
  if (create) return createSecretFile(path, text);
  replaceSecretFile(path, text);
  return true;
}
