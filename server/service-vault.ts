// The card vault a service or an admin command opens: the data directory's with SQLite, the one
// in the store that every instance shares with PostgreSQL (docs/scaling.md; docs/security.md).
import { openSecretKey, openSharedSecretKey } from './accounts/secret-box.ts';
import type { DataFiles } from './config/data-directory.ts';
import type { ServiceStore } from './store/service-store.ts';
import type { VaultStore } from './store/vault-store.ts';
import {
  CardVault,
  openDataKey,
  openSharedDataKey,
  type OpenedVaultKey,
  type VaultKeyOptions,
} from './vault/index.ts';

/** An opened card vault, where its KEK is, what opening it changed, and the TOTP sealing key. */
export interface OpenedServiceVault {
  vault: CardVault;
  opened: OpenedVaultKey;
  secretKey: Buffer;
}

/** True when the store is one several instances share: its vault is kept in it. */
export function vaultInStore(store: ServiceStore): boolean {
  return store.backend === 'postgres';
}

/**
 * Opens the card vault for `store`: kept in the store when instances share it (openSharedDataKey),
 * in the data directory for SQLite (openDataKey), and the key sealing TOTP secrets beside it.
 */
export async function openServiceVault(
  files: DataFiles,
  store: ServiceStore,
  options: VaultKeyOptions = {},
): Promise<OpenedServiceVault> {
  if (!vaultInStore(store)) {
    const opened = openDataKey(files.root, options);
    const vault = new CardVault(opened.key);
    return { vault, opened, secretKey: openSecretKey(files.secretKey, vault) };
  }
  return openSharedVault(files, store.vault, options);
}

/**
 * The card vault of instances sharing a store, kept in its vault area: moved in from `files` by
 * the first start that finds it empty (openSharedDataKey, openSharedSecretKey).
 */
export async function openSharedVault(
  files: DataFiles,
  keys: VaultStore,
  options: VaultKeyOptions = {},
): Promise<OpenedServiceVault> {
  const opened = await openSharedDataKey(files.root, keys, options);
  const vault = new CardVault(opened.key);
  return { vault, opened, secretKey: await openSharedSecretKey(files.secretKey, vault, keys) };
}
