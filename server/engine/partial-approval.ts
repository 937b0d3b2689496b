import { Code, MsoftCode, PhardCode, formatAmount, type Params } from '../../protocol/index.ts';

/** A decline's result fields, as a transaction records and answers them. */
export interface DeclineResult {
  code: Code;
  msoftCode: MsoftCode;
  phardCode: PhardCode;
  verbiage: string;
}

/**
 * True when the request takes a partial approval (docs/interface.md › nsf, "approve even with insufficient
 * funds, which yields a partial approval"): nsf=yes. Without it a partial approval is reversed
 * internally and answered as a decline (docs/interface.md › Errors §7; docs/protocol.md, Decisions).
 */
export function takesPartialApproval(params: Params): boolean {
  return params.nsf === 'yes';
}

/**
 * The decline a refused partial approval is answered with: DENY, MERCH_PARTIALAUTH (the service
 * declined it on the merchant's behalf: nsf was not sent), phard_code NSF (the issuer's reason),
 * and the amount the issuer would have approved.
 */
export function partialApprovalRefused(approved: number): DeclineResult {
  return {
    code: Code.DENY,
    msoftCode: MsoftCode.MERCH_PARTIALAUTH,
    phardCode: PhardCode.NSF,
    verbiage: `PARTIAL APPROVAL OF ${formatAmount(approved)} REVERSED (nsf=yes not sent)`,
  };
}

/** The issuer's decline for a card holding nothing to approve: DENY, NSF. */
export const INSUFFICIENT_FUNDS: DeclineResult = {
  code: Code.DENY,
  msoftCode: MsoftCode.INT_SUCCESS,
  phardCode: PhardCode.NSF,
  verbiage: 'INSUFFICIENT FUNDS',
};
