import {
  PARTIAL_REVERSAL_BRANDS,
  formatAmount,
  parseAmount,
  stateAfter,
} from '../../../protocol/index.ts';
import { invalidMove } from '../answers.ts';
import type { OperationHandler } from '../engine-context.ts';
import { customOf, echoOf, overlay } from '../request-echo.ts';
import type { TransactionChange } from '../../store/transaction-store.ts';
import { CARD_DECLINE_REASON, cardDeclineOf, withEmvPairs } from './card-decline.ts';
import { refuseMove, runOnlineMove, withTransaction, type ChangeOf } from './transaction-moves.ts';

/**
 * reversal (docs/interface.md › States and transitions): amount is the final amount to settle, not the amount
 * reversed. Without amount the whole hold is removed and the transaction becomes reversed (card
 * data cleared); with an amount below the held amount the hold is lowered to it (partial
 * reversal), for the brands that allow it and on gift cards. With icc it reports a card decline
 * after an online approval (card-decline.ts): recorded with the reversal, answered
 * rcpt_emv_card_decline=yes. Sent online through the send queue; on a gift card what the hold no
 * longer takes goes back onto the card.
 */
export const reversalHandler: OperationHandler = (request, ctx) =>
  withTransaction(request, ctx, async (txn) => {
    const { params } = request;
    const final = params.amount === undefined ? 0 : parseAmount(params.amount, 'amount');
    const partial = final > 0;
    const refusal = refuseMove(request, txn, partial ? 'reversal_partial' : 'reversal_full');
    if (refusal !== undefined) return refusal;
    if (final >= txn.amount) {
      return invalidMove(
        'amount',
        `the final amount to settle must be below the ${formatAmount(txn.amount)} held` +
          (final === txn.amount ? '; nothing to reverse' : '; use incremental to raise it'),
      );
    }
    if (partial && txn.giftAccountId === null && !PARTIAL_REVERSAL_BRANDS.has(txn.cardtype)) {
      return invalidMove(request.op, `partial reversal is not allowed for ${txn.cardtype} cards`);
    }
    const decline = params.icc === undefined ? undefined : await cardDeclineOf(ctx, params, txn);
    if (decline !== undefined && 'kind' in decline) return decline;
    const named = params.reversal_reason ?? (decline && CARD_DECLINE_REASON);
    const reason = named === undefined ? {} : { reversalReason: named };
    const change: TransactionChange = partial
      ? { amount: final, addFlag: 'PARTIALREVERSAL', ...reason }
      : { state: stateAfter(txn.state, 'reversal_full'), clearCard: true, ...reason };
    const recorded: ChangeOf =
      decline === undefined
        ? change
        : async (tx) => {
            await tx.emv.recordCardDecline(txn.ttid, decline.receipt);
            return change;
          };
    const answer = await runOnlineMove(
      request,
      ctx,
      txn,
      { kind: 'reverse', amount: final },
      recorded,
    );
    return decline === undefined ? answer : await withEmvPairs(ctx, answer, txn.ttid);
  });

/**
 * incremental (v2; docs/interface.md › States and transitions): raises the hold of an authorization; amount is
 * the new total, not the increment. Always online: the processor decides (the simulated one
 * declines a total that does not rise); on approval the held amount becomes the new total.
 */
export const incrementalHandler: OperationHandler = (request, ctx) =>
  withTransaction(request, ctx, (txn) => {
    const { params } = request;
    const refusal = refuseMove(request, txn, 'incremental');
    if (refusal !== undefined) return refusal;
    const total = parseAmount(params.amount ?? '', 'amount');
    return runOnlineMove(
      request,
      ctx,
      txn,
      { kind: 'increment', amount: total, previousAmount: txn.amount },
      {
        amount: total,
        addFlag: 'INCREMENTED',
        echo: overlay(txn.echo, echoOf(params)),
        custom: overlay(txn.custom, customOf(params)),
      },
    );
  });
