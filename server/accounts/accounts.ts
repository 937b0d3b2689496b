import type { ServiceStore } from '../store/service-store.ts';
import type { CredentialFailureStore } from '../store/credential-failure-store.ts';
import type { ProfileStore } from '../store/profile-store.ts';
import type { UserStore } from '../store/user-store.ts';
import { ApiKeyService } from './api-key-service.ts';
import { MfaCookieService } from './mfa-cookie-service.ts';
import { MfaService } from './mfa-service.ts';
import { PermissionService } from './permission-service.ts';
import { SecretBox } from './secret-box.ts';

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
}

/** The accounts of a store; `secretKey` (32 bytes) seals TOTP secrets (see loadOrCreateSecretKey). */
export function openAccounts(store: ServiceStore, secretKey: Buffer): Accounts {
  return {
    users: store.users,
    profiles: store.profiles,
    permissions: new PermissionService(store.permissions),
    apiKeys: new ApiKeyService(store.apiKeys),
    mfa: new MfaService(store.mfa, new SecretBox(secretKey)),
    mfaCookies: new MfaCookieService(store.mfa),
    failures: store.failures,
  };
}
