import type { ApiVersion, Params } from '../../protocol/index.ts';
import type { Identity } from '../auth/authenticator.ts';
import type { ServiceAnswer } from '../engine/index.ts';
import { validationRefusal } from './answers.ts';

/** What a credential check reads besides the caller. */
export interface CredentialCheckRequest {
  params: Params;
  version: ApiVersion;
  now: Date;
}

/**
 * The chkpwd operation (key/value action=chkpwd, libmonetra's action list; GET user/chkpwd): the
 * credentials of the request signed in, so it answers code SUCCESS, INT_SUCCESS, "CREDENTIALS
 * ACCEPTED" — what a monitoring probe reads (a Nagios check expects SUCCESS and INT_SUCCESS).
 * Credentials that do not sign in never get here: authentication answers them. Any login may
 * check its own credentials, whatever operations it is permitted.
 */
export function checkCredentials(
  identity: Identity,
  request: CredentialCheckRequest,
): ServiceAnswer {
  const refusal = validationRefusal('chkpwd', identity, request);
  if (refusal !== undefined) return refusal;
  const pairs = { code: 'SUCCESS', msoft_code: 'INT_SUCCESS', verbiage: 'CREDENTIALS ACCEPTED' };
  return { kind: 'response', pairs };
}
