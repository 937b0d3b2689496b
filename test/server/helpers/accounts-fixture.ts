import { randomBytes } from 'node:crypto';
import { openAccounts, type Accounts } from '../../../server/accounts/accounts.ts';
import { hashPassword } from '../../../server/accounts/password-hasher.ts';
import { ALL_OPERATIONS } from '../../../server/accounts/permission-store.ts';
import type { Login } from '../../../server/accounts/user-store.ts';
import { openStore, type Store } from '../../../server/store/database.ts';

/** A store with one merchant "acme" (password "acme-pass"), sub-user "acme:clerk", profile "main". */
export interface AccountsFixture {
  store: Store;
  accounts: Accounts;
  merchant: Login;
  clerk: Login;
  profileId: number;
}

/** Password of every login the fixture creates. */
export const FIXTURE_PASSWORD = 'acme-pass';

/** Opens an in-memory store and seeds the fixture merchant. */
export async function accountsFixture(): Promise<AccountsFixture> {
  const store = openStore(':memory:');
  const accounts = openAccounts(store, randomBytes(32));
  const hash = await hashPassword(FIXTURE_PASSWORD);
  const merchant = accounts.users.createMerchant('acme', hash, 'America/New_York');
  const clerk = accounts.users.createSubUser(merchant.merchantId, 'clerk', hash);
  accounts.permissions.setUserPermissions(clerk.userId, [ALL_OPERATIONS]);
  const profile = accounts.profiles.create(merchant.merchantId, 'main', 'loopback');
  accounts.users.setDefaultProfile(merchant.userId, profile.id);
  accounts.users.setDefaultProfile(clerk.userId, profile.id);
  const refreshed = (login: Login) => accounts.users.findById(login.userId) ?? login;
  return {
    store,
    accounts,
    merchant: refreshed(merchant),
    clerk: refreshed(clerk),
    profileId: profile.id,
  };
}
