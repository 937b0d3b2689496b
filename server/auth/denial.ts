import type { MsoftCode } from '../../protocol/index.ts';

/**
 * Why a request was refused before it ran. `challenge` marks a request that carried no
 * authorization at all: REST answers it with HTTP 401 and WWW-Authenticate (seed: Authentication §3).
 */
export interface Denial {
  msoftCode: MsoftCode;
  verbiage: string;
  challenge: boolean;
}

/** A refusal with no challenge. */
export function deny(msoftCode: MsoftCode, verbiage: string): Denial {
  return { msoftCode, verbiage, challenge: false };
}

/** The one answer to wrong credentials: it never says which part was wrong (seed: Authentication). */
export const CREDENTIALS_REFUSED: Denial = deny(
  'ACCT_AUTHFAIL',
  'Authentication failed: the credentials were not accepted',
);

/** The answer to a request with no authorization: a 401 challenge on REST. */
export const AUTHORIZATION_MISSING: Denial = {
  msoftCode: 'ACCT_AUTHFAIL',
  verbiage: 'Authorization required: send HTTP Basic credentials (v1, v2) or an API key (v2)',
  challenge: true,
};
