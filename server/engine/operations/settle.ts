import { Code, MsoftCode, formatAmount, formatSignedAmount } from '../../../protocol/index.ts';
import { notFound, response, serviceDecline } from '../answers.ts';
import { unixSeconds } from '../../shared/clock.ts';
import type { EngineContext, OperationHandler } from '../engine-context.ts';
import type { BatchRecord, BatchTotals } from '../../store/batch-store.ts';
import type { StoreTx } from '../../store/service-store.ts';

/** A batch as settleBatch left it: its totals, and how many of its checks' returns became due. */
export interface SettledBatch {
  totals: BatchTotals;
  checks: number;
}

/**
 * Settles one open batch in a store transaction: the batch closes, its captured items become
 * settled (txnstatus COMPLETE) and lose their card data, and its checks' ACH returns become due
 * checkReturns.delaySeconds later (the caller wakes the return run once committed). Returns the
 * batch's totals, or undefined when the batch was no longer open (another settlement closed it
 * first).
 */
export async function settleBatch(
  ctx: EngineContext,
  tx: StoreTx,
  batch: BatchRecord,
  nowTs: number,
): Promise<SettledBatch | undefined> {
  if (!(await tx.batches.settle(batch.id, nowTs))) return undefined;
  const checks = await tx.checks.settled(batch.id, nowTs + ctx.checkReturns.delaySeconds);
  return { totals: await tx.batches.totals(batch.id), checks };
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

const ALREADY_SETTLED = serviceDecline(MsoftCode.DATA_INVALIDMOD, 'batch: already settled');

/**
 * settle: settles the caller's profile's open batch, or the batch named by `batch` (its number),
 * in one store transaction, so of two settlements racing for one batch one closes it. `sub`, as
 * libmonetra's settle loop sends it from the batches report's Sub column, must name that profile
 * (its id): another value is DATA_INVALIDFIELD naming sub. No open batch, or an unknown number:
 * DATA_RECORDNOTFOUND; a settled batch: DATA_INVALIDMOD.
 */
export const settleHandler: OperationHandler = async (request, ctx) => {
  const { profileId } = request.caller;
  const { batch: number, sub } = request.params;
  if (sub !== undefined && Number(sub) !== profileId) {
    return serviceDecline(
      MsoftCode.DATA_INVALIDFIELD,
      `sub: names profile ${sub}, not ${profileId}, the profile this request settles`,
    );
  }
  if (number !== undefined && !/^[0-9]{1,9}$/.test(number)) {
    return serviceDecline(MsoftCode.DATA_INVALIDFIELD, 'batch: must be a batch number');
  }
  const nowTs = unixSeconds(ctx.clock());
  const settled = await ctx.store.transaction(async (tx) => {
    const batch =
      number === undefined
        ? await tx.batches.open(profileId)
        : await tx.batches.find(profileId, Number(number));
    if (batch === undefined) {
      return number === undefined
        ? notFound('batch', 'open batch to settle')
        : notFound('batch', 'batch');
    }
    if (batch.status === 'settled') return ALREADY_SETTLED;
    const done = await settleBatch(ctx, tx, batch, nowTs);
    return done === undefined ? ALREADY_SETTLED : { batch, ...done };
  });
  if ('kind' in settled) return settled;
  if (settled.checks > 0) ctx.checkReturns.wake();
  return response(settlementPairs(settled.batch, settled.totals));
};
