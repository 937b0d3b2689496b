import { formatAmount } from '../../protocol/index.ts';
import type { OperationHandler } from '../engine/engine-context.ts';
import { netAmount } from '../engine/operations/settle.ts';
import { reportBounds } from './report-filters.ts';

/**
 * Columns of the batches report, in order (docs/test-cards.md). BatchNum and Sub are the names
 * libmonetra's settle loop reads (libmonetra monetra_load); Sub is the batch's profile id.
 */
const BATCH_REPORT_COLUMNS: readonly string[] = [
  'BatchNum',
  'Sub',
  'Status',
  'Count',
  'SaleCount',
  'SaleAmount',
  'RefundCount',
  'RefundAmount',
  'NetAmount',
  'OpenedTs',
  'SettledTs',
];

/**
 * The batches report of the caller's profile, newest first: open and settled batches with their
 * totals, filtered by bdate/edate (opening time) and batch (number).
 */
export const batchReportHandler: OperationHandler = async (request, ctx) => {
  const { caller, params } = request;
  const { from, to, batchNumber } = reportBounds(params, caller, request.now);
  const batches = await ctx.store.batches.list({
    profileId: caller.profileId,
    ...(from !== undefined && { openedFrom: from }),
    ...(to !== undefined && { openedTo: to }),
    ...(batchNumber !== undefined && { number: batchNumber }),
  });
  const rows = [];
  for (const batch of batches) {
    const totals = await ctx.store.batches.totals(batch.id);
    rows.push({
      BatchNum: String(batch.number),
      Sub: String(batch.profileId),
      Status: batch.status,
      Count: String(totals.count),
      SaleCount: String(totals.saleCount),
      SaleAmount: formatAmount(totals.saleAmount),
      RefundCount: String(totals.refundCount),
      RefundAmount: formatAmount(totals.refundAmount),
      NetAmount: netAmount(totals),
      OpenedTs: String(batch.openedTs),
      SettledTs: batch.settledTs === null ? '' : String(batch.settledTs),
    });
  }
  return { kind: 'report', columns: [...BATCH_REPORT_COLUMNS], rows };
};
