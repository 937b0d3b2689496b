import { describe, expect, it } from 'vitest';
import { secretMatches } from '../../../server/accounts/secret-digest.ts';
import { accountsFixture } from '../helpers/accounts-fixture.ts';

describe('ApiKeyStore', () => {
  it('issues user keys (U…) and profile keys (P…) and keeps only the secret’s digest', async () => {
    const { store, accounts, clerk, profileId } = await accountsFixture();
    const userKey = await accounts.apiKeys.create(clerk.userId, null, 'till 1');
    const profileKey = await accounts.apiKeys.create(clerk.userId, profileId, 'lane');
    expect(userKey.keyId).toMatch(/^U[0-9A-F]{16}$/);
    expect(profileKey.keyId).toMatch(/^P[0-9A-F]{16}$/);
    const rows = store.database
      .prepare('SELECT secret_hash FROM api_keys')
      .pluck()
      .all() as string[];
    expect(rows.join()).not.toContain(userKey.secret);
    const found = (await accounts.apiKeys.lookup(profileKey.keyId)).key;
    expect(found).toMatchObject({ userId: clerk.userId, profileId, name: 'lane', revokedAt: null });
    expect(secretMatches(profileKey.secret, found?.secretHash ?? '')).toBe(true);
    expect(secretMatches(userKey.secret, found?.secretHash ?? '')).toBe(false);
  });

  it('lists a merchant’s keys with user and profile names, and revokes once', async () => {
    const { accounts, merchant, clerk, profileId } = await accountsFixture();
    const a = await accounts.apiKeys.create(merchant.userId, profileId, '');
    const b = await accounts.apiKeys.create(clerk.userId, null, '');
    expect(await accounts.apiKeys.revoke(a.keyId)).toBe(true);
    expect(await accounts.apiKeys.revoke(a.keyId)).toBe(false);
    expect(await accounts.apiKeys.revoke('P0000000000000000')).toBe(false);
    const listed = await accounts.apiKeys.listForMerchant(merchant.merchantId);
    expect(listed.map((key) => [key.keyId, key.username, key.profileName])).toEqual([
      [a.keyId, 'acme', 'main'],
      [b.keyId, 'acme:clerk', null],
    ]);
    expect(listed[0]?.revokedAt).not.toBeNull();
    expect(listed[1]?.revokedAt).toBeNull();
  });
});
