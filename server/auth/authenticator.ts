import type { Logger } from 'pino';
import type { Accounts } from '../accounts/accounts.ts';
import type { ApiKey } from '../store/api-key-store.ts';
import { secretMatches } from '../accounts/secret-digest.ts';
import type { Login } from '../store/user-store.ts';
import type { AuthLimits } from './auth-limits.ts';
import { CredentialGuard, addressSubject, apiKeySubject, userSubject } from './credential-guard.ts';
import type {
  ApiKeyCredentials,
  PasswordCredentials,
  PresentedCredentials,
} from './credentials.ts';
import {
  AUTHORIZATION_MISSING,
  CREDENTIALS_REFUSED,
  withSubject,
  deny,
  type DeniedSubject,
  type Denial,
} from './denial.ts';
import {
  PasswordCheck,
  SCRYPT,
  type PasswordOutcome,
  type PasswordVerifier,
} from './password-check.ts';

/** How a request proved who it is: an API key, a full password check, or a remembered one. */
export type CredentialProof = 'api_key' | 'password' | 'password_cached';

/** Who is asking, once authenticated, and how they proved it. */
export interface Identity {
  login: Login;
  /** The API key used, for key logins; undefined for password logins. */
  apiKey: ApiKey | undefined;
  /** How MFA was satisfied: by a code, by an MFA cookie, or not needed. */
  mfa: 'code' | 'cookie' | 'none';
  proof: CredentialProof;
}

/** The outcome of authentication: an identity or a denial. */
export type AuthResult = { identity: Identity } | { denial: Denial };

/**
 * Checks presented credentials (docs/interface.md › Authentication §1–6): Basic or key/value username/password,
 * API keys, then MFA (a code or an MFA cookie) for password logins of users with MFA. Failures count
 * against the credential presented, or the address when the name matches none; a locked account or
 * a throttled key id or address is refused unchecked, and never anyone else (docs/security.md).
 */
export class Authenticator {
  readonly #accounts: Accounts;
  readonly #guard: CredentialGuard;
  readonly #passwords: PasswordCheck;

  /** `verifier` is the slow hash of full password checks: scrypt, as passwords are stored. */
  constructor(
    accounts: Accounts,
    limits: AuthLimits,
    logger: Logger,
    verifier: PasswordVerifier = SCRYPT,
  ) {
    this.#accounts = accounts;
    this.#guard = new CredentialGuard(accounts.failures, limits, logger);
    this.#passwords = new PasswordCheck(accounts, this.#guard, limits, verifier);
  }

