import { Code } from '../codes.ts';

/**
 * Library texts for each code, used as verbiage when no better text exists. DUPL, CALL, PKUP,
 * RETRY, SETUP, TIMEOUT, SUCCESS and FAIL are libmonetra's M_TEXT_Code; AUTH and DENY use the
 * verbiage seen on approvals and declines, APPROVED and DECLINE (libmonetra M_TEXT_Code; gateway
 * tests).
 */
const CODE_VERBIAGE: Readonly<Record<Code, string>> = {
  [Code.AUTH]: 'APPROVED',
  [Code.DENY]: 'DECLINE',
  [Code.CALL]: 'CALL PROCESSOR',
  [Code.DUPL]: 'DUPLICATE TRANS',
  [Code.PKUP]: 'PICKUP CARD',
  [Code.RETRY]: 'RETRY',
  [Code.SETUP]: 'SETUP',
  [Code.TIMEOUT]: 'TIMEOUT',
  [Code.SUCCESS]: 'SUCCESS',
  [Code.FAIL]: 'FAIL',
};

/** The library text for a code, in any case; undefined for a value that is not a code. */
export function verbiageFor(code: string): string | undefined {
  const upper = code.toUpperCase();
  return Object.prototype.hasOwnProperty.call(CODE_VERBIAGE, upper)
    ? CODE_VERBIAGE[upper as Code]
    : undefined;
}
