import { parseAmount, stateAfter } from '../../../protocol/index.ts';
import { unixSeconds } from '../../shared/clock.ts';
import type { OperationHandler } from '../engine-context.ts';
import { customOf, echoOf, overlay } from '../request-echo.ts';
import type { StoreTx } from '../../store/service-store.ts';
import type { TransactionChange } from '../../store/transaction-store.ts';
import { tokenFor } from '../tokenizer.ts';
import { refuseMove, runOnlineMove, withTransaction } from './transaction-moves.ts';

/**
 * capture (an uncaptured sale) and preauthcomplete (a preauth, with a final amount that may
 * differ) (docs/interface.md › States and transitions): sent online as a completion through the send queue;
 * on approval the transaction enters the open batch, eligible for settlement. preauthcomplete
 * may also tokenize the held card (tokenize, matching_token).
 */
export const completeHandler: OperationHandler = (request, ctx) =>
  withTransaction(request, ctx, async (txn) => {
    const { params } = request;
    const move = request.op === 'capture' ? 'capture' : 'preauthcomplete';
    const refusal = refuseMove(request, txn, move);
    if (refusal !== undefined) return refusal;
    const amount =
      request.op === 'preauthcomplete' && params.amount !== undefined
        ? parseAmount(params.amount, 'amount')
        : txn.amount;
    const change = async (tx: StoreTx): Promise<TransactionChange> => {
      const secret =
        txn.cardSealed === null ? undefined : ctx.vault.unseal(txn.cardSealed, 'transaction');
      const token =
        secret === undefined
          ? undefined
          : await tokenFor(
              tx.tokens,
              ctx.vault,
              txn.merchantId,
              {
                pan: secret.pan,
                ...(secret.expdate !== undefined && { expdate: secret.expdate }),
                entryMode: 'M',
                cardNotPresent: true,
              },
              txn.cardtype,
              params,
              unixSeconds(ctx.clock()),
            );
      return {
        state: stateAfter(txn.state, move),
        amount,
        echo: overlay(txn.echo, echoOf(params)),
        custom: overlay(txn.custom, customOf(params)),
        ...(token !== undefined && { token }),
      };
    };
    return runOnlineMove(request, ctx, txn, { kind: 'complete', amount }, change);
  });
