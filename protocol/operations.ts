/**
 * Every operation the service offers, by one canonical name (docs/interface.md › What the service does §1–2,
 * Endpoints). Transports map their own addressing (REST route, key/value action) onto these names.
 */
export const OPERATIONS = [
  'sale',
  'preauth',
  'preauthcomplete',
  'capture',
  'incremental',
  'adjust',
  'reversal',
  'void',
  'refund',
  'balanceinq',
  'cardtype',
  'activate',
  'issue',
  'cashout',
  'merchreturn',
  'trandetail',
  'report_failed',
  'report_unsettled',
  'report_settled',
  'report_batches',
  'report_settled_batches',
  'settle',
  'mfa_cookie',
  'chkpwd',
  'ticket_session',
] as const;

/** One operation's canonical name. */
export type OperationName = (typeof OPERATIONS)[number];

/** Operations that move money or holds: an unanswered request of these is an unknown outcome. */
export const FINANCIAL_OPERATIONS: ReadonlySet<OperationName> = new Set<OperationName>([
  'sale',
  'preauth',
  'preauthcomplete',
  'capture',
  'incremental',
  'adjust',
  'reversal',
  'void',
  'refund',
  'activate',
  'issue',
  'cashout',
  'merchreturn',
]);

/** Operations answered with report rows rather than a transaction response (docs/interface.md › Errors §4). */
export const REPORT_OPERATIONS: ReadonlySet<OperationName> = new Set<OperationName>([
  'report_failed',
  'report_unsettled',
  'report_settled',
  'report_batches',
  'report_settled_batches',
]);

/** True when the text is a canonical operation name. */
export function isOperationName(text: string): text is OperationName {
  return (OPERATIONS as readonly string[]).includes(text);
}
