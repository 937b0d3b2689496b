import { Code, MsoftCode, PhardCode } from '../codes.ts';
import { fieldError } from '../kv/field-error.ts';
import type { Params } from '../params.ts';

/**
 * What a transaction answer means to the caller (seed: Errors §1–3; payment-server-facts A5):
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
  const value = Object.prototype.hasOwnProperty.call(pairs, key) ? pairs[key] : undefined;
  return value === undefined || value === '' ? undefined : value.toUpperCase();
}

/** True for the codes that mean success: AUTH and SUCCESS, in any case (A5: M_ReturnStatus). */
export function isApprovalCode(code: string | undefined): boolean {
  const upper = code?.toUpperCase();
  return upper === Code.AUTH || upper === Code.SUCCESS;
}

/** An amount string ("12", "12.5", "12.00") in minor units, or undefined when not one. */
export function amountToMinorUnits(amount: string): number | undefined {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(amount);
  if (match === null) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function requestedMinorUnits(amount: string): number {
  const minor = amountToMinorUnits(amount);
  if (minor === undefined) {
    throw fieldError('invalid', 'amount', 'amount.format', 'digits with up to two decimal places');
  }
  return minor;
}

/**
 * The outcome of a transaction answer, from its lower-case keys (docs/protocol.md, Responses):
 * 1. msoft_code present and not INT_SUCCESS → declined_service;
 * 2. code absent or not a code of the interface → error;
 * 3. phard_code present and not SUCCESS → declined_processor;
 * 4. code other than AUTH/SUCCESS (DENY, CALL, PKUP, RETRY, DUPL, SETUP, TIMEOUT, FAIL) →
 *    declined_processor;
 * 5. authamount below opts.requestedAmount → partial (unreadable authamount → error);
 * 6. otherwise approved (also AUTH without phard_code: answered without going online).
 * Values compare case-insensitively; an empty value counts as absent.
 */
export function outcomeOf(pairs: Params, opts: OutcomeOptions = {}): Outcome {
  const requested =
    opts.requestedAmount === undefined ? undefined : requestedMinorUnits(opts.requestedAmount);
  const msoft = responseValue(pairs, 'msoft_code');
  if (msoft !== undefined && msoft !== MsoftCode.INT_SUCCESS) return 'declined_service';
  const code = responseValue(pairs, 'code');
  if (code === undefined || !KNOWN_CODES.has(code)) return 'error';
  const phard = responseValue(pairs, 'phard_code');
  if (phard !== undefined && phard !== PhardCode.SUCCESS) return 'declined_processor';
  if (!isApprovalCode(code)) return 'declined_processor';
  const authAmount = responseValue(pairs, 'authamount');
  if (requested === undefined || authAmount === undefined) return 'approved';
  const authorized = amountToMinorUnits(authAmount);
  if (authorized === undefined) return 'error';
  return authorized < requested ? 'partial' : 'approved';
}
