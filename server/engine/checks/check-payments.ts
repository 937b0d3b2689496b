import { MsoftCode, parseAmount } from '../../../protocol/index.ts';
import { notOffered, serviceDecline } from '../answers.ts';
import type { EngineContext, OperationRequest, ServiceAnswer } from '../engine-context.ts';
import { runNewTransaction } from '../operations/new-transaction.ts';
import { customOf, echoOf } from '../request-echo.ts';
import { screenCard } from '../screening.ts';
import { CHECK_CARDTYPE, checkEntryOf } from './check-entry.ts';

/**
 * A check sale or a refund to a bank account (docs/test-cards.md, Checks): an ACH debit or
 * credit sent online through the send queue, captured into the open batch when approved, its
 * bank account sealed until its return time after settlement has passed. A check holds nothing,
 * so a preauth or a sale with capture=no on one is refused (DATA_BADTRANS). The deny list and
 * duplicate check screen the account as they screen a card number, and name it (cardtype ACH).
 */
export async function runCheckPayment(
  request: OperationRequest,
  ctx: EngineContext,
  kind: 'sale' | 'refund',
): Promise<ServiceAnswer> {
  const { params } = request;
  if (request.op === 'preauth' || params.capture === 'no') {
    return notOffered('abaroute', 'holds on checks');
  }
  const check = checkEntryOf(params);
  if (check === undefined) {
    return serviceDecline(MsoftCode.DATA_MISSINGFIELD, 'account: required with abaroute');
  }
  const amount = parseAmount(params.amount ?? '', 'amount');
  const screened = await screenCard(ctx, request, check.account, amount, CHECK_CARDTYPE);
  if (screened !== undefined) return screened;
  return runNewTransaction(request, ctx, {
    kind,
    approvedState: 'captured',
    account: { kind: 'check', check },
    amount,
    echo: echoOf(params),
    custom: customOf(params),
  });
}
