import type { IncomingHttpHeaders } from 'node:http';
import type { ApiVersion } from '../../protocol/index.ts';
import { readApiKey, readBasicHeader } from '../auth/credential-readers.ts';
import type { PresentedCredentials } from '../auth/credentials.ts';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The credentials of a REST request (docs/interface.md › Authentication §1–7): v1 reads Authorization (Basic)
 * only; v2 reads X-API-KEY-ID + X-API-KEY when either is present, Authorization otherwise. MFA:
 * X-MFA-CODE or X-MFA-COOKIE. Dual: X-DUAL-Authorization (Basic) and X-DUAL-MFA-CODE.
 */
export function restCredentials(
  headers: IncomingHttpHeaders,
  version: ApiVersion,
): PresentedCredentials {
  const keyId = header(headers, 'x-api-key-id');
  const secret = header(headers, 'x-api-key');
  const authorization = header(headers, 'authorization');
  const dual = header(headers, 'x-dual-authorization');
  let primary: PresentedCredentials['primary'];
  if (version === 'v2' && (keyId !== undefined || secret !== undefined)) {
    primary = readApiKey(keyId, secret, 'X-API-KEY-ID and X-API-KEY');
  } else if (authorization !== undefined) {
    primary = readBasicHeader(authorization, version);
  }
  return {
    primary,
    missing:
      version === 'v1' && (keyId !== undefined || secret !== undefined)
        ? 'X-API-KEY-ID and X-API-KEY: API keys are v2 only (/api/v2); v1 takes HTTP Basic'
        : undefined,
    mfaCode: header(headers, 'x-mfa-code'),
    mfaCookie: header(headers, 'x-mfa-cookie'),
    dual:
      dual === undefined
        ? undefined
        : { login: readBasicHeader(dual, version), mfaCode: header(headers, 'x-dual-mfa-code') },
  };
}
