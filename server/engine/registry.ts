import { MsoftCode, type OperationName } from '../../protocol/index.ts';
import { batchReportHandler } from './reports/batch-report.ts';
import { transactionReportHandler } from './reports/transaction-report.ts';
import { serviceDecline } from './answers.ts';
import type { OperationHandler } from './engine-context.ts';
import { cashoutHandler, merchreturnHandler, openCardHandler } from './gift/gift-operations.ts';
import { balanceHandler } from './operations/balance.ts';
import { cardtypeHandler } from './operations/cardtype.ts';
import { completeHandler } from './operations/complete.ts';
import { detailHandler } from './operations/detail.ts';
import { incrementalHandler, reversalHandler } from './operations/hold-moves.ts';
import { refundHandler } from './operations/refund.ts';
import { saleHandler } from './operations/sale.ts';
import { settleHandler } from './operations/settle.ts';
import { ticketSessionHandler } from './operations/ticket-session.ts';
import { adjustHandler, voidHandler } from './operations/offline-moves.ts';

/** mfa_cookie and chkpwd belong to authentication; the engine answers them only if routed here. */
const authenticationOnly: OperationHandler = (request) =>
  Promise.resolve(
    serviceDecline(
      MsoftCode.DATA_BADTRANS,
      `${request.op}: answered by authentication, not the engine`,
    ),
  );

/** The operation registry: one handler per OperationName, one module per operation family. */
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
  balanceinq: balanceHandler,
  cardtype: cardtypeHandler,
  activate: openCardHandler,
  issue: openCardHandler,
  cashout: cashoutHandler,
  merchreturn: merchreturnHandler,
  trandetail: detailHandler,
  report_failed: transactionReportHandler,
  report_unsettled: transactionReportHandler,
  report_settled: transactionReportHandler,
  report_batches: batchReportHandler,
  report_settled_batches: batchReportHandler,
  settle: settleHandler,
  mfa_cookie: authenticationOnly,
  chkpwd: authenticationOnly,
  ticket_session: ticketSessionHandler,
};
