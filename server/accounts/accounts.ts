import { engineDatabase } from '../engine/store/statement-cache.ts';
import type { Store } from '../store/database.ts';
import { ApiKeyStore } from './api-key-store.ts';
import { CredentialFailureStore } from './credential-failure-store.ts';
import { MfaCookieStore } from './mfa-cookie-store.ts';
import { MfaStore } from './mfa-store.ts';
import { PermissionStore } from './permission-store.ts';
import { ProfileStore } from './profile-store.ts';
import { SecretBox } from './secret-box.ts';
import { UserStore } from './user-store.ts';

/**
 * Every account store over one service store: logins, profiles, permissions, keys, MFA, and the
 * failed-authentication counts behind throttling and lockout.
 */
export interface Accounts {
  users: UserStore;
  profiles: ProfileStore;
  permissions: PermissionStore;
  apiKeys: ApiKeyStore;
  mfa: MfaStore;
  mfaCookies: MfaCookieStore;
  failures: CredentialFailureStore;
}

/**
 * Opens the account stores over one statement cache, so the lookups every request makes reuse
 * their prepared statements; `secretKey` (32 bytes) seals TOTP secrets (see loadOrCreateSecretKey).
 */
export function openAccounts(store: Store, secretKey: Buffer): Accounts {
  const db = engineDatabase(store);
  return {
    users: new UserStore(db),
    profiles: new ProfileStore(db),
    permissions: new PermissionStore(db),
    apiKeys: new ApiKeyStore(db),
    mfa: new MfaStore(db, new SecretBox(secretKey)),
    mfaCookies: new MfaCookieStore(db),
    failures: new CredentialFailureStore(db),
  };
}
