import {
  Code,
  MsoftCode,
  TXNSTATUS_IN_PROGRESS,
  formatAmount,
  formatSignedAmount,
  parseTax,
} from '../../../protocol/index.ts';
import { notFound, response } from '../answers.ts';
import { formatTimestamp } from '../../shared/clock.ts';
import { detailPairs } from '../detail-pairs.ts';
import type { OperationHandler, OperationRequest, EngineContext } from '../engine-context.ts';
import type { ServiceAnswer } from '../engine-context.ts';
import type { InFlightRecord } from '../../store/in-flight-store.ts';
import type { TransactionRecord } from '../../store/transaction-record.ts';
import { put } from '../response-pairs.ts';
import { findTransaction } from './transaction-moves.ts';

const TAKEN = new Set(['authorized', 'captured', 'settled']);

/**
 * Order fields of a detail (docs/interface.md › Transaction detail, Order): order_total (approved, not voided
 * or reversed sales and preauths, less refunds; signed, -0.50 for an order of a refund alone, as
 * a batch's net_amount), order_tax (their tax), and trans, the ttids of
 * the transactions the lookup matched, oldest first, pipe-separated.
 */
function orderPairs(
  order: TransactionRecord[],
  matched: TransactionRecord[],
): Record<string, string> {
  let total = 0;
  let tax = 0;
  for (const txn of order.filter((t) => TAKEN.has(t.state))) {
    total += txn.kind === 'refund' ? -txn.amount : txn.amount;
    const taxed = txn.echo.tax === undefined ? 'exempt' : parseTax(txn.echo.tax);
    if (txn.kind !== 'refund' && taxed !== 'exempt') tax += taxed;
  }
  return {
    order_total: formatSignedAmount(total),
    order_tax: formatAmount(tax),
    trans: matched.map((txn) => String(txn.ttid)).join('|'),
  };
}

/**
 * The detail of an order's new transaction still in flight (docs/test-cards.md, In flight): the
 * lookup succeeds (AUTH, INT_SUCCESS) with verbiage "IN PROGRESS…", txnstatus INPROGRESS, the
 * action, account, amount asked and order, no ttid and no original result yet; trans lists the
 * order's transactions the lookup matched.
 */
function inProgressPairs(
  record: InFlightRecord,
  matched: TransactionRecord[],
  timeZone: string,
): Record<string, string> {
  const { draft } = record;
  const amount = formatAmount(draft.reqAmount);
  const pairs: Record<string, string> = {
    code: Code.AUTH,
    msoft_code: MsoftCode.INT_SUCCESS,
    verbiage: 'IN PROGRESS: the transaction is waiting for its outcome; look it up again',
    action: draft.operation,
    account: draft.accountMasked,
    cardtype: draft.cardtype,
    amount,
    orig_reqamount: amount,
    txnstatus: TXNSTATUS_IN_PROGRESS,
    timestamp: formatTimestamp(new Date(record.createdTs * 1000), timeZone),
    last_modified_ts: String(record.createdTs),
    trans: matched.map((txn) => String(txn.ttid)).join('|'),
  };
  put(pairs, 'order_id', draft.orderId);
  return pairs;
}

/**
 * By order (docs/interface.md › GET transaction/order/<order_id>/payment[/<payment_id>]): the newest matching
 * transaction's detail with the order fields; with ttid as well, that transaction if it belongs
 * to the order. While a new transaction of the order is in flight, a lookup that would answer the
 * order's newest transaction, or a payment not made yet, answers "in progress" instead. Not found
 * names payment_id or order_id. In-flight records are read before transactions: a transaction
 * completing in between is then seen in one of the two.
 */
async function detailByOrder(
  request: OperationRequest,
  ctx: EngineContext,
  orderId: string,
): Promise<ServiceAnswer> {
  const { merchantId, timeZone } = request.caller;
  const { payment_id: paymentId, ttid } = request.params;
  const inFlight = await ctx.store.inFlight.findByOrder(merchantId, orderId);
  const order = await ctx.store.transactions.findByOrder(merchantId, orderId);
  let matched = paymentId === undefined ? order : order.filter((t) => t.paymentId === paymentId);
  if (ttid !== undefined) matched = matched.filter((t) => String(t.ttid) === ttid);
  const newest = matched.at(-1);
  const pending = inFlight.at(-1);
  if (
    pending !== undefined &&
    ttid === undefined &&
    (paymentId === undefined || newest === undefined)
  ) {
    return response(inProgressPairs(pending, matched, timeZone));
  }
  if (newest === undefined) {
    if (ttid !== undefined) return notFound('ttid');
    return paymentId === undefined
      ? notFound('order_id', 'order')
      : notFound('payment_id', 'payment');
  }
  return response({
    ...(await detailPairs(ctx, newest, timeZone)),
    ...orderPairs(order, matched),
  });
}

/**
 * trandetail (docs/interface.md › Transaction detail): by ttid, by order, or by order and payment. Answers the
 * detail response; an unknown reference answers DATA_RECORDNOTFOUND.
 */
export const detailHandler: OperationHandler = async (request, ctx) => {
  const { order_id: orderId, ttid } = request.params;
  if (orderId !== undefined) return detailByOrder(request, ctx, orderId);
  const txn = await findTransaction(ctx, request.caller, ttid ?? '');
  if (txn === undefined) return notFound('ttid');
  return response(await detailPairs(ctx, txn, request.caller.timeZone));
};