  /** Authenticates a request from `source` (its remote address) at `now`. */
  async authenticate(
    presented: PresentedCredentials,
    source: string,
    now: Date,
  ): Promise<AuthResult> {
    const primary = presented.primary;
    if (primary === undefined) {
      const { missing } = presented;
      return {
        denial: missing === undefined ? AUTHORIZATION_MISSING : deny('ACCT_AUTHFAIL', missing),
      };
    }
    if (primary.kind === 'unreadable') {
      const denial = deny(primary.msoftCode, primary.verbiage);
      return { denial: await this.refuseUnreadable(denial, source, now) };
    }
    if (primary.kind === 'apikey') return this.#apiKey(primary, source, now);
    const outcome = await this.checkPassword(primary, source, now);
    if (outcome.kind === 'busy') return { denial: PASSWORD_BUSY };
    if (outcome.kind !== 'verified') {
      return { denial: withSubject(PASSWORD_DENIALS[outcome.kind], outcome.subject) };
    }
    const { login } = outcome;
    const proof = outcome.via === 'cache' ? 'password_cached' : 'password';
    if (!(await this.#accounts.mfa.isEnabled(login.userId))) {
      return { identity: { login, apiKey: undefined, mfa: 'none', proof } };
    }
    return this.#checkMfa(login, proof, presented, source, now);
  }

  /** Checks a username and password (also the dual authorizer's second user) with lockout. */
  checkPassword(
    credentials: PasswordCredentials,
    source: string,
    now: Date,
  ): Promise<PasswordOutcome> {
    return this.#passwords.check(credentials, source, now);
  }

  /** Counts a failure against the login, or the address when there is none; returns which. */
  recordFailure(
    login: Login | undefined,
    source: string,
    reason: string,
    now: Date,
  ): Promise<DeniedSubject> {
    return this.#passwords.recordFailure(login, source, reason, now);
  }

  /**
   * Credentials that could not be read count against the address: THROTTLED when it is past its
   * limit (not counted again), else `denial` after counting the failure.
   */
  async refuseUnreadable(denial: Denial, source: string, now: Date): Promise<Denial> {
    const subject = addressSubject(source);
    if (await this.#guard.refuses(subject, now)) return withSubject(THROTTLED, subject);
    const { counted } = await this.#guard.fail(subject, source, 'unreadable', now);
    return withSubject(denial, counted);
  }

  async #checkMfa(
    login: Login,
    proof: CredentialProof,
    presented: PresentedCredentials,
    source: string,
    now: Date,
  ): Promise<AuthResult> {
    const { mfaCode, mfaCookie } = presented;
    if (mfaCode !== undefined) {
      const verdict = await this.#accounts.mfa.verifyCode(login.userId, mfaCode, now);
      if (verdict === 'accepted') {
        return { identity: { login, apiKey: undefined, mfa: 'code', proof } };
      }
      const counted =
        verdict === 'repeat'
          ? userSubject(login.userId)
          : await this.recordFailure(login, source, 'mfa code', now);
      return { denial: withSubject(MFA_INVALID, counted) };
    }
    if (mfaCookie !== undefined) {
      if (await this.#accounts.mfaCookies.verify(login.userId, mfaCookie, now)) {
        return { identity: { login, apiKey: undefined, mfa: 'cookie', proof } };
      }
      const counted = await this.recordFailure(login, source, 'mfa cookie', now);
      return { denial: withSubject(MFA_INVALID, counted) };
    }
    return { denial: withSubject(MFA_REQUIRED, userSubject(login.userId)) };
  }

  /**
   * An API key: an unknown id reads the same row, compares the same digest and reads the same
   * states as a wrong secret, then its failure counts against the address instead of the key id.
   * A throttled key id or address still admits the right secret of an existing key (256 random bits
   * are not guessed); from a throttled address every wrong one, of a known id or not, is answered
   * THROTTLED after the same statements, and from a throttled key id its wrong ones; neither is
   * counted again.
   */
  async #apiKey(credentials: ApiKeyCredentials, source: string, now: Date): Promise<AuthResult> {
    const { key, login, secretHash } = await this.#accounts.apiKeys.lookup(credentials.keyId);
    const matches = secretMatches(credentials.secret, secretHash);
    if (matches && key !== undefined && key.revokedAt === null && login?.disabled === false) {
      await this.#accounts.apiKeys.keepSigningKey(key, credentials.secret);
      return { identity: { login, apiKey: key, mfa: 'none', proof: 'api_key' } };
    }
    const address = addressSubject(source);
    if (await this.#guard.refuses(address, now)) return { denial: withSubject(THROTTLED, address) };
    const subject = key === undefined ? address : apiKeySubject(key.keyId);
    if (await this.#guard.refuses(subject, now)) return { denial: withSubject(THROTTLED, subject) };
    const { counted } = await this.#guard.fail(subject, source, 'api key', now);
    return { denial: withSubject(CREDENTIALS_REFUSED, counted) };
  }
}

const THROTTLED = deny(
  'ACCT_THROTTLED',
  'Too many failed authentication attempts with this credential or, for unknown names, from this ' +
    'address: try again later',
);
const PASSWORD_DENIALS: Record<Exclude<PasswordOutcome['kind'], 'verified' | 'busy'>, Denial> = {
  refused: CREDENTIALS_REFUSED,
  locked: deny(
    'ACCT_LOCKED',
    'Account locked after too many failed authentication attempts: wait for the lockout to end or ' +
      'ask an administrator to unlock it',
  ),
  throttled: THROTTLED,
};
const PASSWORD_BUSY = deny(
  'SYS_UNAVAILABLE',
  'Password verification is busy: request not run; try again',
);
const MFA_REQUIRED = deny(
  'ACCT_MFA_REQUIRED',
  'MFA code required: send it in X-MFA-CODE (REST) or mfa_code (key/value), or an MFA cookie',
);
const MFA_INVALID = deny('ACCT_MFA_INVALID', 'MFA code or MFA cookie not accepted');
