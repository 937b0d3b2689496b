import { isIPv4, isIPv6 } from 'node:net';
import type { Logger } from 'pino';
import type {
  CredentialFailureStore,
  FailureSubject,
} from '../accounts/credential-failure-store.ts';
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
 * IPv4-mapped IPv6 read as IPv4, other IPv6 addresses by their /64 (one host's usual share).
 */
export function addressSubject(source: string): FailureSubject {
  const mapped = source.startsWith('::ffff:') ? source.slice(7) : source;
  if (isIPv4(mapped) || !isIPv6(source)) return { kind: 'address', subject: mapped };
  const [head = '', tail] = source.split('%')[0]?.split('::') ?? [];
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return { kind: 'address', subject: `${prefix.join(':')}::/64` };
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
  refuses(subject: FailureSubject, source: string, now: Date): boolean {
    const lockedUntil = this.#store.state(subject)?.lockedUntil ?? null;
    if (lockedUntil === null || lockedUntil <= now.getTime()) return false;
    const message = subject.kind === 'user' ? 'account locked' : 'throttled';
    this.#logger.warn({ source, ...subject }, `authentication refused: ${message}`);
    return true;
  }

  /** Counts a failure against the subject and logs it; true when this failure locked it. */
  fail(subject: FailureSubject, source: string, reason: string, now: Date): boolean {
    const limit = subject.kind === 'user' ? this.#limits.lockout : this.#limits.throttle;
    const state = this.#store.record(subject, limit, now.getTime());
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
