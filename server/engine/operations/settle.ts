import { Code, MsoftCode, formatAmount, formatSignedAmount } from '../../../protocol/index.ts';
import { notFound, response, serviceDecline } from '../answers.ts';
import { unixSeconds } from '../clock.ts';
import type { EngineContext, OperationHandler } from '../engine-context.ts';
import type { BatchRecord, BatchTotals } from '../store/batch-store.ts';

/**
 * Settles one open batch in a single SQLite transaction: the batch closes, its captured items
 * become settled (txnstatus COMPLETE) and lose their card data, and its checks' ACH returns become
 * due checkReturns.delaySeconds later (the return run is woken for them). Returns the totals.
 */
export function settleBatch(ctx: EngineContext, batch: BatchRecord, nowTs: number): BatchTotals {
  const { totals, checks } = ctx.transactions.atomically(() => {
    ctx.batches.settle(batch.id, nowTs);
    const checks = ctx.checks.settled(batch.id, nowTs + ctx.checkReturns.delaySeconds);
    return { totals: ctx.batches.totals(batch.id), checks };
  });
  if (checks > 0) ctx.checkReturns.wake();
  return totals;
}

/**
 * The answer to a settlement (docs/test-cards.md): AUTH, INT_SUCCESS, "BATCH SETTLED", the batch
 * number, and its totals — trans_count, sale_count, sale_amount, refund_count, refund_amount,
 * net_amount (amounts as two-decimal strings; net_amount signed, "-4.00" when the refunds exceed
 * the sales).
 */
function settlementPairs(batch: BatchRecord, totals: BatchTotals): Record<string, string> {
  return {
    code: Code.AUTH,
    msoft_code: MsoftCode.INT_SUCCESS,
    verbiage: 'BATCH SETTLED',
    batch: String(batch.number),
    trans_count: String(totals.count),
    sale_count: String(totals.saleCount),
    sale_amount: formatAmount(totals.saleAmount),
    refund_count: String(totals.refundCount),
    refund_amount: formatAmount(totals.refundAmount),
    net_amount: formatSignedAmount(totals.saleAmount - totals.refundAmount),
  };
}

/**
 * settle: settles the caller's profile's open batch, or the batch named by `batch` (its number).
 * `sub`, as libmonetra's settle loop sends it from the batches report's Sub column, must name
 * that profile (its id): another value is DATA_INVALIDFIELD naming sub. No open batch, or an
 * unknown number: DATA_RECORDNOTFOUND; a settled batch: DATA_INVALIDMOD.
 */
export const settleHandler: OperationHandler = (request, ctx) => {
  const { profileId } = request.caller;
  const { batch: number, sub } = request.params;
  if (sub !== undefined && Number(sub) !== profileId) {
    return Promise.resolve(
      serviceDecline(
        MsoftCode.DATA_INVALIDFIELD,
        `sub: names profile ${sub}, not ${profileId}, the profile this request settles`,
      ),
    );
  }
  if (number !== undefined && !/^[0-9]{1,9}$/.test(number)) {
    return Promise.resolve(
      serviceDecline(MsoftCode.DATA_INVALIDFIELD, 'batch: must be a batch number'),
    );
  }
  const batch =
    number === undefined
      ? ctx.batches.open(profileId)
      : ctx.batches.find(profileId, Number(number));
  if (batch === undefined) {
    return Promise.resolve(
      number === undefined ? notFound('batch', 'open batch to settle') : notFound('batch', 'batch'),
    );
  }
  if (batch.status === 'settled') {
    return Promise.resolve(serviceDecline(MsoftCode.DATA_INVALIDMOD, 'batch: already settled'));
  }
  const totals = settleBatch(ctx, batch, unixSeconds(ctx.clock()));
  return Promise.resolve(response(settlementPairs(batch, totals)));
};
