// The lane's payment client: the one import for the rest of main/ (docs/client.md).
export { PaymentClient } from './payment-client.ts';
export { PaymentCore, type CallOptions } from './payment-core.ts';
export {
  DEFAULT_DEADLINES,
  type Deadlines,
  type NetworkSwitch,
  type PaymentClientConfig,
} from './client-config.ts';
export { DEFAULT_LATE_ANSWER_MS } from './late-answers.ts';
export type {
  ApiKeyCredential,
  AuthSettings,
  Credential,
  DualAuthorization,
  MfaSetting,
  PasswordCredential,
} from './credentials.ts';
export type { TlsSettings } from './tls-trust.ts';
export {
  PaymentConfigError,
  PaymentError,
  PaymentNotSentError,
  PaymentRequestError,
  type NotSentReason,
  type PaymentErrorCode,
} from './errors.ts';
export { type ParamValue, type ParamsInput } from './request-builder.ts';
export { PaymentResponse } from './payment-response.ts';
export type { ResolveOptions } from './order-resolver.ts';
export type {
  Approved,
  DeclinedByProcessor,
  DeclinedByService,
  PartiallyApproved,
  PaymentOutcome,
  PaymentResult,
  ReportResult,
  ReportRows,
  Resolution,
  Unknown,
  UnknownReason,
} from './results.ts';
export type { TransportKind } from './transport.ts';
