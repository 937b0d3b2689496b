import { MsoftCode, formatAmount, parseAmount, refundMoveOf } from '../../../protocol/index.ts';
import { resolveAccountEntry } from '../account-entry.ts';
import { invalidMove } from '../answers.ts';
import { runCheckPayment } from '../checks/check-payments.ts';
import { naming } from '../account-name.ts';
import { cardName, enteredCard, giftAsk, notAGiftCard, planAccount } from '../card-account.ts';
import type { EngineContext, OperationHandler, OperationRequest } from '../engine-context.ts';
import { customOf, echoOf } from '../request-echo.ts';
import { screenCard } from '../screening.ts';
import type { ServiceAnswer } from '../engine-context.ts';
import type { TransactionRecord } from '../../store/transaction-record.ts';
import { updateTransaction } from '../transaction-writes.ts';
import { runNewTransaction } from './new-transaction.ts';
import { verificationOf } from './sale.ts';
import { refuseMove, withTransaction } from './transaction-moves.ts';

/** True for a sale or preauth made on a gift card: what a merchreturn by ttid returns onto. */
export function isGiftSpend(txn: TransactionRecord): boolean {
  return txn.giftAccountId !== null && (txn.operation === 'sale' || txn.operation === 'preauth');
}

/**
 * A refund of a prior transaction (or, as merchreturn, of a prior gift card sale, back onto the
 * card): by default what is left to refund. Refused while the original is unsettled and the amount
 * is its whole amount, or a refund would bring its refunds to it (that is a reversal:
 * DATA_INVALIDMOD "USE VOID OR REVERSAL TO REFUND UNSETTLED TRANSACTIONS", as activemerchant's
 * gateway tests record it; a merchreturn is judged by its own amount, docs/interface.md › What the service does §1), and
 * above what is left.
 * A refund of a gift card transaction loads its card; a check that came back through ACH
 * (RETURNED) has nothing to refund.
 */
export function refundOfPrior(
  request: OperationRequest,
  ctx: EngineContext,
  operation: 'refund' | 'merchreturn' = 'refund',
): Promise<ServiceAnswer> {
  return withTransaction(request, ctx, (prior) => {
    const { params } = request;
    if (operation === 'merchreturn' && !isGiftSpend(prior)) {
      return Promise.resolve(invalidMove('ttid', 'not a sale or preauth on a gift card'));
    }
    if (prior.statusFlags.includes('RETURNED')) {
      return Promise.resolve(
        invalidMove('ttid', 'the check came back through ACH; nothing to refund'),
      );
    }
    const left = prior.amount - prior.refundedAmount;
    const amount = params.amount === undefined ? left : parseAmount(params.amount, 'amount');
    const refundable = operation === 'refund' ? left : prior.amount;
    const refusal = refuseMove(request, prior, refundMoveOf(amount, refundable));
    if (refusal !== undefined) return Promise.resolve(refusal);
    if (amount > left || left === 0) {
      return Promise.resolve(
        invalidMove('amount', `above the ${formatAmount(left)} left to refund`),
      );
    }
    return runNewTransaction(request, ctx, {
      kind: 'refund',
      operation,
      approvedState: 'captured',
      account: { kind: 'prior', prior },
      amount,
      echo: echoOf(params),
      custom: customOf(params),
      ...(prior.giftAccountId !== null && {
        gift: { kind: 'account', accountId: prior.giftAccountId },
      }),
      onApproved: async (tx, refund, nowTs) => {
        const current = (await tx.transactions.find(prior.merchantId, prior.ttid)) ?? prior;
        await updateTransaction(
          tx,
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

/**
 * A refund, or a merchreturn, to an account entered in the request (keyed, track data, token…):
 * onto one of the merchant's gift cards it loads the card's balance; merchreturn takes gift cards
 * only, and is screened by the duplicate check; either refusal names the card. A refund's
 * verification group (zip, street, cv) goes online with it and is checked as a sale's is. On check
 * data (abaroute) a refund is an ACH credit to the bank account (checks/check-payments.ts).
 */
export async function refundToAccount(
  request: OperationRequest,
  ctx: EngineContext,
  operation: 'refund' | 'merchreturn' = 'refund',
): Promise<ServiceAnswer> {
  const { params, caller } = request;
  if (operation === 'refund' && params.abaroute !== undefined) {
    return runCheckPayment(request, ctx, 'refund');
  }
  const entry = await resolveAccountEntry(ctx, caller.merchantId, params);
  const entered = enteredCard(request.giftRanges, params, entry);
  if (entered.kind === 'answer') return entered.answer;
  if (operation === 'merchreturn' && entered.gift === null)
    return naming(notAGiftCard(), cardName(entered));
  const amount = parseAmount(params.amount ?? '', 'amount');
  const screened = await screenCard(ctx, request, entered.card.pan, amount, entered.cardtype);
  if (screened !== undefined) return screened;
  return runNewTransaction(request, ctx, {
    kind: 'refund',
    operation,
    approvedState: 'captured',
    account: planAccount(entered),
    amount,
    verification: verificationOf(params),
    echo: echoOf(params),
    custom: customOf(params),
    ...(entered.gift !== null && {
      gift: { kind: 'card', ask: giftAsk(params, 'load', entered.card.pan) },
    }),
  });
}

/**
 * refund: of a prior transaction by ttid, or to an account. Either way a new transaction (a
 * credit sent online through the send queue) that enters the open batch when approved.
 */
export const refundHandler: OperationHandler = (request, ctx) =>
  request.params.ttid !== undefined ? refundOfPrior(request, ctx) : refundToAccount(request, ctx);
