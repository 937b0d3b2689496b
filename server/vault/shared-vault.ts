import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { KekCustody } from './kek-custody.ts';
import { VaultKeyError } from './vault-key-error.ts';
import { planRotation } from './vault-rotation.ts';
import {
  LEGACY_VAULT_KEY_FILE,
  checkRequiredCustody,
  newWrappedKey,
  openDataKey,
  unwrapVaultKey,
  type OpenedVaultKey,
  type VaultKeyOptions,
} from './vault-key.ts';
import {
  WRAPPED_KEY_FILE,
  parseWrappedKey,
  readWrappedKeyFile,
  wrappedKeyText,
  type WrappedKeyFile,
} from './wrapped-key-file.ts';

/** Where a shared vault's wrapped data key is kept: the store's vault area (VaultStore). */
export interface SharedVaultKeys {
  key(): Promise<{ vault: string; wrappedJson: string } | undefined>;
  createKey(key: { vault: string; wrappedJson: string }, nowTs: number): Promise<boolean>;
  replaceKey(before: string, after: string, nowTs: number): Promise<boolean>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function record(file: WrappedKeyFile) {
  return { vault: file.vault, wrappedJson: wrappedKeyText(file) };
}

/**
 * The vault `dataDir` holds as an earlier single-instance start left it (card-vault.json, or the
 * legacy clear key, which openDataKey wraps first), checked to open with this service's KEK.
 */
function localVault(dataDir: string, options: VaultKeyOptions): WrappedKeyFile | undefined {
  const json = join(dataDir, WRAPPED_KEY_FILE);
  if (!existsSync(json) && !existsSync(join(dataDir, LEGACY_VAULT_KEY_FILE))) return undefined;
  openDataKey(dataDir, options);
  return readWrappedKeyFile(dataDir);
}

/**
 * Opens the card vault every instance over one store shares (docs/scaling.md; docs/security.md,
 * Key custody): its data key, wrapped by the KEK, kept in the store. The first start puts one
 * there: the vault of `dataDir` when an earlier single-instance start left one, else a new one under
 * `options.initial`. Each step of that move can be cut short and is finished by the next start: the
 * store's copy is written in one statement, and the directory's copy removed only after. Throws
 * VaultKeyError naming where it looked and admin rotate-keys when this KEK opens no wrapping, and
 * when the directory holds another vault than the store's.
 */
export async function openSharedDataKey(
  dataDir: string,
  keys: SharedVaultKeys,
  options: VaultKeyOptions = {},
): Promise<OpenedVaultKey> {
  let stored = await keys.key();
  let change: OpenedVaultKey['change'] = 'none';
  if (stored === undefined) {
    const local = localVault(dataDir, options);
    const file =
      local ??
      newWrappedKey(dataDir, options.required ?? options.initial ?? { kind: 'training' }).file;
    if (await keys.createKey(record(file), nowSeconds())) {
      change = local === undefined ? 'created' : 'moved';
    }
    stored = await keys.key();
    if (stored === undefined) throw new Error('card vault: the store lost its vault key');
  }
  const where = 'card vault of the store';
  const file = parseWrappedKey(stored.wrappedJson, where);
  checkRequiredCustody(where, file, options.required);
  const { key, wrapping } = unwrapVaultKey(dataDir, file, where);
  const local = readWrappedKeyFile(dataDir);
  if (local !== undefined && local.vault !== file.vault) {
    throw new VaultKeyError(
      'VAULT_KEK_MISMATCH',
      `${join(dataDir, WRAPPED_KEY_FILE)} holds card vault ${local.vault} while the store holds ` +
        `vault ${file.vault}: what this directory's vault sealed opens under neither; start with ` +
        'a new data directory, or move this vault in first on a store of its own',
    );
  }
  if (local !== undefined) rmSync(join(dataDir, WRAPPED_KEY_FILE));
  return { key, custody: wrapping.kek, change };
}

/**
 * Re-wraps the store's vault key under a new KEK (PCI DSS 3.6.1, 3.7.4) while instances run on it:
 * their data key does not change, so none loses a request; each finds the new wrapping at its next
 * start (docs/scaling.md, Rotating the key-encrypting key). The new wrapping is stored beside the old
 * before the new KEK replaces the old one, and the old dropped only after, each by compare and set.
 */
export async function rotateSharedKek(
  dataDir: string,
  keys: SharedVaultKeys,
  target?: KekCustody,
): Promise<{ from: KekCustody; to: KekCustody }> {
  const stored = await keys.key();
  const where = 'card vault of the store';
  if (stored === undefined) throw new VaultKeyError('VAULT_KEK_MISSING', `${where}: none yet`);
  const file = parseWrappedKey(stored.wrappedJson, where);
  const { from, to, next, current, keep, forgetOld } = planRotation(dataDir, file, target, where);
  const both = wrappedKeyText({ ...file, wrapped: [next, current] });
  if (!(await keys.replaceKey(stored.wrappedJson, both, nowSeconds()))) {
    throw new VaultKeyError('VAULT_KEY_BUSY', `${where}: another rotation changed it meanwhile`);
  }
  keep();
  await keys.replaceKey(both, wrappedKeyText({ ...file, wrapped: [next] }), nowSeconds());
  forgetOld();
  return { from, to };
}
