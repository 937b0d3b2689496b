import { MsoftCode, formatAmount, parseAmount } from '../../../protocol/index.ts';
import { checkCard, resolveAccountEntry, unofferedFeature } from '../account-entry.ts';
import { invalidMove } from '../answers.ts';
import type { EngineContext, OperationHandler, OperationRequest } from '../engine-context.ts';
import { customOf, echoOf } from '../request-echo.ts';
import type { ServiceAnswer } from '../engine-context.ts';
import { runNewTransaction } from './new-transaction.ts';
import { refuseMove, withTransaction } from './transaction-moves.ts';

/**
 * A refund of a prior transaction: by default what is left to refund. Refused while the original is
 * unsettled and the amount is its whole amount (that is a reversal: DATA_INVALIDMOD "USE VOID OR
 * REVERSAL TO REFUND UNSETTLED TRANSACTIONS", as activemerchant's gateway tests record it), and
 * above what is left.
 */
function refundOfPrior(request: OperationRequest, ctx: EngineContext): Promise<ServiceAnswer> {
  return withTransaction(request, ctx, (prior) => {
    const { params } = request;
    const left = prior.amount - prior.refundedAmount;
    const amount = params.amount === undefined ? left : parseAmount(params.amount, 'amount');
    const refusal = refuseMove(
      request,
      prior,
      amount >= prior.amount ? 'refund_whole' : 'refund_partial',
    );
    if (refusal !== undefined) return Promise.resolve(refusal);
    if (amount > left || left === 0) {
      return Promise.resolve(
        invalidMove('amount', `above the ${formatAmount(left)} left to refund`),
      );
    }
    return runNewTransaction(request, ctx, {
      kind: 'refund',
      approvedState: 'captured',
      account: { kind: 'prior', prior },
      amount,
      echo: echoOf(params),
      custom: customOf(params),
      onApproved: (refund, nowTs) => {
        const current = ctx.transactions.find(prior.merchantId, prior.ttid) ?? prior;
        ctx.transactions.update(
          current,
          { refundedAmount: current.refundedAmount + amount },
          {
            action: 'refund',
            amount,
            code: refund.code,
            msoftCode: MsoftCode.INT_SUCCESS,
            phardCode: refund.phardCode,
            verbiage: `REFUNDED BY TTID ${refund.ttid}`,
            stan: null,
            stanSeq: null,
            username: request.caller.username,
          },
          nowTs,
        );
      },
    });
  });
}

/** A refund to an account entered in the request (keyed, track data, token). */
function refundToAccount(request: OperationRequest, ctx: EngineContext): Promise<ServiceAnswer> {
  const { params } = request;
  const unoffered = unofferedFeature(params);
  if (unoffered !== undefined) return Promise.resolve(unoffered);
  const entry = resolveAccountEntry(ctx, request.caller.merchantId, params);
  if (entry.kind === 'answer') return Promise.resolve(entry.answer);
  const check = checkCard(entry.card.pan);
  if (check.kind === 'answer') return Promise.resolve(check.answer);
  return runNewTransaction(request, ctx, {
    kind: 'refund',
    approvedState: 'captured',
    account: { kind: 'card', card: entry.card, cardtype: check.cardtype },
    amount: parseAmount(params.amount ?? '', 'amount'),
    echo: echoOf(params),
    custom: customOf(params),
  });
}

/**
 * refund: of a prior transaction by ttid, or to an account. Either way a new transaction (a
 * credit sent online through the send queue) that enters the open batch when approved.
 */
export const refundHandler: OperationHandler = (request, ctx) =>
  request.params.ttid !== undefined ? refundOfPrior(request, ctx) : refundToAccount(request, ctx);
