import { formatAmount, formatSignedAmount } from '../../../protocol/index.ts';
import type { OperationHandler } from '../engine-context.ts';
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
 * The batches reports of the caller's profile, newest first, filtered by bdate/edate (opening
 * time) and batch (number): report_batches (BT) the open batches — libmonetra's settle loop
 * settles every row BT gives (monetra_load), so a settled batch is never among them —,
 * report_settled_batches the settled ones, each with its totals.
 */
export const batchReportHandler: OperationHandler = async (request, ctx) => {
  const { caller, params } = request;
  const { from, to, batchNumber } = reportBounds(params, caller, request.now);
  const batches = await ctx.store.batches.list({
    profileId: caller.profileId,
    status: request.op === 'report_settled_batches' ? 'settled' : 'open',
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
      NetAmount: formatSignedAmount(totals.saleAmount - totals.refundAmount),
      OpenedTs: String(batch.openedTs),
      SettledTs: batch.settledTs === null ? '' : String(batch.settledTs),
    });
  }
  return { kind: 'report', columns: [...BATCH_REPORT_COLUMNS], rows };
};
