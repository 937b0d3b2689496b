import type { EngineDatabase } from '../engine/store/statement-cache.ts';
import { digestSecret, newSecret } from './secret-digest.ts';
import { unixSeconds } from '../engine/clock.ts';

/** How long an MFA cookie stands in for a code, in seconds: 30 days (LaneTerm's choice). */
export const DEFAULT_MFA_COOKIE_LIFETIME = 30 * 24 * 60 * 60;

/** A freshly issued MFA cookie: the value is shown once; expiresAt in Unix seconds. */
export interface IssuedMfaCookie {
  cookie: string;
  expiresAt: number;
}

/**
 * MFA cookies: long-lived cached MFA codes a user sends instead of a code (seed: Authentication §6).
 * Stored as SHA-256 digests and looked up by digest, bound to one user, unusable after expiry.
 */
export class MfaCookieStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** Issues a cookie for the user valid for `lifetime` seconds; drops the user's expired ones. */
  issue(userId: number, lifetime: number, now = new Date()): IssuedMfaCookie {
    const cookie = newSecret();
    const at = unixSeconds(now);
    const expiresAt = at + lifetime;
    this.#db.atomically(() => {
      this.#db
        .prepare('DELETE FROM mfa_cookies WHERE user_id = ? AND expires_at <= ?')
        .run(userId, at);
      this.#db
        .prepare(
          'INSERT INTO mfa_cookies (user_id, cookie_hash, created_at, expires_at) VALUES (?, ?, ?, ?)',
        )
        .run(userId, digestSecret(cookie), at, expiresAt);
    });
    return { cookie, expiresAt };
  }

  /** True when the cookie was issued to this user and has not expired. */
  verify(userId: number, cookie: string, now = new Date()): boolean {
    const row = this.#db
      .prepare<[string], { user_id: number; expires_at: number }>(
        'SELECT user_id, expires_at FROM mfa_cookies WHERE cookie_hash = ?',
      )
      .get(digestSecret(cookie));
    return row !== undefined && row.user_id === userId && row.expires_at > unixSeconds(now);
  }
}
