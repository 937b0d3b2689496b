import {
  ProtocolError,
  validateRequest,
  type ApiVersion,
  type Params,
} from '../../protocol/index.ts';
import type { Identity } from '../auth/authenticator.ts';
import { protocolErrorAnswer } from '../engine/answers.ts';
import type { ServiceAnswer } from '../engine/index.ts';

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
  try {
    const context = {
      version: request.version,
      timeZone: identity.login.timeZone,
      now: request.now,
    };
    validateRequest('chkpwd', request.params, context);
  } catch (error) {
    if (error instanceof ProtocolError) return protocolErrorAnswer(error);
    throw error;
  }
  const pairs = { code: 'SUCCESS', msoft_code: 'INT_SUCCESS', verbiage: 'CREDENTIALS ACCEPTED' };
  return { kind: 'response', pairs };
}
