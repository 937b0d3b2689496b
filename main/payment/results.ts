import type { OperationName, Params } from '../../protocol/index.ts';
import type { PaymentResponse } from './payment-response.ts';
import type { TransportKind } from './transport.ts';

/** What every answered result carries: the operation, the transport, the answer and its status. */
interface AnsweredBase {
  readonly operation: OperationName;
  readonly transport: TransportKind;
  /** The order id the request carried (chosen by the caller or generated), when it had one. */
  readonly orderId: string | undefined;
  /** The HTTP status on REST; undefined on the key/value protocol. */
  readonly httpStatus: number | undefined;
  readonly response: PaymentResponse;
}

/** Approved in full; for lookups, settle and the MFA cookie: done (docs/interface.md › Errors §1–3). */
export interface Approved extends AnsweredBase {
  readonly outcome: 'approved';
}

/** Approved for less than asked: response.authAmount is what was authorized. */
export interface PartiallyApproved extends AnsweredBase {
  readonly outcome: 'partial';
}

/** Declined by the processor or the card issuer (phard_code other than SUCCESS, or code DENY…). */
export interface DeclinedByProcessor extends AnsweredBase {
  readonly outcome: 'declined_processor';
}

/**
 * Declined by the service itself: msoft_code other than INT_SUCCESS (a request error,
 * authentication, permission, merchant rules such as a fraud rule, the service unavailable).
 */
export interface DeclinedByService extends AnsweredBase {
  readonly outcome: 'declined_service';
}

/** Why no answer can be trusted. */
export type UnknownReason = 'deadline' | 'connection_lost' | 'unreadable_answer';

/**
 * The request left the lane and no answer that can be read came back: the service may have
 * charged the card or not. Never a decline, never resent; resolve it by the order id (resolve) or,
 * for a move on an existing transaction, by looking its ttid up.
 */
export interface Unknown {
  readonly outcome: 'unknown';
  readonly operation: OperationName;
  readonly transport: TransportKind;
  readonly reason: UnknownReason;
  /** What happened, for the operator (never card data). */
  readonly detail: string;
  readonly orderId: string | undefined;
  /** The transaction a move (capture, void, reversal…) was made on. */
  readonly ttid: string | undefined;
  readonly httpStatus: number | undefined;
}

/** The result of a transaction, lookup or other operation, one of five outcomes. */
export type PaymentResult =
  Approved | PartiallyApproved | DeclinedByProcessor | DeclinedByService | Unknown;

/** Outcome names of PaymentResult. */
export type PaymentOutcome = PaymentResult['outcome'];

/** Report rows (docs/interface.md › Errors §4): JSON over REST, CSV over the key/value protocol. */
export interface ReportRows {
  readonly outcome: 'report';
  readonly operation: OperationName;
  readonly transport: TransportKind;
  readonly httpStatus: number | undefined;
  readonly format: 'json' | 'csv';
  readonly columns: readonly string[];
  readonly rows: readonly Params[];
}

/** A report's result: its rows, a decline by the service (code and verbiage), or unknown. */
export type ReportResult = ReportRows | DeclinedByService | Unknown;

/**
 * What resolve(orderId) found (Adyen terminal API: transaction status after a timeout): the order's
 * transaction approved, or declined; no transaction for it (not charged); or still unknown (the
 * lookup itself got no answer, or the lane's own request may still be running).
 */
export type Resolution =
  | {
      readonly status: 'approved';
      readonly ttid: string | undefined;
      readonly response: PaymentResponse;
    }
  | {
      readonly status: 'declined';
      readonly ttid: string | undefined;
      readonly response: PaymentResponse;
    }
  | { readonly status: 'not_found'; readonly orderId: string }
  | { readonly status: 'unknown'; readonly orderId: string; readonly detail: string };
