import type { MsoftCode } from '../../protocol/index.ts';
import type { FailureSubject } from '../store/credential-failure-store.ts';

/**
 * Whom a refused authentication concerns: the user, API key id or address its failure counted
 * against (with the failures counted now) or found locked or throttled. For the refusal's log line.
 */
export interface DeniedSubject extends FailureSubject {
  failures?: number;
}

/**
 * Why a request was refused before it ran: the msoft_code and verbiage it is answered with, and
 * whom an authentication refusal concerns. An ACCT_AUTHFAIL is answered on REST with
 * HTTP 401 and WWW-Authenticate (docs/interface.md › Authentication §3).
 */
export interface Denial {
  msoftCode: MsoftCode;
  verbiage: string;
  subject?: DeniedSubject;
}

/** A refusal with this msoft_code and verbiage. */
export function deny(msoftCode: MsoftCode, verbiage: string): Denial {
  return { msoftCode, verbiage };
}

/** The denial naming whom it concerns, for the log (the answer is the same). */
export function withSubject(denial: Denial, subject: DeniedSubject | undefined): Denial {
  return subject === undefined ? denial : { ...denial, subject };
}

/** The one answer to wrong credentials: it never says which part was wrong (docs/interface.md › Authentication). */
export const CREDENTIALS_REFUSED: Denial = deny(
  'ACCT_AUTHFAIL',
  'Authentication failed: the credentials were not accepted',
);

/** The answer to a request with no authorization at all. */
export const AUTHORIZATION_MISSING: Denial = deny(
  'ACCT_AUTHFAIL',
  'Authorization required: send HTTP Basic credentials (v1, v2) or an API key (v2)',
);
