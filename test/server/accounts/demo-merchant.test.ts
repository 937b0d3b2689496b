import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { memoryVault } from '../helpers/accounts-fixture.ts';
import { describe, expect, it } from 'vitest';
import { openAccounts } from '../../../server/accounts/accounts.ts';
import { DEMO_MERCHANT, seedDemoMerchant } from '../../../server/accounts/demo-merchant.ts';
import { verifyPassword } from '../../../server/accounts/password-hasher.ts';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs();

describe('seedDemoMerchant', () => {
  it('creates test_retail and test_retail:public with the public password and a default profile', async () => {
    const dir = tempDir();
    const accounts = openAccounts(
      new SqliteServiceStore(':memory:'),
      memoryVault(),
      randomBytes(32),
    );
    const seed = await seedDemoMerchant(accounts, join(dir, 'demo-apikey.json'));
    expect(seed.subUser.username).toBe('test_retail:public');
    expect(await verifyPassword(DEMO_MERCHANT.password, seed.subUser.passwordHash)).toBe(true);
    expect(await verifyPassword(DEMO_MERCHANT.password, seed.merchantUser.passwordHash)).toBe(true);
    expect(seed.subUser.defaultProfileId).toBe(seed.profileId);
    expect(seed.merchantUser.defaultProfileId).toBe(seed.profileId);
    expect(await accounts.permissions.allows(seed.subUser, 'sale')).toBe(true);
    expect((await accounts.apiKeys.lookup(seed.apiKeyId)).key?.profileId).toBe(seed.profileId);
  });

  it('is idempotent: a second run keeps the logins, the profile and the key file', async () => {
    const dir = tempDir();
    const keyFile = join(dir, 'demo-apikey.json');
    const store = new SqliteServiceStore(join(dir, 'service.db'));
    const accounts = openAccounts(store, memoryVault(), randomBytes(32));
    const first = await seedDemoMerchant(accounts, keyFile);
    const fileBefore = readFileSync(keyFile, 'utf8');
    const second = await seedDemoMerchant(accounts, keyFile);
    expect(second.apiKeyId).toBe(first.apiKeyId);
    expect(second.merchantUser.userId).toBe(first.merchantUser.userId);
    expect(second.profileId).toBe(first.profileId);
    expect(readFileSync(keyFile, 'utf8')).toBe(fileBefore);
    expect(JSON.parse(fileBefore)).toEqual({ id: first.apiKeyId, secret: first.apiKeySecret });
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const count = (table: string) =>
      store.database.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();
    expect([count('merchants'), count('users'), count('profiles'), count('api_keys')]).toEqual([
      1, 2, 1, 1,
    ]);
  });

  it('issues a new key when the key file is gone or its key was revoked', async () => {
    const dir = tempDir();
    const keyFile = join(dir, 'demo-apikey.json');
    const accounts = openAccounts(
      new SqliteServiceStore(':memory:'),
      memoryVault(),
      randomBytes(32),
    );
    const first = await seedDemoMerchant(accounts, keyFile);
    await accounts.apiKeys.revoke(first.apiKeyId);
    const second = await seedDemoMerchant(accounts, keyFile);
    expect(second.apiKeyId).not.toBe(first.apiKeyId);
    rmSync(keyFile);
    const third = await seedDemoMerchant(accounts, keyFile);
    expect(third.apiKeyId).not.toBe(second.apiKeyId);
    expect(JSON.parse(readFileSync(keyFile, 'utf8')).id).toBe(third.apiKeyId);
  });
});
