import { authenticator } from 'otplib';
import { hashPassword } from '../../../server/accounts/password-hasher.ts';
import type { Login } from '../../../server/store/user-store.ts';
import type { TestServer } from './test-server.ts';

/** A second merchant in a running test service: "acme" with sub-users, profiles and MFA. */
export interface AcmeMerchant {
  owner: Login;
  /** acme:clerk, may run sale and trandetail only. */
  clerk: Login;
  /** acme:lead, may run everything; MFA on (secret below). */
  lead: Login;
  /** acme:boss, may run everything; no MFA. */
  boss: Login;
  /** acme:nodefault, may run everything; no default profile. */
  nodefault: Login;
  mainProfile: number;
  otherProfile: number;
  leadSecret: string;
}

/** Password of every acme login. */
export const ACME_PASSWORD = 'acme-password';

/** Adds the acme merchant to the service's data directory. */
export async function addAcme(service: TestServer): Promise<AcmeMerchant> {
  const { users, profiles, permissions, mfa } = service.accounts;
  const hash = await hashPassword(ACME_PASSWORD);
  const owner = await users.createMerchant('acme', hash, 'UTC', 0);
  const sub = async (name: string, operations: string[]) => {
    const login = await users.createSubUser(owner.merchantId, name, hash, 0);
    await permissions.setUserPermissions(login.userId, operations);
    return login;
  };
  const clerk = await sub('clerk', ['sale', 'trandetail']);
  const lead = await sub('lead', ['*']);
  const boss = await sub('boss', ['*']);
  const nodefault = await sub('nodefault', ['*']);
  const mainProfile = (await profiles.create(owner.merchantId, 'main', 'loopback', 0)).id;
  const otherProfile = (await profiles.create(owner.merchantId, 'other', 'loopback', 0)).id;
  for (const login of [owner, clerk, lead, boss])
    await users.setDefaultProfile(login.userId, mainProfile);
  const leadSecret = (await mfa.enable(lead.userId, lead.username, service.clock.now())).secret;
  const fresh = async (login: Login) => (await users.findById(login.userId)) ?? login;
  return {
    owner: await fresh(owner),
    clerk: await fresh(clerk),
    lead: await fresh(lead),
    boss: await fresh(boss),
    nodefault: await fresh(nodefault),
    mainProfile,
    otherProfile,
    leadSecret,
  };
}

/** The TOTP code of a secret at the service's clock time. */
export function totpAt(service: TestServer, secret: string): string {
  return authenticator.clone({ epoch: service.clock.now().getTime() }).generate(secret);
}
