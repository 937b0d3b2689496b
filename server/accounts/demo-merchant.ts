import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Accounts } from './accounts.ts';
import { hashPassword } from './password-hasher.ts';
import { ALL_OPERATIONS } from './permission-service.ts';
import { unixSeconds } from '../shared/clock.ts';
import type { Login } from '../store/user-store.ts';

/**
 * The training merchant of --demo: the well-known credentials of the public test server (the public
 * test server's test_retail:public / publ1ct3st, as libmonetra's tests use it), the merchant user
 * with the same password, and a default profile on the simulated (loopback) processor.
 */
export const DEMO_MERCHANT = {
  merchant: 'test_retail',
  sub: 'public',
  password: 'publ1ct3st',
  profile: 'retail',
  processor: 'loopback',
} as const;

/**
 * What --demo left in place: the demo logins and its profile API key (also in demo-apikey.json).
 */
export interface DemoSeed {
  merchantUser: Login;
  subUser: Login;
  profileId: number;
  apiKeyId: string;
  apiKeySecret: string;
}

/**
 * Seeds the demo merchant, creating only what is missing, so it is idempotent across restarts.
 * The profile API key in `keyFile` (JSON {id, secret}, mode 0600) is kept while it still works and
 * replaced when the file is missing or its key was revoked.
 */
export async function seedDemoMerchant(
  accounts: Accounts,
  keyFile: string,
  now = new Date(),
): Promise<DemoSeed> {
  const { users, profiles, permissions, apiKeys } = accounts;
  const { merchant, sub, password } = DEMO_MERCHANT;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const at = unixSeconds(now);
  const merchantUser =
    (await users.find({ merchant, sub: '' })) ??
    (await users.createMerchant(merchant, await hashPassword(password), zone, at));
  let subUser = await users.find({ merchant, sub });
  if (subUser === undefined) {
    const hash = await hashPassword(password);
    subUser = await users.createSubUser(merchantUser.merchantId, sub, hash, at);
    await permissions.setUserPermissions(subUser.userId, [ALL_OPERATIONS]);
  }
  const profile =
    (await profiles.findByName(merchantUser.merchantId, DEMO_MERCHANT.profile)) ??
    (await profiles.create(
      merchantUser.merchantId,
      DEMO_MERCHANT.profile,
      DEMO_MERCHANT.processor,
      at,
    ));
  for (const login of [merchantUser, subUser]) {
    if (login.defaultProfileId === null) await users.setDefaultProfile(login.userId, profile.id);
  }
  const kept = await readWorkingKey(accounts, keyFile);
  const key = kept ?? (await apiKeys.create(merchantUser.userId, profile.id, 'demo', now));
  if (kept === undefined) {
    const json = JSON.stringify({ id: key.keyId, secret: key.secret }, null, 2);
    writeFileSync(keyFile, `${json}\n`, { mode: 0o600 });
  }
  return {
    merchantUser: (await users.findById(merchantUser.userId)) ?? merchantUser,
    subUser: (await users.findById(subUser.userId)) ?? subUser,
    profileId: profile.id,
    apiKeyId: key.keyId,
    apiKeySecret: key.secret,
  };
}

async function readWorkingKey(accounts: Accounts, keyFile: string) {
  if (!existsSync(keyFile)) return undefined;
  const saved = JSON.parse(readFileSync(keyFile, 'utf8')) as { id?: unknown; secret?: unknown };
  if (typeof saved.id !== 'string' || typeof saved.secret !== 'string') return undefined;
  return (await accounts.apiKeys.verify(saved.id, saved.secret)) === undefined
    ? undefined
    : { keyId: saved.id, secret: saved.secret };
}
