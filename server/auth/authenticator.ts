import type { Logger } from 'pino';
import type { Accounts } from '../accounts/accounts.ts';
import type { ApiKey } from '../accounts/api-key-store.ts';
import type { Login } from '../accounts/user-store.ts';
import type { ApiKeyCredentials, PresentedCredentials } from './credentials.ts';
import { AUTHORIZATION_MISSING, CREDENTIALS_REFUSED, deny, type Denial } from './denial.ts';
import type { FailureThrottle } from './failure-throttle.ts';
import { verifyPasswordLogin } from './password-login.ts';

/** Who is asking, once authenticated, and how they proved it. */
export interface Identity {
  login: Login;
  /** The API key used, for key logins; undefined for password logins. */
  apiKey: ApiKey | undefined;
  /** How MFA was satisfied: by a code, by an MFA cookie, or not needed. */
  mfa: 'code' | 'cookie' | 'none';
}

/** The outcome of authentication: an identity or a denial. */
export type AuthResult = { identity: Identity } | { denial: Denial };

/**
 * Checks presented credentials (seed: Authentication §1–6): Basic or key/value username/password,
 * API keys, then MFA (a code or an MFA cookie) for password logins of users with MFA. Failures
 * are counted per source; a throttled source is refused before anything is checked.
 */
export class Authenticator {
  readonly #accounts: Accounts;
  readonly #throttle: FailureThrottle;
  readonly #logger: Logger;

  constructor(accounts: Accounts, throttle: FailureThrottle, logger: Logger) {
    this.#accounts = accounts;
    this.#throttle = throttle;
    this.#logger = logger;
  }

  /** Authenticates a request from `source` (its remote address) at `now`. */
  async authenticate(
    presented: PresentedCredentials,
    source: string,
    now: Date,
  ): Promise<AuthResult> {
    if (this.#throttle.isBlocked(source, now)) {
      this.#logger.warn({ source }, 'authentication refused: source throttled');
      return { denial: THROTTLED };
    }
    const primary = presented.primary;
    if (primary === undefined) return { denial: AUTHORIZATION_MISSING };
    if (primary.kind === 'unreadable') {
      return this.refuse(source, now, 'unreadable', deny(primary.msoftCode, primary.verbiage));
    }
    if (primary.kind === 'apikey') {
      const found = this.#verifyApiKey(primary);
      if (found === undefined) return this.refuse(source, now, 'api key');
      return { identity: { login: found.login, apiKey: found.key, mfa: 'none' as const } };
    }
    const login = await verifyPasswordLogin(this.#accounts.users, primary);
    if (login === undefined) return this.refuse(source, now, 'password');
    if (!this.#accounts.mfa.isEnabled(login.userId)) {
      return { identity: { login, apiKey: undefined, mfa: 'none' as const } };
    }
    return this.#checkMfa(login, presented, source, now);
  }

  /** Counts a failure from the source, logs it, and returns the denial to answer with. */
  refuse(source: string, now: Date, reason: string, denial = CREDENTIALS_REFUSED): AuthResult {
    const failures = this.#throttle.recordFailure(source, now);
    this.#logger.warn({ source, reason, failures }, 'authentication failed');
    return { denial };
  }

  #checkMfa(login: Login, presented: PresentedCredentials, source: string, now: Date): AuthResult {
    const { mfaCode, mfaCookie } = presented;
    if (mfaCode !== undefined) {
      if (this.#accounts.mfa.verifyCode(login.userId, mfaCode, now)) {
        return { identity: { login, apiKey: undefined, mfa: 'code' as const } };
      }
      return this.refuse(source, now, 'mfa code', MFA_INVALID);
    }
    if (mfaCookie !== undefined) {
      if (this.#accounts.mfaCookies.verify(login.userId, mfaCookie, now)) {
        return { identity: { login, apiKey: undefined, mfa: 'cookie' as const } };
      }
      return this.refuse(source, now, 'mfa cookie', MFA_INVALID);
    }
    return { denial: MFA_REQUIRED };
  }

  #verifyApiKey(credentials: ApiKeyCredentials): { key: ApiKey; login: Login } | undefined {
    const key = this.#accounts.apiKeys.verify(credentials.keyId, credentials.secret);
    if (key === undefined) return undefined;
    const login = this.#accounts.users.findById(key.userId);
    return login === undefined || login.disabled ? undefined : { key, login };
  }
}

const THROTTLED = deny(
  'ACCT_THROTTLED',
  'Too many failed authentication attempts from this address: try again later',
);
const MFA_REQUIRED = deny(
  'ACCT_MFA_REQUIRED',
  'MFA code required: send it in X-MFA-CODE (REST) or mfa_code (key/value), or an MFA cookie',
);
const MFA_INVALID = deny('ACCT_MFA_INVALID', 'MFA code or MFA cookie not accepted');
