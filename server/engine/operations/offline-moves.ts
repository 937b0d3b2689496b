import { formatAmount, parseAmount } from '../../../protocol/index.ts';
import { invalidMove } from '../answers.ts';
import type { OperationHandler } from '../engine-context.ts';
import { customOf, echoOf, overlay } from '../request-echo.ts';
import { OFFLINE_SUCCESS, commitMove, refuseMove, withTransaction } from './transaction-moves.ts';

/**
 * void: cancels an unsettled approved transaction (authorized or in the open batch) before
 * settlement; it leaves the batch, its hold is gone and its card data is cleared. Done by the
 * service alone: no online message, no phard_code.
 */
export const voidHandler: OperationHandler = (request, ctx) =>
  withTransaction(request, ctx, (txn) => {
    const refusal = refuseMove(request, txn, 'void');
    if (refusal !== undefined) return refusal;
    if (txn.refundedAmount > 0) {
      return invalidMove(request.op, 'transaction has refunds; void them first');
    }
    return commitMove(request, ctx, txn, { state: 'voided', clearCard: true }, OFFLINE_SUCCESS, {
      amount: null,
      stanSeq: null,
    });
  });

/**
 * adjust (seed: States and transitions): changes the parameters of an unsettled captured
 * transaction (money, lodging, order, shipping, lane groups, tip, custom parameters), the amount
 * included; the state stays. Done by the service alone. A transaction cannot change orders.
 */
export const adjustHandler: OperationHandler = (request, ctx) =>
  withTransaction(request, ctx, (txn) => {
    const { params } = request;
    const refusal = refuseMove(request, txn, 'adjust');
    if (refusal !== undefined) return refusal;
    if (params.order_id !== undefined && params.order_id !== txn.orderId) {
      return invalidMove('order_id', 'a transaction cannot change orders');
    }
    const amount = params.amount === undefined ? txn.amount : parseAmount(params.amount, 'amount');
    if (amount < txn.refundedAmount) {
      return invalidMove(
        'amount',
        `below the ${formatAmount(txn.refundedAmount)} already refunded`,
      );
    }
    const change = {
      amount,
      echo: overlay(txn.echo, echoOf(params)),
      custom: overlay(txn.custom, customOf(params)),
      addFlag: 'ADJUSTED' as const,
    };
    return commitMove(request, ctx, txn, change, OFFLINE_SUCCESS, { amount, stanSeq: null });
  });
