import type { MfaStore } from '../store/mfa-store.ts';
import { digestSecret, newSecret } from './secret-digest.ts';
import { unixSeconds } from '../shared/clock.ts';

/** How long an MFA cookie stands in for a code, in seconds: 30 days (LaneTerm's choice). */
export const DEFAULT_MFA_COOKIE_LIFETIME = 30 * 24 * 60 * 60;

/** A freshly issued MFA cookie: the value is shown once; expiresAt in Unix seconds. */
export interface IssuedMfaCookie {
  cookie: string;
  expiresAt: number;
}

/**
 * MFA cookies: long-lived cached MFA codes a user sends instead of a code (docs/interface.md › Authentication §6).
 * Stored as SHA-256 digests and looked up by digest, bound to one user, unusable after expiry.
 */
export class MfaCookieService {
  readonly #store: MfaStore;

  constructor(store: MfaStore) {
    this.#store = store;
  }

  /** Issues a cookie for the user valid for `lifetime` seconds; drops the user's expired ones. */
  async issue(userId: number, lifetime: number, now = new Date()): Promise<IssuedMfaCookie> {
    const cookie = newSecret();
    const at = unixSeconds(now);
    const expiresAt = at + lifetime;
    await this.#store.addCookie(userId, digestSecret(cookie), at, expiresAt);
    return { cookie, expiresAt };
  }

  /** True when the cookie was issued to this user and has not expired. */
  async verify(userId: number, cookie: string, now = new Date()): Promise<boolean> {
    const found = await this.#store.cookie(digestSecret(cookie));
    return found !== undefined && found.userId === userId && found.expiresAt > unixSeconds(now);
  }
}
