import { Code, MsoftCode, PhardCode } from '../codes.ts';
import { parseAmount } from '../rules/amount.ts';
import { paramValue, type Params } from '../params.ts';

/**
 * What a transaction answer means to the caller (docs/interface.md › Errors §1–3; libmonetra M_ReturnStatus):
 * approved in full, approved for less than asked, declined by the processor or issuer, declined
 * by the service itself, or no answer that can be read.
 */
export type Outcome = 'approved' | 'partial' | 'declined_processor' | 'declined_service' | 'error';

/** Options of outcomeOf. */
export interface OutcomeOptions {
  /** The amount the request asked for, as sent ("12.00"); enables the partial-approval check. */
  readonly requestedAmount?: string;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(Code));

/** A response value upper-cased for comparison; an absent or empty value is undefined. */
export function responseValue(pairs: Params, key: string): string | undefined {
  const value = paramValue(pairs, key);
  return value === undefined || value === '' ? undefined : value.toUpperCase();
}

/**
 * True for the codes that mean success: AUTH and SUCCESS, in any case (libmonetra M_ReturnStatus).
 */
export function isApprovalCode(code: string | undefined): boolean {
  const upper = code?.toUpperCase();
  return upper === Code.AUTH || upper === Code.SUCCESS;
}

/** The authorized amount in minor units; 0.00 reads as 0, anything unreadable as undefined. */
function authorizedMinorUnits(authAmount: string): number | undefined {
  if (/^0+(\.0{1,2})?$/.test(authAmount)) return 0;
  try {
    return parseAmount(authAmount, 'authamount');
  } catch {
    return undefined;
  }
}

/**
 * The outcome of a transaction answer, from its lower-case keys (docs/protocol.md, Responses):
 * 1. msoft_code present and not INT_SUCCESS → declined_service;
 * 2. code absent or not a code of the interface → error;
 * 3. phard_code present and not SUCCESS → declined_processor;
 * 4. code other than AUTH/SUCCESS (DENY, CALL, PKUP, RETRY, DUPL, SETUP, TIMEOUT, FAIL) →
 *    declined_processor;
 * 5. authamount below opts.requestedAmount → partial (unreadable authamount → error);
 *    requestedAmount follows the amount rules (parseAmount) and throws when it breaks them;
 * 6. otherwise approved (also AUTH without phard_code: answered without going online).
 * Values compare case-insensitively; an empty value counts as absent.
 */
export function outcomeOf(pairs: Params, opts: OutcomeOptions = {}): Outcome {
  const requested =
    opts.requestedAmount === undefined ? undefined : parseAmount(opts.requestedAmount);
  const msoft = responseValue(pairs, 'msoft_code');
  if (msoft !== undefined && msoft !== MsoftCode.INT_SUCCESS) return 'declined_service';
  const code = responseValue(pairs, 'code');
  if (code === undefined || !KNOWN_CODES.has(code)) return 'error';
  const phard = responseValue(pairs, 'phard_code');
  if (phard !== undefined && phard !== PhardCode.SUCCESS) return 'declined_processor';
  if (!isApprovalCode(code)) return 'declined_processor';
  const authAmount = responseValue(pairs, 'authamount');
  if (requested === undefined || authAmount === undefined) return 'approved';
  const authorized = authorizedMinorUnits(authAmount);
  if (authorized === undefined) return 'error';
  return authorized < requested ? 'partial' : 'approved';
}
