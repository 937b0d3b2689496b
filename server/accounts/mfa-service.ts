import { authenticator } from 'otplib';
import type { MfaStore } from '../store/mfa-store.ts';
import { unixSeconds } from '../shared/clock.ts';
import type { SecretBox } from './secret-box.ts';

/** TOTP time step in seconds (RFC 6238 §4: X = 30). */
const STEP_SECONDS = 30;
/** Steps either side of now a code is accepted in, for clock drift (RFC 6238 §5.2). */
const DRIFT_STEPS = 1;
/** Issuer shown by authenticator apps beside the account name (Key Uri Format). */
const ISSUER = 'LaneTerm';
const CODE_RULE = /^\d{6}$/;

/**
 * What an MFA code came to: `accepted`; `failure`, a wrong code or the first replay of a step
 * already used, to be counted against the user; `repeat`, a replay of a step whose replay was
 * already counted, refused without counting again.
 */
export type MfaCodeVerdict = 'accepted' | 'failure' | 'repeat';

/** What enabling MFA hands the user once: the base32 secret and its otpauth:// URI. */
export interface MfaEnrolment {
  secret: string;
  uri: string;
}

/**
 * Per-user TOTP (RFC 6238, 6 digits, 30 s, SHA-1, via otplib). The secret must be readable to check
 * codes, so it is sealed under the data directory's key rather than hashed. A code is accepted once:
 * its time step must be later than the last one accepted (RFC 6238 §5.2); replays of one step,
 * however many arrive at once, are one failure (docs/security.md, Credentials).
 */
export class MfaService {
  readonly #store: MfaStore;
  readonly #box: SecretBox;

  constructor(store: MfaStore, box: SecretBox) {
    this.#store = store;
    this.#box = box;
  }

  /** Enables (or re-keys) MFA for a user and returns the new secret and otpauth URI. */
  async enable(userId: number, username: string, now = new Date()): Promise<MfaEnrolment> {
    const secret = authenticator.generateSecret(20);
    await this.#store.setSecret(userId, this.#box.seal(secret, `user:${userId}`), unixSeconds(now));
    return { secret, uri: authenticator.keyuri(username, ISSUER, secret) };
  }

  /** Turns MFA off for a user; false when it was not on. */
  disable(userId: number): Promise<boolean> {
    return this.#store.removeSecret(userId);
  }

  /** True when the user must give an MFA code or cookie. */
  async isEnabled(userId: number): Promise<boolean> {
    return (await this.#store.secret(userId)) !== undefined;
  }

  /**
   * `accepted` when the code is right for now (±1 step) and its step was not used before (recorded);
   * a right code of a step already used is a replay: a `failure` the first time, then `repeat`.
   */
  async verifyCode(userId: number, code: string, now = new Date()): Promise<MfaCodeVerdict> {
    const stored = await this.#store.secret(userId);
    if (stored === undefined || !CODE_RULE.test(code)) return 'failure';
    const secret = this.#box.open(stored.sealed, `user:${userId}`);
    const totp = authenticator.clone({ epoch: now.getTime(), window: DRIFT_STEPS });
    const delta = totp.checkDelta(code, secret);
    if (delta === null) return 'failure';
    const step = Math.floor(unixSeconds(now) / STEP_SECONDS) + delta;
    if (await this.#store.acceptStep(userId, step)) return 'accepted';
    return (await this.#store.countReplay(userId, step)) ? 'failure' : 'repeat';
  }
}
