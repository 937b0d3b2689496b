import { Entry } from '@napi-rs/keyring';
import envPaths from 'env-paths';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { createSecretFile, replaceSecretFile, sharedWithOthers } from './secret-files.ts';
import { VaultKeyError } from './vault-key-error.ts';

/**
 * Where the key-encrypting key (KEK) that wraps a data directory's card vault key is kept, always
 * outside that directory (PCI DSS 3.6.1.2; docs/security.md, Key custody): the OS keychain, a key
 * file, an environment variable, or, for demo and training services, the training key file in the
 * user's configuration directory.
 */
export type KekCustody =
  | { kind: 'keychain' }
  | { kind: 'file'; path: string }
  | { kind: 'env'; variable: string }
  | { kind: 'training' };

/** Environment variable holding a KEK by default: 32 bytes in base64 or hex. */
export const DEFAULT_KEK_VARIABLE = 'LANETERM_VAULT_KEK';
/** Length of every vault key, data key and KEK alike, in bytes (AES-256). */
export const VAULT_KEY_BYTES = 32;
/** The keychain service the KEKs are filed under; each data directory has its own account. */
const KEYCHAIN_SERVICE = 'laneterm-pts';

/** Where a KEK of one data directory is: its custody, the vault's id, and the directory. */
export interface KekPlace {
  custody: KekCustody;
  /** The vault's random id (card-vault.json): its keychain account. */
  vaultId: string;
  dataDir: string;
}

/** The training key file: laneterm/server/training-vault.kek in the user's config directory. */
function trainingKeyPath(): string {
  return join(envPaths('laneterm', { suffix: '' }).config, 'server', 'training-vault.kek');
}

/** The custody in words, for messages and the startup lines. */
export function describeCustody(custody: KekCustody): string {
  switch (custody.kind) {
    case 'keychain':
      return `the OS keychain (service ${KEYCHAIN_SERVICE})`;
    case 'file':
      return `the key file ${custody.path}`;
    case 'env':
      return `the environment variable ${custody.variable}`;
    case 'training':
      return `the training key file ${trainingKeyPath()}`;
  }
}

/** True when both name the same place. */
export function sameCustody(a: KekCustody, b: KekCustody): boolean {
  return describeCustody(a) === describeCustody(b);
}

function keychainEntry(vaultId: string): Entry {
  // Pinned to the Secret Service on Linux: the kernel keyring, the library's fallback, forgets
  // everything at logout or reboot. Other systems ignore the option.
  return new Entry(KEYCHAIN_SERVICE, `card-vault-kek-${vaultId}`, {
    linux: { store: 'secret-service' },
  });
}

/**
 * Why the OS keychain cannot be used here (no Secret Service on a headless Linux, a locked
 * keychain…), or undefined when it answers.
 */
export function keychainProblem(): string | undefined {
  try {
    keychainEntry('probe').getSecret();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function keyFilePath(place: KekPlace): string | undefined {
  const { custody } = place;
  if (custody.kind === 'file') return resolve(custody.path);
  return custody.kind === 'training' ? trainingKeyPath() : undefined;
}

/**
 * Refuses a key file inside the data directory, where a copy of the directory would hold both
 * (its folder must exist: symbolic links are followed).
 */
function checkOutsideDataDir(path: string, dataDir: string): void {
  const within = relative(realpathSync(dataDir), join(realpathSync(dirname(path)), 'x'));
  if (!within.startsWith('..') && !isAbsolute(within)) {
    throw new VaultKeyError(
      'VAULT_KEY_PLACE',
      `${path}: the key-encrypting key must be kept outside the data directory ${dataDir}`,
    );
  }
}

function readKeyFile(path: string): Buffer {
  if (sharedWithOthers(path)) {
    throw new VaultKeyError(
      'VAULT_KEY_MODE',
      `${path}: the key-encrypting key must be readable by its owner only (chmod 600)`,
    );
  }
  const key = readFileSync(path);
  if (key.length !== VAULT_KEY_BYTES) {
    throw new VaultKeyError('VAULT_KEY_SIZE', `${path}: the key must be exactly 32 bytes`);
  }
  return key;
}

function readVariable(variable: string): Buffer | undefined {
  const text = process.env[variable]?.trim();
  if (text === undefined || text === '') return undefined;
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/]{43}=$/.test(text)) return Buffer.from(text, 'base64');
  throw new VaultKeyError(
    'VAULT_KEY_FORMAT',
    `${variable}: the key-encrypting key must be 32 bytes, in base64 (44 characters) or hex (64)`,
  );
}

function missing(place: KekPlace, why: string): VaultKeyError {
  return new VaultKeyError(
    'VAULT_KEK_MISSING',
    `card vault: no key-encrypting key in ${describeCustody(place.custody)}: ${why}`,
  );
}

/** The KEK kept at `place`; VaultKeyError VAULT_KEK_MISSING when it is not there. */
export function readKek(place: KekPlace): Buffer {
  const path = keyFilePath(place);
  if (path !== undefined) {
    if (!existsSync(path)) throw missing(place, 'the file does not exist');
    checkOutsideDataDir(path, place.dataDir);
    return readKeyFile(path);
  }
  const { custody } = place;
  if (custody.kind === 'env') {
    const key = readVariable(custody.variable);
    if (key === undefined) throw missing(place, 'it is not set');
    return key;
  }
  let secret: number[] | null;
  try {
    secret = keychainEntry(place.vaultId).getSecret();
  } catch (error) {
    throw missing(place, (error as Error).message);
  }
  if (secret === null) throw missing(place, 'no entry for this data directory');
  return Buffer.from(secret);
}

/**
 * A KEK to wrap with at `place`, and how to keep it there. With `reuse`, the key kept there now: a
 * key file is created first (random, mode 0600, in one step) when missing. Without, a new random
 * key that `keep()` puts in place of the old one (keychain entry or key file, in one step). A
 * variable cannot be written: it must already hold the key to use.
 */
export function obtainKek(place: KekPlace, reuse: boolean): { kek: Buffer; keep: () => void } {
  const { custody } = place;
  const keepNothing = () => undefined;
  if (custody.kind === 'env') return { kek: readKek(place), keep: keepNothing };
  const path = keyFilePath(place);
  if (path !== undefined) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    checkOutsideDataDir(path, place.dataDir);
  }
  if (path !== undefined && reuse) {
    if (!existsSync(path)) createSecretFile(path, randomBytes(VAULT_KEY_BYTES));
    return { kek: readKeyFile(path), keep: keepNothing };
  }
  const kek = randomBytes(VAULT_KEY_BYTES);
  const keep =
    path === undefined
      ? () => keychainEntry(place.vaultId).setSecret(kek)
      : () => replaceSecretFile(path, kek);
  return { kek, keep };
}

/** Removes a keychain entry no wrapping needs any more; files and variables are the operator's. */
export function forgetKek(place: KekPlace): void {
  if (place.custody.kind === 'keychain') keychainEntry(place.vaultId).deleteCredential();
}
