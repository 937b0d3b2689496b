import { authenticator } from 'otplib';
import type { EngineDatabase } from '../engine/store/statement-cache.ts';
import type { SecretBox } from './secret-box.ts';
import { unixSeconds } from '../engine/clock.ts';

/** TOTP time step in seconds (RFC 6238 §4: X = 30). */
const STEP_SECONDS = 30;
/** Steps either side of now a code is accepted in, for clock drift (RFC 6238 §5.2). */
const DRIFT_STEPS = 1;
/** Issuer shown by authenticator apps beside the account name (Key Uri Format). */
const ISSUER = 'LaneTerm';
const CODE_RULE = /^\d{6}$/;

interface MfaRow {
  secret_sealed: string;
  last_step: number;
}

/** What enabling MFA hands the user once: the base32 secret and its otpauth:// URI. */
export interface MfaEnrolment {
  secret: string;
  uri: string;
}

/**
 * Per-user TOTP (RFC 6238, 6 digits, 30 s, SHA-1, via otplib). The secret must be readable to check
 * codes, so it is sealed under the data directory's key rather than hashed. A code is accepted once:
 * its time step must be later than the last one accepted (RFC 6238 §5.2).
 */
export class MfaStore {
  readonly #db: EngineDatabase;
  readonly #box: SecretBox;

  constructor(db: EngineDatabase, box: SecretBox) {
    this.#db = db;
    this.#box = box;
  }

  /** Enables (or re-keys) MFA for a user and returns the new secret and otpauth URI. */
  enable(userId: number, username: string, now = new Date()): MfaEnrolment {
    const secret = authenticator.generateSecret(20);
    const sealed = this.#box.seal(secret, `user:${userId}`);
    this.#db
      .prepare(
        `INSERT INTO user_mfa (user_id, secret_sealed, last_step, enabled_at) VALUES (?, ?, 0, ?)
         ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed,
         last_step = 0, enabled_at = excluded.enabled_at`,
      )
      .run(userId, sealed, unixSeconds(now));
    return { secret, uri: authenticator.keyuri(username, ISSUER, secret) };
  }

  /** Turns MFA off for a user; false when it was not on. */
  disable(userId: number): boolean {
    return this.#db.prepare('DELETE FROM user_mfa WHERE user_id = ?').run(userId).changes === 1;
  }

  /** True when the user must give an MFA code or cookie. */
  isEnabled(userId: number): boolean {
    return this.#row(userId) !== undefined;
  }

  /** True when the code is right for now (±1 step) and its step was not used before; records it. */
  verifyCode(userId: number, code: string, now = new Date()): boolean {
    const row = this.#row(userId);
    if (row === undefined || !CODE_RULE.test(code)) return false;
    const secret = this.#box.open(row.secret_sealed, `user:${userId}`);
    const totp = authenticator.clone({ epoch: now.getTime(), window: DRIFT_STEPS });
    const delta = totp.checkDelta(code, secret);
    if (delta === null) return false;
    const step = Math.floor(unixSeconds(now) / STEP_SECONDS) + delta;
    const sql = 'UPDATE user_mfa SET last_step = ? WHERE user_id = ? AND last_step < ?';
    return this.#db.prepare(sql).run(step, userId, step).changes === 1;
  }

  #row(userId: number): MfaRow | undefined {
    return this.#db
      .prepare<[number], MfaRow>('SELECT secret_sealed, last_step FROM user_mfa WHERE user_id = ?')
      .get(userId);
  }
}
