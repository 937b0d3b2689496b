import type { MsoftCode } from '../../protocol/index.ts';

/**
 * Why a request was refused before it ran: the msoft_code and verbiage it is answered with. An
 * ACCT_AUTHFAIL is answered on REST with HTTP 401 and WWW-Authenticate (seed: Authentication §3).
 */
export interface Denial {
  msoftCode: MsoftCode;
  verbiage: string;
}

/** A refusal with this msoft_code and verbiage. */
export function deny(msoftCode: MsoftCode, verbiage: string): Denial {
  return { msoftCode, verbiage };
}

/** The one answer to wrong credentials: it never says which part was wrong (seed: Authentication). */
export const CREDENTIALS_REFUSED: Denial = deny(
  'ACCT_AUTHFAIL',
  'Authentication failed: the credentials were not accepted',
);

/** The answer to a request with no authorization at all. */
export const AUTHORIZATION_MISSING: Denial = deny(
  'ACCT_AUTHFAIL',
  'Authorization required: send HTTP Basic credentials (v1, v2) or an API key (v2)',
);
