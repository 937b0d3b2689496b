import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSecretKey } from '../../../server/accounts/secret-box.ts';
import { prepareDataDirectory, type DataFiles } from '../../../server/config/data-directory.ts';
import { openSharedVault } from '../../../server/service-vault.ts';
import type { ServiceStore } from '../../../server/store/service-store.ts';
import {
  CardVault,
  openDataKey,
  rotateSharedKek,
  type VaultKeyOptions,
} from '../../../server/vault/index.ts';
import { WRAPPED_KEY_FILE } from '../../../server/vault/wrapped-key-file.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';
import {
  postgresBackend,
  sqliteBackend,
  useStores,
  type BackendUnderTest,
} from '../store/store-fixture.ts';

const BACKENDS: BackendUnderTest[] = [sqliteBackend(), postgresBackend()];
const VARIABLE = 'SHARED_VAULT_TEST_KEK';
const NEXT_VARIABLE = 'SHARED_VAULT_TEST_KEK_NEXT';
const OPTIONS: VaultKeyOptions = { initial: { kind: 'env', variable: VARIABLE } };
const CARD = { pan: '4111111111111111', expdate: '1230' };

beforeEach(() => {
  process.env[VARIABLE] = randomBytes(32).toString('hex');
});
afterEach(() => {
  delete process.env[VARIABLE];
  delete process.env[NEXT_VARIABLE];
});

/** A data directory as a single-instance start left it: its own vault, TOTP key and a sealed card. */
function singleInstanceDirectory(root: string) {
  const files = prepareDataDirectory(root);
  const key = openDataKey(root, OPTIONS).key;
  const vault = new CardVault(key);
  const secretKey = openSecretKey(files.secretKey, vault);
  return { files, key, secretKey, sealed: vault.seal(CARD, 'token') };
}

/** The states a start moving `files`' vault into `store` leaves when it stops after each step. */
const CUT_SHORT: Record<string, (files: DataFiles, store: ServiceStore) => Promise<void>> = {
  'before anything was stored': async () => undefined,
  'after the vault key was stored': async (files, store) => {
    const wrappedJson = readFileSync(join(files.root, WRAPPED_KEY_FILE), 'utf8');
    const vault = (JSON.parse(wrappedJson) as { vault: string }).vault;
    await store.vault.createKey({ vault, wrappedJson }, 1);
  },
  'after the TOTP key was stored too': async (files, store) => {
    await CUT_SHORT['after the vault key was stored']?.(files, store);
    await store.vault.keepServiceKey('totp', readFileSync(files.secretKey), 1);
  },
};

describe.each(BACKENDS)('the shared card vault on $name', (backend) => {
  const { fresh, pair } = useStores(backend);
  const tempDir = useTempDirs('laneterm-shared-vault-');

  it.skipIf(backend.skip).each(Object.keys(CUT_SHORT))(
    'moves a single-instance vault into the store once, finished by the next start %s',
    async (state) => {
      const { store } = await fresh();
      const before = singleInstanceDirectory(tempDir());
      await CUT_SHORT[state]?.(before.files, store);
      const moved = await openSharedVault(before.files, store.vault, OPTIONS);
      expect(moved.opened.key).toEqual(before.key);
      expect(moved.secretKey).toEqual(before.secretKey);
      expect(moved.vault.unseal(before.sealed, 'token')).toEqual(CARD);
      expect(existsSync(join(before.files.root, WRAPPED_KEY_FILE))).toBe(false);
      expect(existsSync(before.files.secretKey)).toBe(false);
      const other = await openSharedVault(prepareDataDirectory(tempDir()), store.vault, OPTIONS);
      expect(other.opened).toMatchObject({ key: before.key, change: 'none' });
      expect(other.secretKey).toEqual(before.secretKey);
    },
  );

  it.skipIf(backend.skip)(
    'gives instances starting at once on empty directories one vault',
    async () => {
      const [a, b] = await pair();
      const opened = await Promise.all([
        openSharedVault(prepareDataDirectory(tempDir()), a.vault, OPTIONS),
        openSharedVault(prepareDataDirectory(tempDir()), b.vault, OPTIONS),
      ]);
      expect(opened[0].opened.key).toEqual(opened[1].opened.key);
      expect(opened[0].secretKey).toEqual(opened[1].secretKey);
      expect(opened.map((o) => o.opened.change).sort()).toEqual(['created', 'none']);
    },
  );

  it.skipIf(backend.skip)(
    'refuses a KEK that does not open the store, naming where it looked and admin rotate-keys',
    async () => {
      const { store } = await fresh();
      await openSharedVault(prepareDataDirectory(tempDir()), store.vault, OPTIONS);
      process.env[VARIABLE] = randomBytes(32).toString('hex');
      await expect(
        openSharedVault(prepareDataDirectory(tempDir()), store.vault, OPTIONS),
      ).rejects.toThrow(
        /card vault of the store cannot be opened: the environment variable SHARED_VAULT_TEST_KEK holds another key.*admin rotate-keys/,
      );
    },
  );

  it.skipIf(backend.skip)(
    'refuses a data directory holding another vault than the store, and keeps it',
    async () => {
      const { store } = await fresh();
      await openSharedVault(prepareDataDirectory(tempDir()), store.vault, OPTIONS);
      const own = singleInstanceDirectory(tempDir());
      await expect(openSharedVault(own.files, store.vault, OPTIONS)).rejects.toThrow(
        /card-vault\.json holds card vault [0-9a-f]{16} while the store holds vault [0-9a-f]{16}/,
      );
      expect(existsSync(join(own.files.root, WRAPPED_KEY_FILE))).toBe(true);
    },
  );

  it.skipIf(backend.skip)(
    're-wraps the store vault under a new KEK while instances hold it open',
    async () => {
      const [a, b] = await pair();
      const running = await openSharedVault(prepareDataDirectory(tempDir()), a.vault, OPTIONS);
      const sealed = running.vault.seal(CARD, 'token');
      process.env[NEXT_VARIABLE] = randomBytes(32).toString('base64');
      const target = { kind: 'env', variable: NEXT_VARIABLE } as const;
      expect(await rotateSharedKek(tempDir(), b.vault, target)).toEqual({
        from: OPTIONS.initial,
        to: target,
      });
      expect(running.vault.unseal(sealed, 'token')).toEqual(CARD);
      delete process.env[VARIABLE];
      const restarted = await openSharedVault(prepareDataDirectory(tempDir()), b.vault, OPTIONS);
      expect(restarted.vault.unseal(sealed, 'token')).toEqual(CARD);
      expect(restarted.opened.custody).toEqual(target);
    },
  );
});
