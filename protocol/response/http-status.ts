import { MsoftCode } from '../codes.ts';
import type { Params } from '../params.ts';
import type { ApiVersion } from '../versions.ts';
import { outcomeOf, responseValue } from './outcome.ts';

/** The challenge sent with every 401 (docs/interface.md › Authentication §3, Errors §5). */
export const WWW_AUTHENTICATE_BASIC = 'Basic realm="Payment Server Resource"';

/** What kind of operation answered: decides the v1 status and the report rule. */
export type OperationKind = 'transaction' | 'report' | 'other';

/** How a caller reads an HTTP status (docs/interface.md › Errors §2, §5; Monetra REST API v2 statuses). */
export type StatusClass =
  | 'approved'
  | 'declined_processor_or_merchant'
  | 'declined_service'
  | 'unauthenticated'
  | 'throttled';

/** The v2 status of each service decline by msoft_code (Monetra REST API v2 statuses; LaneTerm). */
const MSOFT_HTTP_STATUS: Readonly<Record<string, number>> = {
  [MsoftCode.ACCT_AUTHFAIL]: 401,
  [MsoftCode.ACCT_BADUSERNAME]: 401,
  [MsoftCode.ACCT_MFA_REQUIRED]: 401,
  [MsoftCode.ACCT_MFA_INVALID]: 401,
  [MsoftCode.ACCT_PERMISSION]: 403,
  [MsoftCode.ACCT_DUAL_REQUIRED]: 403,
  [MsoftCode.ACCT_PASSEXPIRED]: 403,
  [MsoftCode.ACCT_THROTTLED]: 429,
  [MsoftCode.ACCT_LOCKED]: 429,
  [MsoftCode.DATA_RECORDNOTFOUND]: 404,
  [MsoftCode.DATA_INVALIDMOD]: 405,
  [MsoftCode.DATA_LOCKED]: 423,
  [MsoftCode.SYS_SETUP]: 415,
  [MsoftCode.SYS_TIMEOUT]: 504,
  [MsoftCode.SYS_UNAVAILABLE]: 503,
  [MsoftCode.SYS_FAILURE]: 500,
  [MsoftCode.UNKNOWN]: 500,
};

/** Status of an msoft_code not in the table, by family prefix; anything else is 500. */
const FAMILY_STATUS: ReadonlyArray<readonly [prefix: string, status: number]> = [
  ['ACCT_MFA_', 401],
  ['ACCT_', 403],
  ['DATA_', 400],
  ['MERCH_', 402],
  ['SYS_', 500],
];

/** The v2 status of a service decline by its msoft_code. */
export function statusForMsoftCode(msoft: string): number {
  const upper = msoft.toUpperCase();
  const exact = MSOFT_HTTP_STATUS[upper];
  if (exact !== undefined) return exact;
  return FAMILY_STATUS.find(([prefix]) => upper.startsWith(prefix))?.[1] ?? 500;
}

function v2Status(pairs: Params, kind: OperationKind): number {
  const msoft = responseValue(pairs, 'msoft_code');
  const coded = responseValue(pairs, 'code') !== undefined;
  if (kind === 'report' && !coded && msoft === undefined) return 200;
  switch (outcomeOf(pairs)) {
    case 'approved':
    case 'partial':
      return 200;
    case 'declined_processor':
      return 402;
    case 'declined_service':
      return statusForMsoftCode(msoft ?? MsoftCode.UNKNOWN);
    case 'error':
      return coded || msoft === undefined ? 500 : 200;
  }
}

/**
 * The HTTP status of an answer (docs/protocol.md, Responses and outcomes). v2: 200 approved, 402
 * declined by processor, issuer or merchant configuration (MERCH_*), otherwise the msoft_code
 * table; a report without code is its data, 200. v1: 200 for every transaction and other
 * operation, except 401 when authentication failed or was missing (docs/interface.md › Errors §5, every
 * version); a failed v1 report takes the v2 status (docs/interface.md › Errors §4).
 */
export function httpStatusFor(pairs: Params, version: ApiVersion, kind: OperationKind): number {
  const status = v2Status(pairs, kind);
  if (version === 'v2' || status === 401 || kind === 'report') return status;
  return 200;
}

/** How a caller reads a status: 200, 402, 401, 429, and every other as a service decline. */
export function statusClass(status: number): StatusClass {
  switch (status) {
    case 200:
      return 'approved';
    case 402:
      return 'declined_processor_or_merchant';
    case 401:
      return 'unauthenticated';
    case 429:
      return 'throttled';
    default:
      return 'declined_service';
  }
}
