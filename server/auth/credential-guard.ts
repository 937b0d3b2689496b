import type { Logger } from 'pino';
import type { CredentialFailureStore, FailureSubject } from '../store/credential-failure-store.ts';
import { connectionSource } from '../net/source-address.ts';
import type { AuthLimits } from './auth-limits.ts';
import type { DeniedSubject } from './denial.ts';

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
 * throttle limit. The counts are read from and written to the store on every check. Each refused
 * attempt is logged once, with the request's refusal (RequestLog); the guard logs the moment a
 * subject becomes locked.
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

  /** True when the subject is refused unchecked at `now`. */
  async refuses(subject: FailureSubject, now: Date): Promise<boolean> {
    const lockedUntil = (await this.#store.state(subject))?.lockedUntil ?? null;
    return lockedUntil !== null && lockedUntil > now.getTime();
  }

  /**
   * Counts a failure against the subject: the subject with its failures counted now, and whether
   * this failure locked it (logged once, when the limit is reached).
   */
  async fail(
    subject: FailureSubject,
    source: string,
    reason: string,
    now: Date,
  ): Promise<{ counted: DeniedSubject; locked: boolean }> {
    const limit = subject.kind === 'user' ? this.#limits.lockout : this.#limits.throttle;
    const state = await this.#store.record(subject, limit, now.getTime());
    const locked = state.lockedUntil !== null && state.lockedUntil > now.getTime();
    const { failures } = state;
    if (locked && failures === limit.maxFailures) {
      const until = new Date(state.lockedUntil ?? 0).toISOString();
      const message = subject.kind === 'user' ? 'account locked' : 'throttled';
      this.#logger.warn({ source, reason, ...subject, failures, until }, message);
    }
    return { counted: { ...subject, failures }, locked };
  }
}
