import type { OperationName } from '../../protocol/index.ts';
import { PaymentCore, type CallOptions } from './payment-core.ts';
import type { ParamsInput } from './request-builder.ts';
import type { PaymentResult, ReportResult } from './results.ts';

/**
 * The lane's client for the Payment Transaction Service, one method per operation of the interface
 * (docs/interface.md › What the service does, Endpoints). Parameters are given flat or grouped; amounts as the
 * wire's two-decimal string or as integer minor units. New transactions carry an order id (the
 * caller's, or a generated one, returned in result.orderId) so an unknown outcome can be resolved.
 */
export class PaymentClient extends PaymentCore {
  #on(
    op: OperationName,
    ttid: string,
    params: ParamsInput,
    options?: CallOptions,
  ): Promise<PaymentResult> {
    return this.run(op, { ...params, ttid }, options);
  }

  /** Sale: authorize and capture (capture=no: authorize only). */
  sale(params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.run('sale', params, options);
  }
  /** Preauth: authorize and hold; complete it with preauthComplete. */
  preauth(params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.run('preauth', params, options);
  }
  /** v2: a new sale copying the card and data of a prior transaction; params override. */
  duplicateSale(ttid: string, params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.#on('sale', ttid, params, options);
  }
  /** v2: a new preauth copying a prior transaction. */
  duplicatePreauth(
    ttid: string,
    params: ParamsInput,
    options?: CallOptions,
  ): Promise<PaymentResult> {
    return this.#on('preauth', ttid, params, options);
  }
  /** Finalize a preauth: into the batch, eligible for settlement; amount is the final amount. */
  preauthComplete(
    ttid: string,
    params: ParamsInput = {},
    options?: CallOptions,
  ): Promise<PaymentResult> {
    return this.#on('preauthcomplete', ttid, params, options);
  }
  /** Add an uncaptured sale (capture=no) to the batch. */
  capture(ttid: string, params: ParamsInput = {}, options?: CallOptions): Promise<PaymentResult> {
    return this.#on('capture', ttid, params, options);
  }
  /** v2: raise an authorization's held amount; amount is the new total. */
  incremental(ttid: string, params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.#on('incremental', ttid, params, options);
  }
  /** Change parameters (tip, tax, amount…) of an unsettled captured transaction. */
  adjust(ttid: string, params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.#on('adjust', ttid, params, options);
  }
  /** Remove a hold; with amount, the final amount to settle (a partial reversal). */
  reversal(ttid: string, params: ParamsInput = {}, options?: CallOptions): Promise<PaymentResult> {
    return this.#on('reversal', ttid, params, options);
  }
  /** Cancel an unsettled transaction. */
  void(ttid: string, options?: CallOptions): Promise<PaymentResult> {
    return this.#on('void', ttid, {}, options);
  }
  /** Return money: against a prior ttid (by default what is left), or to an account. */
  refund(params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.run('refund', params, options);
  }
  /** Balance of a card (gift, debit); response.balance. */
  balanceInquiry(params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.run('balanceinq', params, options);
  }
  /** Real-time BIN lookup; response.card holds the card_* fields. */
  cardType(params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.run('cardtype', params, options);
  }
  /** Gift: activate a denominated card. */
  giftActivate(params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.run('activate', params, options);
  }
  /** Gift: open and fund a non-denominated card; amount required. */
  giftIssue(params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.run('issue', params, options);
  }
  /** Gift: remove all funds; response.authAmount is the amount to remit. */
  giftCashout(params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.run('cashout', params, options);
  }
  /** Gift: load funds for returned merchandise, by card or prior ttid; amount required. */
  merchandiseReturn(params: ParamsInput, options?: CallOptions): Promise<PaymentResult> {
    return this.run('merchreturn', params, options);
  }
  /** Transaction detail by ttid (receipt reprint: rcpt=yes). */
  transactionDetail(
    ttid: string,
    params: ParamsInput = {},
    options?: CallOptions,
  ): Promise<PaymentResult> {
    return this.#on('trandetail', ttid, params, options);
  }
  /** Transaction detail of an order's payments: the newest, with order totals. */
  orderDetail(
    orderId: string,
    params: ParamsInput = {},
    options?: CallOptions,
  ): Promise<PaymentResult> {
    return this.run('trandetail', { ...params, order_id: orderId }, options);
  }
  /** Transaction detail of one payment of an order. */
  paymentDetail(
    orderId: string,
    paymentId: string,
    params: ParamsInput = {},
    options?: CallOptions,
  ): Promise<PaymentResult> {
    return this.run('trandetail', { ...params, order_id: orderId, payment_id: paymentId }, options);
  }
  /** Report of failed (declined) transactions; filters bdate, edate, batch, ttid, order_id. */
  failedReport(params: ParamsInput = {}, options?: CallOptions): Promise<ReportResult> {
    return this.report('report_failed', params, options);
  }
  /** Report of unsettled (authorized and captured) transactions. */
  unsettledReport(params: ParamsInput = {}, options?: CallOptions): Promise<ReportResult> {
    return this.report('report_unsettled', params, options);
  }
  /** Report of settled transactions. */
  settledReport(params: ParamsInput = {}, options?: CallOptions): Promise<ReportResult> {
    return this.report('report_settled', params, options);
  }
  /** Report of the open batches with their totals. */
  batchesReport(params: ParamsInput = {}, options?: CallOptions): Promise<ReportResult> {
    return this.report('report_batches', params, options);
  }
  /** Report of the settled batches with their totals. */
  settledBatchesReport(params: ParamsInput = {}, options?: CallOptions): Promise<ReportResult> {
    return this.report('report_settled_batches', params, options);
  }
  /** Settle the open batch, or the batch named by batch. */
  settle(params: ParamsInput = {}, options?: CallOptions): Promise<PaymentResult> {
    return this.run('settle', params, options);
  }
  /** Issue a long-lived MFA cookie (send mfaCode in options); response.get('mfa_cookie'). */
  mfaCookie(options?: CallOptions): Promise<PaymentResult> {
    return this.run('mfa_cookie', {}, options);
  }
}
