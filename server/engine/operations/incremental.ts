import { parseAmount } from '../../../protocol/index.ts';
import type { OperationHandler } from '../engine-context.ts';
import { customOf, echoOf, overlay } from '../request-echo.ts';
import { refuseMove, runOnlineMove, withTransaction } from './transaction-moves.ts';

/**
 * incremental (v2; seed: States and transitions): raises the hold of an authorization; amount is
 * the new total, not the increment. Always online: the processor decides (the simulated one
 * declines a total that does not rise); on approval the held amount becomes the new total.
 */
export const incrementalHandler: OperationHandler = (request, ctx) =>
  withTransaction(request, ctx, (txn) => {
    const { params } = request;
    const refusal = refuseMove(request, txn, 'incremental');
    if (refusal !== undefined) return Promise.resolve(refusal);
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
