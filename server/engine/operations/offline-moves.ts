import { formatAmount, parseAmount, stateAfter } from '../../../protocol/index.ts';
import { invalidMove } from '../answers.ts';
import { unixSeconds } from '../../shared/clock.ts';
import type { EngineContext, OperationHandler, OperationRequest } from '../engine-context.ts';
import { customOf, echoOf, overlay } from '../request-echo.ts';
import type { TransactionRecord } from '../../store/transaction-record.ts';
import { updateTransaction } from '../transaction-writes.ts';
import type { TransactionChange } from '../../store/transaction-store.ts';
import {
  OFFLINE_SUCCESS,
  commitMove,
  refuseMove,
  withTransaction,
  type ChangeOf,
} from './transaction-moves.ts';

/**
 * The change of a void; the request's custom parameters are kept on the transaction. A voided
 * refund of a prior transaction gives its amount back to what is left to refund on the prior
 * transaction, in the same commit.
 */
function voidChange(
  request: OperationRequest,
  ctx: EngineContext,
  txn: TransactionRecord,
): ChangeOf {
  const custom = overlay(txn.custom, customOf(request.params));
  const change: TransactionChange = {
    state: stateAfter(txn.state, 'void'),
    clearCard: true,
    custom,
  };
  if (txn.kind !== 'refund' || txn.parentTtid === null) return change;
  const parentTtid = txn.parentTtid;
  return async (tx) => {
    const parent = await tx.transactions.find(txn.merchantId, parentTtid);
    if (parent !== undefined) {
      await updateTransaction(
        tx,
        parent,
        { refundedAmount: parent.refundedAmount - txn.amount },
        {
          ...OFFLINE_SUCCESS,
          action: request.op,
          amount: -txn.amount,
          verbiage: `REFUND ${txn.ttid} VOIDED`,
          stanSeq: null,
          username: request.caller.username,
        },
        unixSeconds(ctx.clock()),
      );
    }
    return change;
  };
}

/**
 * void: cancels an unsettled approved transaction (authorized or in the open batch) before
 * settlement; it leaves the batch, its hold is gone and its card data is cleared. Done by the
 * service alone: no online message, no phard_code. A transaction with refunds standing against it
 * is not voided.
 */
export const voidHandler: OperationHandler = (request, ctx) =>
  withTransaction(request, ctx, (txn) => {
    const refusal = refuseMove(request, txn, 'void');
    if (refusal !== undefined) return refusal;
    return commitMove(request, ctx, txn, voidChange(request, ctx, txn), OFFLINE_SUCCESS, {
      amount: null,
      stanSeq: null,
    });
  });

/**
 * adjust (docs/interface.md › States and transitions): changes the parameters of an unsettled captured
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
    if (txn.parentTtid !== null && amount !== txn.amount) {
      return invalidMove(
        'amount',
        'a refund of a prior transaction keeps its amount; void it instead',
      );
    }
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
