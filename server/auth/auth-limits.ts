import { availableParallelism } from 'node:os';
import type { FailureLimit } from '../store/credential-failure-store.ts';

/**
 * The limits of authentication; LaneTerm's choices (the interface gives none, Limits), each an option
 * (docs/api.md › Limits, docs/security.md › Credentials, throttling and lockout).
 */
export interface AuthLimits {
  /**
   * Failures per API key id, and per source address for names that match no credential: 10 within
   * 5 minutes of the first, then wrong attempts are refused unchecked for 5 minutes.
   */
  throttle: FailureLimit;
  /**
   * Failures per password account, from any mix of addresses: 10 within 30 minutes lock it for
   * 30 minutes or until `admin unlock` (PCI DSS v4.0 8.3.4: at most 10, at least 30 minutes).
   */
  lockout: FailureLimit;
  /**
   * Milliseconds a remembered password check holds unused; each use starts it again (sliding);
   * default 3 600 000 (an hour); 0 remembers none.
   */
  passwordCacheMs: number;
  /** Milliseconds after its scrypt check a remembered check ends however used; default 12 hours. */
  passwordCacheMaxMs: number;
  /** scrypt verifications running at once; default half the CPUs, at least 1. */
  passwordChecks: number;
  /** Milliseconds a verification may wait for a slot before SYS_UNAVAILABLE; default 5000. */
  passwordQueueMs: number;
}

/** Default authentication limits. */
export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  throttle: { maxFailures: 10, windowMs: 5 * 60_000 },
  lockout: { maxFailures: 10, windowMs: 30 * 60_000 },
  passwordCacheMs: 60 * 60_000,
  passwordCacheMaxMs: 12 * 60 * 60_000,
  passwordChecks: Math.max(1, Math.floor(availableParallelism() / 2)),
  passwordQueueMs: 5000,
};
