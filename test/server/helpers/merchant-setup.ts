import { authenticator } from 'otplib';
import { hashPassword } from '../../../server/accounts/password-hasher.ts';
import type { Login } from '../../../server/accounts/user-store.ts';
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
  const owner = users.createMerchant('acme', hash, 'UTC');
  const sub = (name: string, operations: string[]) => {
    const login = users.createSubUser(owner.merchantId, name, hash);
    permissions.setUserPermissions(login.userId, operations);
    return login;
  };
  const clerk = sub('clerk', ['sale', 'trandetail']);
  const lead = sub('lead', ['*']);
  const boss = sub('boss', ['*']);
  const nodefault = sub('nodefault', ['*']);
  const mainProfile = profiles.create(owner.merchantId, 'main', 'loopback').id;
  const otherProfile = profiles.create(owner.merchantId, 'other', 'loopback').id;
  for (const login of [owner, clerk, lead, boss])
    users.setDefaultProfile(login.userId, mainProfile);
  const leadSecret = mfa.enable(lead.userId, lead.username, service.clock.now()).secret;
  const fresh = (login: Login) => users.findById(login.userId) ?? login;
  return {
    owner: fresh(owner),
    clerk: fresh(clerk),
    lead: fresh(lead),
    boss: fresh(boss),
    nodefault: fresh(nodefault),
    mainProfile,
    otherProfile,
    leadSecret,
  };
}

/** The TOTP code of a secret at the service's clock time. */
export function totpAt(service: TestServer, secret: string): string {
  return authenticator.clone({ epoch: service.clock.now().getTime() }).generate(secret);
}
