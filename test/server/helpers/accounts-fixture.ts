import { randomBytes } from 'node:crypto';
import { openAccounts, type Accounts } from '../../../server/accounts/accounts.ts';
import { hashPassword } from '../../../server/accounts/password-hasher.ts';
import { ALL_OPERATIONS } from '../../../server/accounts/permission-service.ts';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import type { Login } from '../../../server/store/user-store.ts';
import { CardVault } from '../../../server/vault/index.ts';

/** A store with one merchant "acme" (password "acme-pass"), sub-user "acme:clerk", profile "main". */
export interface AccountsFixture {
  store: SqliteServiceStore;
  accounts: Accounts;
  merchant: Login;
  clerk: Login;
  profileId: number;
}

/** Password of every login the fixture creates. */
export const FIXTURE_PASSWORD = 'acme-pass';

/** A card vault under a key held in memory only, for accounts over an in-memory store. */
export function memoryVault(): CardVault {
  return new CardVault(randomBytes(32));
}

/** Opens an in-memory store and seeds the fixture merchant. */
export async function accountsFixture(): Promise<AccountsFixture> {
  const store = new SqliteServiceStore(':memory:');
  const accounts = openAccounts(store, memoryVault(), randomBytes(32));
  const hash = await hashPassword(FIXTURE_PASSWORD);
  const merchant = await accounts.users.createMerchant('acme', hash, 'America/New_York', 0);
  const clerk = await accounts.users.createSubUser(merchant.merchantId, 'clerk', hash, 0);
  await accounts.permissions.setUserPermissions(clerk.userId, [ALL_OPERATIONS]);
  const profile = await accounts.profiles.create(merchant.merchantId, 'main', 'loopback', 0);
  await accounts.users.setDefaultProfile(merchant.userId, profile.id);
  await accounts.users.setDefaultProfile(clerk.userId, profile.id);
  const refreshed = async (login: Login) => (await accounts.users.findById(login.userId)) ?? login;
  return {
    store,
    accounts,
    merchant: await refreshed(merchant),
    clerk: await refreshed(clerk),
    profileId: profile.id,
  };
}
