import { invalidMove } from '../answers.ts';
import type { OperationHandler } from '../engine-context.ts';
import { OFFLINE_SUCCESS, commitMove, refuseMove, withTransaction } from './transaction-moves.ts';

/**
 * void: cancels an unsettled approved transaction (authorized or in the open batch) before
 * settlement; it leaves the batch, its hold is gone and its card data is cleared. Done by the
 * service alone: no online message, no phard_code.
 */
export const voidHandler: OperationHandler = (request, ctx) =>
  withTransaction(request, ctx, (txn) => {
    const refusal = refuseMove(request, txn, 'void');
    if (refusal !== undefined) return Promise.resolve(refusal);
    if (txn.refundedAmount > 0) {
      return Promise.resolve(invalidMove(request.op, 'transaction has refunds; void them first'));
    }
    return Promise.resolve(
      commitMove(request, ctx, txn, { state: 'voided', clearCard: true }, OFFLINE_SUCCESS, {
        amount: null,
        stanSeq: null,
      }),
    );
  });
