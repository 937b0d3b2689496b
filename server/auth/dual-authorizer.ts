import type { OperationName } from '../../protocol/index.ts';
import type { Accounts } from '../accounts/accounts.ts';
import type { Authenticator, Identity } from './authenticator.ts';
import type { DualCredentials } from './credentials.ts';
import { withSubject, deny, type Denial } from './denial.ts';

const REQUIRED = deny(
  'ACCT_DUAL_REQUIRED',
  'Dual authorization required: send a second user’s Basic credentials in X-DUAL-Authorization ' +
    '(REST) or user and pwd (key/value), with its MFA code in X-DUAL-MFA-CODE or mfa_code_dual',
);
const REFUSED = deny(
  'ACCT_DUAL_REQUIRED',
  'Dual authorization refused: the second user’s credentials were not accepted',
);
const SAME_USER = deny(
  'ACCT_DUAL_REQUIRED',
  'Dual authorization refused: the second user must be a different user of the same merchant',
);
const DUAL_MFA_REQUIRED = deny(
  'ACCT_DUAL_REQUIRED',
  'Dual authorization refused: the second user has MFA; send its code (MFA cookies are not accepted)',
);
const BUSY = deny(
  'SYS_UNAVAILABLE',
  'Dual authorization not checked: password verification is busy; request not run, try again',
);
const NOT_PERMITTED = deny(
  'ACCT_DUAL_REQUIRED',
  'Dual authorization refused: the second user may not run this operation',
);

/**
 * Checks the second user of a dual-authorized operation (docs/interface.md › Authentication §7): a different,
 * enabled user of the same merchant, by username and password only (an API key id is no username),
 * with its MFA code when it has MFA (an MFA cookie is never accepted), who may run the operation.
 * The password is checked as a first user's is (lockout, cache, bounded scrypt); wrong credentials
 * count against the second user, or the address when the name matches none or another merchant.
 */
export class DualAuthorizer {
  readonly #accounts: Accounts;
  readonly #authenticator: Authenticator;

  constructor(accounts: Accounts, authenticator: Authenticator) {
    this.#accounts = accounts;
    this.#authenticator = authenticator;
  }

  /** undefined when the dual authorization holds, the denial otherwise. */
  async check(
    dual: DualCredentials | undefined,
    first: Identity,
    operation: OperationName,
    source: string,
    now: Date,
  ): Promise<Denial | undefined> {
    if (dual === undefined) return REQUIRED;
    const authenticator = this.#authenticator;
    if (dual.login.kind === 'unreadable') {
      const denial = deny(
        'ACCT_DUAL_REQUIRED',
        `Dual authorization refused: ${dual.login.verbiage}`,
      );
      return authenticator.refuseUnreadable(denial, source, now);
    }
    const outcome = await authenticator.checkPassword(dual.login, source, now);
    if (outcome.kind === 'busy') return BUSY;
    if (outcome.kind !== 'verified') return withSubject(REFUSED, outcome.subject);
    const second = outcome.login;
    if (second.merchantId !== first.login.merchantId) {
      return withSubject(
        REFUSED,
        await authenticator.recordFailure(undefined, source, 'dual authorization', now),
      );
    }
    if (second.userId === first.login.userId) return SAME_USER;
    if (await this.#accounts.mfa.isEnabled(second.userId)) {
      if (dual.mfaCode === undefined) return DUAL_MFA_REQUIRED;
      const verdict = await this.#accounts.mfa.verifyCode(second.userId, dual.mfaCode, now);
      if (verdict === 'repeat') return DUAL_MFA_REQUIRED;
      if (verdict === 'failure') {
        const counted = await authenticator.recordFailure(second, source, 'dual mfa code', now);
        return withSubject(DUAL_MFA_REQUIRED, counted);
      }
    }
    return (await this.#accounts.permissions.allows(second, operation)) ? undefined : NOT_PERMITTED;
  }
}
