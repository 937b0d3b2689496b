import type { ServiceStore } from '../store/service-store.ts';
import type { CredentialFailureStore } from '../store/credential-failure-store.ts';
import type { ProfileStore } from '../store/profile-store.ts';
import type { PasswordCheckStore } from '../store/password-check-store.ts';
import type { UserStore } from '../store/user-store.ts';
import { ApiKeyService } from './api-key-service.ts';
import { MfaCookieService } from './mfa-cookie-service.ts';
import { MfaService } from './mfa-service.ts';
import { PageSigningKeys } from './page-signing-key.ts';
import { PermissionService } from './permission-service.ts';
import { SecretBox } from './secret-box.ts';
import type { CardVault } from '../vault/index.ts';

/**
 * Everything about who may ask, over the service store: logins, profiles, permissions, keys, MFA,
 * and the failed-authentication counts behind throttling and lockout.
 */
export interface Accounts {
  users: UserStore;
  profiles: ProfileStore;
  permissions: PermissionService;
  apiKeys: ApiKeyService;
  mfa: MfaService;
  mfaCookies: MfaCookieService;
  failures: CredentialFailureStore;
  /** Remembered password checks, kept across restarts (docs/security.md, Password verification cache). */
  passwordChecks: PasswordCheckStore;
  /** The keyed digest remembered checks are made of (CardVault.credentialDigest). */
  credentialDigest: (context: string, secret: string) => Buffer;
}

/**
 * The accounts of a store: `vault` seals API keys' signing keys, `secretKey` (32 bytes) TOTP
 * secrets (openSecretKey).
 */
export function openAccounts(store: ServiceStore, vault: CardVault, secretKey: Buffer): Accounts {
  return {
    users: store.users,
    profiles: store.profiles,
    permissions: new PermissionService(store.permissions),
    apiKeys: new ApiKeyService(store.apiKeys, new PageSigningKeys(vault)),
    mfa: new MfaService(store.mfa, new SecretBox(secretKey)),
    mfaCookies: new MfaCookieService(store.mfa),
    failures: store.failures,
    passwordChecks: store.passwordChecks,
    credentialDigest: (context, secret) => vault.credentialDigest(context, secret),
  };
}
