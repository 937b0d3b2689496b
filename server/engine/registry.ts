import { MsoftCode, type OperationName } from '../../protocol/index.ts';
import { batchReportHandler, transactionReportHandler } from '../reports/index.ts';
import { notOffered, serviceDecline } from './answers.ts';
import type { OperationHandler } from './engine-context.ts';
import { completeHandler } from './operations/complete.ts';
import { detailHandler } from './operations/detail.ts';
import { incrementalHandler, reversalHandler } from './operations/hold-moves.ts';
import { refundHandler } from './operations/refund.ts';
import { saleHandler } from './operations/sale.ts';
import { settleHandler } from './operations/settle.ts';
import { adjustHandler, voidHandler } from './operations/offline-moves.ts';

/** Handler of an operation the service does not offer yet: "<op>: not offered by this server". */
const notOfferedHandler: OperationHandler = (request) => Promise.resolve(notOffered(request.op));

/** mfa_cookie belongs to authentication; the engine answers it only if it is routed here. */
const authenticationOnly: OperationHandler = (request) =>
  Promise.resolve(
    serviceDecline(
      MsoftCode.DATA_BADTRANS,
      `${request.op}: answered by authentication, not the engine`,
    ),
  );

/**
 * The operation registry: one handler per OperationName, one module per operation family.
 * Operations not offered yet (gift cards, balance inquiry, card type lookup) answer DENY with
 * DATA_BADTRANS "<op>: not offered by this server"; each slots in by replacing its entry.
 */
export const OPERATION_HANDLERS: Readonly<Record<OperationName, OperationHandler>> = {
  sale: saleHandler,
  preauth: saleHandler,
  preauthcomplete: completeHandler,
  capture: completeHandler,
  incremental: incrementalHandler,
  adjust: adjustHandler,
  reversal: reversalHandler,
  void: voidHandler,
  refund: refundHandler,
  balanceinq: notOfferedHandler,
  cardtype: notOfferedHandler,
  activate: notOfferedHandler,
  issue: notOfferedHandler,
  cashout: notOfferedHandler,
  merchreturn: notOfferedHandler,
  trandetail: detailHandler,
  report_failed: transactionReportHandler,
  report_unsettled: transactionReportHandler,
  report_settled: transactionReportHandler,
  report_batches: batchReportHandler,
  settle: settleHandler,
  mfa_cookie: authenticationOnly,
};
