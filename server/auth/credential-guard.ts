import type { Logger } from 'pino';
import type { CredentialFailureStore, FailureSubject } from '../store/credential-failure-store.ts';
import { connectionSource } from '../net/source-address.ts';
import type { AuthLimits } from './auth-limits.ts';

/** The subject a password login's failures count against: the user, from any address. */
export function userSubject(userId: number): FailureSubject {
  return { kind: 'user', subject: String(userId) };
}

/** The subject an existing API key's failures count against: its public id. */
export function apiKeySubject(keyId: string): FailureSubject {
  return { kind: 'api_key', subject: keyId };
}

/**
 * The subject failures with names that match no credential count against: the source address,
 * grouped as the per-source connection cap groups it (IPv6 by its /64).
 */
export function addressSubject(source: string): FailureSubject {
  return { kind: 'address', subject: connectionSource(source) };
}

/**
 * Throttling and lockout as one mechanism (docs/security.md › Credentials, throttling and
 * lockout): failures count against the credential presented (a user from any address, an API key
 * id) or, when the name matches none, against the source address; a subject past its limit is
 * refused unchecked until its lock ends. Users take the lockout limit, keys and addresses the
 * throttle limit. The counts are read from and written to the store on every check.
 */
export class CredentialGuard {
  readonly #store: CredentialFailureStore;
  readonly #limits: Pick<AuthLimits, 'throttle' | 'lockout'>;
  readonly #logger: Logger;

  constructor(
    store: CredentialFailureStore,
    limits: Pick<AuthLimits, 'throttle' | 'lockout'>,
    logger: Logger,
  ) {
    this.#store = store;
    this.#limits = limits;
    this.#logger = logger;
  }

  /** True, and logged, when the subject is refused unchecked at `now`. */
  async refuses(subject: FailureSubject, source: string, now: Date): Promise<boolean> {
    const lockedUntil = (await this.#store.state(subject))?.lockedUntil ?? null;
    if (lockedUntil === null || lockedUntil <= now.getTime()) return false;
    const message = subject.kind === 'user' ? 'account locked' : 'throttled';
    this.#logger.warn({ source, ...subject }, `authentication refused: ${message}`);
    return true;
  }

  /** Counts a failure against the subject and logs it; true when this failure locked it. */
  async fail(subject: FailureSubject, source: string, reason: string, now: Date): Promise<boolean> {
    const limit = subject.kind === 'user' ? this.#limits.lockout : this.#limits.throttle;
    const state = await this.#store.record(subject, limit, now.getTime());
    const locked = state.lockedUntil !== null && state.lockedUntil > now.getTime();
    const { failures } = state;
    this.#logger.warn({ source, reason, ...subject, failures }, 'authentication failed');
    if (locked && failures === limit.maxFailures) {
      const until = new Date(state.lockedUntil ?? 0).toISOString();
      const message = subject.kind === 'user' ? 'account locked' : 'throttled';
      this.#logger.warn({ source, ...subject, failures, until }, message);
    }
    return locked;
  }
}
