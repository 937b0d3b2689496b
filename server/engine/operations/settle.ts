import { MsoftCode } from '../../../protocol/index.ts';
import { notFound, response, serviceDecline } from '../answers.ts';
import { unixSeconds } from '../clock.ts';
import type { OperationHandler } from '../engine-context.ts';
import { settleBatch, settlementPairs } from '../settlement.ts';

/**
 * settle: settles the caller's profile's open batch, or the batch named by `batch` (its number).
 * No open batch, or an unknown number: DATA_RECORDNOTFOUND; a settled batch: DATA_INVALIDMOD.
 */
export const settleHandler: OperationHandler = (request, ctx) => {
  const { profileId } = request.caller;
  const number = request.params.batch;
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
