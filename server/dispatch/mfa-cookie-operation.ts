import type { ApiVersion, Params } from '../../protocol/index.ts';
import type { Accounts } from '../accounts/accounts.ts';
import type { Identity } from '../auth/authenticator.ts';
import { type ServiceAnswer, serviceDecline } from '../engine/index.ts';
import { validationRefusal } from './answers.ts';

/** What issuing an MFA cookie needs besides the caller. */
export interface MfaCookieRequest {
  params: Params;
  version: ApiVersion;
  /** Lifetime of the cookie in seconds. */
  lifetime: number;
  now: Date;
}

/**
 * The mfa_cookie operation (POST user/mfa/cookie; key/value action=admin, admin=mfacookie): a user
 * who signed in with a password and a valid MFA code in this request gets a long-lived MFA cookie
 * to send instead of a code (docs/interface.md › Authentication §6). Answers code SUCCESS with mfa_cookie and
 * mfa_cookie_expires_ts (Unix seconds); API keys, cookie sign-ins and users without MFA are refused.
 */
export async function issueMfaCookie(
  accounts: Accounts,
  identity: Identity,
  request: MfaCookieRequest,
): Promise<ServiceAnswer> {
  const refusal = validationRefusal('mfa_cookie', identity, request);
  if (refusal !== undefined) return refusal;
  if (identity.apiKey !== undefined) {
    return serviceDecline(
      'ACCT_PERMISSION',
      'mfa_cookie: issued to password sign-ins, not API keys',
    );
  }
  if (identity.mfa === 'none') {
    return serviceDecline('ACCT_PERMISSION', 'mfa_cookie: MFA is not enabled for this user');
  }
  if (identity.mfa === 'cookie') {
    return serviceDecline(
      'ACCT_MFA_REQUIRED',
      'mfa_cookie: send an MFA code, not an MFA cookie, to be issued a cookie',
    );
  }
  const issued = await accounts.mfaCookies.issue(
    identity.login.userId,
    request.lifetime,
    request.now,
  );
  const pairs = {
    code: 'SUCCESS',
    msoft_code: 'INT_SUCCESS',
    verbiage: 'MFA cookie issued',
    mfa_cookie: issued.cookie,
    mfa_cookie_expires_ts: String(issued.expiresAt),
  };
  return { kind: 'response', pairs };
}
