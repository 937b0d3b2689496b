import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_KEK_VARIABLE,
  VAULT_KEY_BYTES,
  describeCustody,
  keychainProblem,
  obtainKek,
  readKek,
  sameCustody,
  type KekCustody,
} from './kek-custody.ts';
import { sharedWithOthers } from './secret-files.ts';
import { VaultKeyError } from './vault-key-error.ts';
import {
  readWrappedKeyFile,
  unwrapDataKey,
  wrapDataKey,
  writeWrappedKeyFile,
  type WrappedKeyFile,
  type Wrapping,
} from './wrapped-key-file.ts';

/** The card vault key as earlier versions kept it: in the clear, in the data directory. */
export const LEGACY_VAULT_KEY_FILE = 'card-vault.key';

/** How to open a data directory's card vault key (docs/security.md, Key custody). */
export interface VaultKeyOptions {
  /** KEK custody the caller insists on: refused when the data key is wrapped by another. */
  required?: KekCustody;
  /** KEK custody for a data directory that has no data key yet; default the training key. */
  initial?: KekCustody;
}

/** A data directory's card vault key, opened. */
export interface OpenedVaultKey {
  /** The data key (32 bytes): the CardVault's master key. */
  key: Buffer;
  /** Where the KEK that opened it is kept. */
  custody: KekCustody;
  /**
   * What this opening did besides: created a new data key, wrapped a legacy key file, or moved a
   * data directory's vault into a shared store.
   */
  change: 'none' | 'created' | 'migrated' | 'moved';
}

/** The legacy key file's key, refused like before when others may read it or it is not 32 bytes. */
function readLegacyKey(path: string): Buffer {
  if (sharedWithOthers(path)) {
    throw new VaultKeyError('VAULT_KEY_MODE', `${path}: must be readable by its owner only`);
  }
  const key = readFileSync(path);
  if (key.length !== VAULT_KEY_BYTES) {
    throw new VaultKeyError('VAULT_KEY_SIZE', `${path}: the key must be exactly 32 bytes`);
  }
  return key;
}

/**
 * The data key of the first wrapping whose KEK is where it says, and that wrapping; VaultKeyError
 * naming every place tried when none opens.
 */
export function unwrapVaultKey(
  dataDir: string,
  file: WrappedKeyFile,
  where = `card vault of ${dataDir}`,
): { key: Buffer; wrapping: Wrapping } {
  const problems: string[] = [];
  for (const wrapping of file.wrapped) {
    const place = { custody: wrapping.kek, vaultId: file.vault, dataDir };
    try {
      const key = unwrapDataKey(wrapping, readKek(place));
      if (key !== undefined) return { key, wrapping };
      problems.push(`${describeCustody(wrapping.kek)} holds another key`);
    } catch (error) {
      if (!(error instanceof VaultKeyError) || error.code !== 'VAULT_KEK_MISSING') throw error;
      problems.push(error.message);
    }
  }
  const code = problems.every((p) => p.startsWith('card vault: no key-encrypting key'))
    ? 'VAULT_KEK_MISSING'
    : 'VAULT_KEK_MISMATCH';
  throw new VaultKeyError(
    code,
    `${where} cannot be opened: ${problems.join('; ')}; give this service the key-encrypting ` +
      'key it was wrapped by, or re-wrap it with admin rotate-keys where that key is',
  );
}

/**
 * A new vault: `key` (default a new random data key) wrapped under the KEK `custody` keeps, which
 * is put in place first (a key file created, a keychain entry set).
 */
export function newWrappedKey(
  dataDir: string,
  custody: KekCustody,
  key: Buffer = randomBytes(VAULT_KEY_BYTES),
): { file: WrappedKeyFile; key: Buffer } {
  const problem = custody.kind === 'keychain' ? keychainProblem() : undefined;
  if (problem !== undefined) {
    throw new VaultKeyError(
      'VAULT_KEK_MISSING',
      `card vault: no usable OS keychain here (${problem}): keep its key-encrypting key in a key ` +
        `file outside the data directory or in the variable ${DEFAULT_KEK_VARIABLE}`,
    );
  }
  const vault = randomBytes(8).toString('hex');
  const { kek, keep } = obtainKek({ custody, vaultId: vault, dataDir }, true);
  keep();
  return { file: { format: 1, vault, wrapped: [wrapDataKey(key, kek, custody)] }, key };
}

/** Wraps a new data key (or the legacy key file's) under the initial custody's KEK. */
function create(dataDir: string, custody: KekCustody): OpenedVaultKey | undefined {
  const legacyPath = join(dataDir, LEGACY_VAULT_KEY_FILE);
  const legacy = existsSync(legacyPath) ? readLegacyKey(legacyPath) : undefined;
  const { file, key } = newWrappedKey(dataDir, custody, legacy);
  if (!writeWrappedKeyFile(dataDir, file, true)) return undefined;
  if (legacy !== undefined) rmSync(legacyPath);
  return { key, custody, change: legacy === undefined ? 'created' : 'migrated' };
}

/** Refuses a vault not wrapped by the `required` custody, naming `where` and the way to move it. */
export function checkRequiredCustody(
  where: string,
  file: WrappedKeyFile,
  required: KekCustody | undefined,
): void {
  const wrappedBy = file.wrapped.map((wrapping) => wrapping.kek);
  if (required !== undefined && !wrappedBy.some((custody) => sameCustody(custody, required))) {
    throw new VaultKeyError(
      'VAULT_KEK_MISMATCH',
      `${where}: its key is wrapped by ${wrappedBy.map(describeCustody).join(' and ')}, ` +
        `not ${describeCustody(required)}; move it there with admin rotate-keys`,
    );
  }
}

/**
 * Opens the card vault key of `dataDir`: the data key in card-vault.json, unwrapped by the KEK its
 * wrapping names (PCI DSS 3.6, 3.7). A directory without one gets a new random data key wrapped
 * under `initial`, or its legacy card-vault.key wrapped and then deleted. Throws VaultKeyError
 * when the KEK is missing, is another key, or is not the `required` one.
 */
export function openDataKey(dataDir: string, options: VaultKeyOptions = {}): OpenedVaultKey {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = readWrappedKeyFile(dataDir);
  if (file === undefined) {
    const created = create(dataDir, options.required ?? options.initial ?? { kind: 'training' });
    return created ?? openDataKey(dataDir, options);
  }
  checkRequiredCustody(`card vault of ${dataDir}`, file, options.required);
  const { key, wrapping } = unwrapVaultKey(dataDir, file);
  const legacyPath = join(dataDir, LEGACY_VAULT_KEY_FILE);
  if (existsSync(legacyPath)) {
    if (!readLegacyKey(legacyPath).equals(key)) {
      throw new VaultKeyError(
        'VAULT_KEK_MISMATCH',
        `${legacyPath}: holds another key than card-vault.json; keep the one that opens the data`,
      );
    }
    rmSync(legacyPath);
  }
  return { key, custody: wrapping.kek, change: 'none' };
}
