import { parseLoginName } from '../accounts/account-names.ts';
import type { FailureSubject } from '../store/credential-failure-store.ts';
import { verifyDecoyPassword, verifyPassword } from '../accounts/password-hasher.ts';
import type { Login, UserStore } from '../store/user-store.ts';
import { KeyedLock } from '../shared/keyed-lock.ts';
import type { AuthLimits } from './auth-limits.ts';
import { addressSubject, userSubject, type CredentialGuard } from './credential-guard.ts';
import type { PasswordCredentials } from './credentials.ts';
import type { DeniedSubject } from './denial.ts';
import { PasswordCache } from './password-cache.ts';
import { VerificationBusyError, VerificationPool } from './verification-pool.ts';

/** What checking a username and password came to. */
export type PasswordOutcome =
  /** Proved, by a remembered check (`cache`) or a full one (`scrypt`). */
  | { kind: 'verified'; login: Login; via: 'cache' | 'scrypt' }
  /** Not proved; the failure was counted against `subject`. */
  | { kind: 'refused'; subject: DeniedSubject }
  /** Not checked: the account is locked. */
  | { kind: 'locked'; subject: DeniedSubject }
  /** Not checked: the name matches no login and its address is throttled. */
  | { kind: 'throttled'; subject: DeniedSubject }
  /** Not checked: no verification slot within the queue deadline. */
  | { kind: 'busy' };

const BUSY = { kind: 'busy' } as const;

/**
 * Checks a username and password at the cost of one scrypt per login and cache lifetime
 * (docs/security.md): the account's lock first, then the remembered HMAC, then scrypt in the
 * bounded pool, one at a time per account (or per address for unknown names), so concurrent wrong
 * guesses see the lock the tenth one set and concurrent right ones share one scrypt. An unknown or
 * disabled login runs the same steps against a decoy hash, so neither answer nor time tells it.
 */
export class PasswordCheck {
  readonly #users: UserStore;
  readonly #guard: CredentialGuard;
  readonly #cache: PasswordCache;
  readonly #pool: VerificationPool;
  readonly #lock = new KeyedLock();

  constructor(users: UserStore, guard: CredentialGuard, limits: AuthLimits) {
    this.#users = users;
    this.#guard = guard;
    this.#cache = new PasswordCache(limits.passwordCacheMs);
    this.#pool = new VerificationPool({
      concurrency: limits.passwordChecks,
      queueMs: limits.passwordQueueMs,
    });
  }

  /** Checks the credentials presented from `source` at `now`. */
  async check(
    credentials: PasswordCredentials,
    source: string,
    now: Date,
  ): Promise<PasswordOutcome> {
    const { login, password } = await this.#resolve(credentials);
    const subject = login === undefined ? addressSubject(source) : userSubject(login.userId);
    const usable = login?.disabled === true ? undefined : login;
    if (login?.disabled === true) this.#cache.forget(login.userId);
    const blocked = await this.#blocked(subject, login, now);
    if (blocked !== undefined) return blocked;
    const remembered = this.#remembered(usable, password, now);
    if (remembered !== undefined) return remembered;
    return this.#lock.run(`${subject.kind}:${subject.subject}`, async () => {
      const nowBlocked = await this.#blocked(subject, login, now);
      if (nowBlocked !== undefined) return nowBlocked;
      const rememberedNow = this.#remembered(usable, password, now);
      if (rememberedNow !== undefined) return rememberedNow;
      let matches: boolean;
      try {
        matches = await this.#pool.run(addressSubject(source).subject, () =>
          login === undefined
            ? verifyDecoyPassword(password)
            : verifyPassword(password, login.passwordHash),
        );
      } catch (error) {
        if (error instanceof VerificationBusyError) return BUSY;
        throw error;
      }
      if (matches && usable !== undefined) {
        this.#cache.remember(usable, password, now.getTime());
        return { kind: 'verified', login: usable, via: 'scrypt' };
      }
      return { kind: 'refused', subject: await this.recordFailure(login, source, 'password', now) };
    });
  }

  /**
   * Counts a failure (a wrong password, MFA code or dual credential) against the login, from any
   * address, or against the address when there is no login; a login it locks is forgotten by the
   * cache at once. Returns what the failure counted against.
   */
  async recordFailure(
    login: Login | undefined,
    source: string,
    reason: string,
    now: Date,
  ): Promise<DeniedSubject> {
    const subject = login === undefined ? addressSubject(source) : userSubject(login.userId);
    const { counted, locked } = await this.#guard.fail(subject, source, reason, now);
    if (locked && login !== undefined) this.#cache.forget(login.userId);
    return counted;
  }

  /** Verified when the cache remembers the password; the HMAC is computed for no login too. */
  #remembered(usable: Login | undefined, password: string, now: Date) {
    const hit = this.#cache.matches(usable, password, now.getTime());
    return hit && usable !== undefined
      ? ({ kind: 'verified', login: usable, via: 'cache' } as const)
      : undefined;
  }

  async #blocked(subject: FailureSubject, login: Login | undefined, now: Date) {
    if (!(await this.#guard.refuses(subject, now))) return undefined;
    const kind = login === undefined ? 'throttled' : 'locked';
    return { kind, subject } as const;
  }

  /** The login and password to check: the v2 colon reading when that sub-user exists. */
  async #resolve(
    credentials: PasswordCredentials,
  ): Promise<{ login: Login | undefined; password: string }> {
    const alternative = credentials.alternative;
    const alternativeLogin =
      alternative === undefined ? undefined : await this.#find(alternative.username);
    if (alternativeLogin !== undefined && alternative !== undefined) {
      return { login: alternativeLogin, password: alternative.password };
    }
    return { login: await this.#find(credentials.username), password: credentials.password };
  }

  async #find(username: string): Promise<Login | undefined> {
    const name = parseLoginName(username);
    return name === undefined ? undefined : this.#users.find(name);
  }
}
