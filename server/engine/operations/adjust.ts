import { formatAmount, parseAmount } from '../../../protocol/index.ts';
import { invalidMove } from '../answers.ts';
import type { OperationHandler } from '../engine-context.ts';
import { customOf, echoOf, overlay } from '../request-echo.ts';
import { OFFLINE_SUCCESS, commitMove, refuseMove, withTransaction } from './transaction-moves.ts';

/**
 * adjust (seed: States and transitions): changes the parameters of an unsettled captured
 * transaction (money, lodging, order, shipping, lane groups, custom parameters), the amount
 * included; the state stays. Done by the service alone. A transaction cannot change orders.
 */
export const adjustHandler: OperationHandler = (request, ctx) =>
  withTransaction(request, ctx, (txn) => {
    const { params } = request;
    const refusal = refuseMove(request, txn, 'adjust');
    if (refusal !== undefined) return Promise.resolve(refusal);
    if (params.order_id !== undefined && params.order_id !== txn.orderId) {
      return Promise.resolve(invalidMove('order_id', 'a transaction cannot change orders'));
    }
    const amount = params.amount === undefined ? txn.amount : parseAmount(params.amount, 'amount');
    if (amount < txn.refundedAmount) {
      return Promise.resolve(
        invalidMove('amount', `below the ${formatAmount(txn.refundedAmount)} already refunded`),
      );
    }
    const change = {
      amount,
      echo: overlay(txn.echo, echoOf(params)),
      custom: overlay(txn.custom, customOf(params)),
      addFlag: 'ADJUSTED' as const,
    };
    return Promise.resolve(
      commitMove(request, ctx, txn, change, OFFLINE_SUCCESS, { amount, stanSeq: null }),
    );
  });
