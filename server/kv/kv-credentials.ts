import type { ApiVersion, Params } from '../../protocol/index.ts';
import { readApiKey, readUsernamePassword } from '../auth/credential-readers.ts';
import type { PresentedCredentials } from '../auth/credentials.ts';

/** What a key/value request without credentials is told (docs/interface.md › Authentication §1, §5). */
function missingVerbiage(version: ApiVersion, apiKeySent: boolean): string {
  if (version === 'v2') {
    return 'Authorization required: send username and password, or auth_apikey_id and auth_apikey_secret';
  }
  return apiKeySent
    ? 'auth_apikey_id and auth_apikey_secret: API keys are v2 only (action_trans); v1 takes username and password'
    : 'Authorization required: send username and password';
}

/**
 * The credentials of a key/value request (docs/interface.md › Authentication §5–7): v1 (action) reads username
 * and password; v2 (action_trans) reads auth_apikey_id + auth_apikey_secret when either is present,
 * username and password otherwise. MFA: mfa_code or mfa_cookie. Dual: user, pwd, mfa_code_dual.
 */
export function kvCredentials(params: Params, version: ApiVersion): PresentedCredentials {
  const { username, password, user, pwd } = params;
  const keyId = params.auth_apikey_id;
  const secret = params.auth_apikey_secret;
  let primary: PresentedCredentials['primary'];
  if (version === 'v2' && (keyId !== undefined || secret !== undefined)) {
    primary = readApiKey(keyId, secret, 'auth_apikey_id and auth_apikey_secret');
  } else if (username !== undefined) {
    primary = readUsernamePassword(username, password ?? '', version);
  }
  return {
    primary,
    missing:
      primary === undefined
        ? missingVerbiage(version, keyId !== undefined || secret !== undefined)
        : undefined,
    mfaCode: params.mfa_code,
    mfaCookie: params.mfa_cookie,
    dual:
      user === undefined
        ? undefined
        : { login: readUsernamePassword(user, pwd ?? '', version), mfaCode: params.mfa_code_dual },
  };
}
