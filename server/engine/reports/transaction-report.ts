import { formatAmount } from '../../../protocol/index.ts';
import { formatTimestamp } from '../../shared/clock.ts';
import type { OperationHandler } from '../engine-context.ts';
import type { CheckReads } from '../../store/check-store.ts';
import type { TransactionRecord, TransactionState } from '../../store/transaction-record.ts';
import { checkReturnPairs, tranflagsOf, txnstatusOf } from '../detail-pairs.ts';
import { reportBounds } from './report-filters.ts';

/**
 * Columns of the failed, unsettled and settled reports, in order (docs/test-cards.md). Readers look
 * columns up by name, so a column keeps its name; new columns are added at the end.
 */
const TRANSACTION_REPORT_COLUMNS: readonly string[] = [
  'ttid',
  'action',
  'txnstatus',
  'tranflags',
  'code',
  'msoft_code',
  'phard_code',
  'verbiage',
  'cardtype',
  'account',
  'amount',
  'orig_reqamount',
  'auth',
  'batch',
  'item',
  'stan',
  'avs',
  'cv',
  'order_id',
  'payment_id',
  'ordernum',
  'custref',
  'username',
  'timestamp',
  'last_modified_ts',
  'return_code',
  'return_reason',
  'return_ts',
];

/** One report row of a transaction (a returned check with its return); absent values are empty. */
async function transactionRow(
  checks: CheckReads,
  txn: TransactionRecord,
  timeZone: string,
): Promise<Record<string, string>> {
  const returned = await checkReturnPairs(checks, txn);
  return {
    ttid: String(txn.ttid),
    action: txn.operation,
    txnstatus: txnstatusOf(txn).join('|'),
    tranflags: tranflagsOf(txn).join('|'),
    code: txn.code,
    msoft_code: txn.msoftCode,
    phard_code: txn.phardCode ?? '',
    verbiage: txn.verbiage,
    cardtype: txn.cardtype,
    account: txn.accountMasked,
    amount: formatAmount(txn.amount),
    orig_reqamount: formatAmount(txn.reqAmount),
    auth: txn.auth ?? '',
    batch: txn.batchNumber === null ? '' : String(txn.batchNumber),
    item: txn.item === null ? '' : String(txn.item),
    stan: txn.stan ?? '',
    avs: txn.avs ?? '',
    cv: txn.cv ?? '',
    order_id: txn.orderId ?? '',
    payment_id: txn.paymentId ?? '',
    ordernum: txn.echo.ordernum ?? '',
    custref: txn.echo.custref ?? '',
    username: txn.username,
    timestamp: formatTimestamp(new Date(txn.createdTs * 1000), timeZone),
    last_modified_ts: String(txn.lastModifiedTs),
    return_code: returned.return_code ?? '',
    return_reason: returned.return_reason ?? '',
    return_ts: returned.return_ts ?? '',
  };
}

/** The states each transaction report lists (docs/interface.md › failed report; libmonetra's GFT, GUT, GL). */
const REPORT_STATES: Readonly<Record<string, readonly TransactionState[]>> = {
  report_failed: ['declined'],
  report_unsettled: ['authorized', 'captured'],
  report_settled: ['settled'],
};

/**
 * The failed (declined), unsettled (authorized or captured) and settled reports of the caller's
 * profile, oldest first, filtered by bdate/edate (creation time), batch, ttid and order_id.
 */
export const transactionReportHandler: OperationHandler = async (request, ctx) => {
  const { caller, params } = request;
  const { from, to, ...bounds } = reportBounds(params, caller, request.now);
  const transactions = await ctx.store.transactions.list({
    profileId: caller.profileId,
    states: REPORT_STATES[request.op] ?? [],
    ...(from !== undefined && { createdFrom: from }),
    ...(to !== undefined && { createdTo: to }),
    ...bounds,
  });
  const rows = await Promise.all(
    transactions.map((txn) => transactionRow(ctx.store.checks, txn, caller.timeZone)),
  );
  return { kind: 'report', columns: [...TRANSACTION_REPORT_COLUMNS], rows };
};
