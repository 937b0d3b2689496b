import { parseLoginName } from '../accounts/account-names.ts';
import type { Accounts } from '../accounts/accounts.ts';
import type { FailureSubject } from '../store/credential-failure-store.ts';
import { verifyDecoyPassword, verifyPassword } from '../accounts/password-hasher.ts';
import type { Login } from '../store/user-store.ts';
import { KeyedLock } from '../shared/keyed-lock.ts';
import type { AuthLimits } from './auth-limits.ts';
import { CheckPacer } from './check-pacer.ts';
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
  /** Not proved, from a throttled address: a name that matches no login, or a wrong password. */
  | { kind: 'throttled'; subject: DeniedSubject }
  /** Not checked: no verification slot within the queue deadline. */
  | { kind: 'busy' };

/** The slow hash of a full check, and the same work against a decoy hash (password-hasher). */
export interface PasswordVerifier {
  verify(password: string, storedHash: string): Promise<boolean>;
  decoy(password: string): Promise<boolean>;
}

/** scrypt (N = 2^15, r = 8, p = 1), as passwords are stored. */
export const SCRYPT: PasswordVerifier = { verify: verifyPassword, decoy: verifyDecoyPassword };

const BUSY = { kind: 'busy' } as const;

/** One attempt on its way through the check. */
interface Attempt {
  login: Login | undefined;
  password: string;
  source: string;
  address: FailureSubject;
  /** What a failure counts against: the login, or the address when there is none. */
  subject: FailureSubject;
  now: Date;
}

/**
 * Checks a username and password at the cost of one scrypt per login and remembered check
 * (docs/security.md, Credentials, throttling and lockout): the subject's lock, then the
 * remembered check, then scrypt in the bounded pool, one at a time per account, so concurrent
 * wrong guesses see the lock the tenth one set and concurrent right ones share one scrypt. A name
 * that matches no login and a locked account spend no scrypt: their refusal waits as long as a
 * full check takes (CheckPacer), one at a time per name as checks of an account are, so neither
 * answer nor time tells them from a wrong password. From a throttled address every failure is
 * answered THROTTLED, a known name's wrong password (still counted against it) too.
 */
export class PasswordCheck {
  readonly #users: Accounts['users'];
  readonly #guard: CredentialGuard;
  readonly #cache: PasswordCache;
  readonly #pool: VerificationPool;
  readonly #pacer: CheckPacer;
  readonly #verifier: PasswordVerifier;
  readonly #lock = new KeyedLock();
  readonly #addressLock = new KeyedLock();

  constructor(
    accounts: Pick<Accounts, 'users' | 'passwordChecks' | 'credentialDigest'>,
    guard: CredentialGuard,
    limits: AuthLimits,
    verifier: PasswordVerifier = SCRYPT,
  ) {
    this.#users = accounts.users;
    this.#guard = guard;
    this.#verifier = verifier;
    this.#cache = new PasswordCache(accounts.passwordChecks, accounts.credentialDigest, {
      idleMs: limits.passwordCacheMs,
      maxMs: limits.passwordCacheMaxMs,
    });
    this.#pool = new VerificationPool({
      concurrency: limits.passwordChecks,
      queueMs: limits.passwordQueueMs,
    });
    this.#pacer = new CheckPacer(() => verifier.decoy(''));
  }

  /** Checks the credentials presented from `source` at `now`. */
  async check(
    credentials: PasswordCredentials,
    source: string,
    now: Date,
  ): Promise<PasswordOutcome> {
    const { login, password, name } = await this.#resolve(credentials);
    const address = addressSubject(source);
    const subject = login === undefined ? address : userSubject(login.userId);
    const attempt: Attempt = { login, password, source, address, subject, now };
    const usable = login?.disabled === true ? undefined : login;
    if (login?.disabled === true) this.#cache.drop(login.userId);
    if (!(await this.#guard.refuses(subject, now))) {
      if (await this.#cache.matches(usable, password, now.getTime())) {
        return { kind: 'verified', login: usable as Login, via: 'cache' };
      }
    }
    if (login === undefined) return this.#lock.run(`name:${name}`, () => this.#unknown(attempt));
    return this.#lock.run(`user:${login.userId}`, () => this.#full(attempt, login));
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
    if (locked && login !== undefined) await this.#cache.forget(login.userId);
    return counted;
  }

  /** A name that matches no login: counted against the address, answered at a check's pace. */
  async #unknown(attempt: Attempt): Promise<PasswordOutcome> {
    const began = performance.now();
    const { address, source, now } = attempt;
    const outcome = await this.#addressLock.run(address.subject, async () => {
      const [throttled] = await this.#states(attempt);
      if (throttled) return { kind: 'throttled', subject: address } as const;
      const subject = await this.recordFailure(undefined, source, 'password', now);
      return { kind: 'refused', subject } as const;
    });
    await this.#pacer.pace(began);
    return outcome;
  }

  /** A known login: its lock, what a check just before remembered, then scrypt. */
  async #full(attempt: Attempt, login: Login): Promise<PasswordOutcome> {
    const began = performance.now();
    const { password, source, subject, now } = attempt;
    const [throttled, locked] = await this.#states(attempt);
    if (locked) {
      await this.#pacer.pace(began);
      return { kind: throttled ? 'throttled' : 'locked', subject };
    }
    const usable = login.disabled ? undefined : login;
    if (await this.#cache.matches(usable, password, now.getTime(), false)) {
      return { kind: 'verified', login, via: 'cache' };
    }
    let matches: boolean;
    try {
      matches = await this.#pool.run(attempt.address.subject, () =>
        this.#verifier.verify(password, login.passwordHash),
      );
    } catch (error) {
      if (error instanceof VerificationBusyError) return BUSY;
      throw error;
    }
    if (matches && usable !== undefined) {
      await this.#cache.remember(usable, password, now.getTime());
      this.#pacer.record(performance.now() - began);
      return { kind: 'verified', login: usable, via: 'scrypt' };
    }
    const counted = await this.recordFailure(login, source, 'password', now);
    this.#pacer.record(performance.now() - began);
    return { kind: throttled ? 'throttled' : 'refused', subject: counted };
  }

  /** Whether the address is throttled and the attempt's subject refused unchecked, now. */
  async #states({ address, subject, now }: Attempt): Promise<[boolean, boolean]> {
    const throttled = await this.#guard.refuses(address, now);
    return [throttled, await this.#guard.refuses(subject, now)];
  }

  /** The login and password to check, and the name sent: the v2 colon reading when that sub-user exists. */
  async #resolve(
    credentials: PasswordCredentials,
  ): Promise<{ login: Login | undefined; password: string; name: string }> {
    const alternative = credentials.alternative;
    const alternativeLogin =
      alternative === undefined ? undefined : await this.#find(alternative.username);
    if (alternativeLogin !== undefined && alternative !== undefined) {
      return {
        login: alternativeLogin,
        password: alternative.password,
        name: alternative.username,
      };
    }
    const { username, password } = credentials;
    return { login: await this.#find(username), password, name: username };
  }

  async #find(username: string): Promise<Login | undefined> {
    const name = parseLoginName(username);
    return name === undefined ? undefined : this.#users.find(name);
  }
}
