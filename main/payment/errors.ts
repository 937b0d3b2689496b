import type { ProtocolError, ProtocolErrorKind } from '../../protocol/index.ts';

/** What kind of failure a PaymentError reports; every one means nothing was charged. */
export type PaymentErrorCode = 'invalid_request' | 'invalid_config' | 'not_sent';

/**
 * A failure of the payment client before anything reached the service: names the field and the
 * rule, never the offending value (card data must not leak through an error message).
 */
export class PaymentError extends Error {
  readonly code: PaymentErrorCode;
  /** The parameter, option or credential at fault, e.g. "amount", "username", "tls.pin". */
  readonly field: string | undefined;
  /** A stable rule id, e.g. "amount.positive", "username.v1_pipe", "connect.refused". */
  readonly rule: string;

  constructor(code: PaymentErrorCode, field: string | undefined, rule: string, message: string) {
    super(message);
    this.name = 'PaymentError';
    this.code = code;
    this.field = field;
    this.rule = rule;
  }
}

/**
 * A request refused by protocol/ before sending (docs/interface.md › Limits; docs/protocol.md, Validation
 * rules): a bad amount, cv or zip never leaves the lane. Carries the protocol's kind and rule.
 */
export class PaymentRequestError extends PaymentError {
  readonly kind: ProtocolErrorKind;

  constructor(error: ProtocolError) {
    super('invalid_request', error.field, error.rule, error.verbiage);
    this.name = 'PaymentRequestError';
    this.kind = error.kind;
  }
}

/** A client configuration or credential that cannot work (a v1 username with a pipe, a bad URL). */
export class PaymentConfigError extends PaymentError {
  constructor(field: string, rule: string, problem: string) {
    super('invalid_config', field, rule, `${field}: ${problem}`);
    this.name = 'PaymentConfigError';
  }
}

/** Why a request could not be sent. */
export type NotSentReason =
  | 'refused'
  | 'unreachable'
  | 'connect_timeout'
  | 'tls_handshake'
  | 'certificate'
  | 'ping'
  | 'closed';

/**
 * The request never left the lane: the connection was refused, timed out, failed its TLS
 * handshake or certificate check, or did not answer the PING. Safe to send again; `retryable`
 * says whether trying again can help (a certificate mismatch cannot).
 */
export class PaymentNotSentError extends PaymentError {
  readonly reason: NotSentReason;
  readonly retryable: boolean;
  /** Connection attempts made, retries included. */
  attempts = 1;

  constructor(reason: NotSentReason, retryable: boolean, detail: string) {
    super('not_sent', 'connection', `connect.${reason}`, `connection: ${detail}; request not sent`);
    this.name = 'PaymentNotSentError';
    this.reason = reason;
    this.retryable = retryable;
  }
}
