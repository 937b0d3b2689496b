import type { Params } from '../../protocol/index.ts';
import { PaymentError, type PaymentResult, type ReportResult } from '../../main/payment/index.ts';

/**
 * Everything the three transports may answer differently for the same request, in one place.
 * Whatever is not listed here must be equal, field by field, on REST v2, REST v1 and key/value.
 */
export const TRANSPORT_DIFFERENCES = {
  /** Parts of a result that describe the transport, not the answer. */
  result: {
    transport: 'the transport itself',
    httpStatus:
      'REST answers carry an HTTP status (v1 200 for transactions, v2 by outcome); key/value none',
    format: 'reports come as JSON over REST and as CSV over key/value',
  },
  /** Answer fields whose values belong to one transaction, so differ between the three runs. */
  fields: {
    ttid: 'transaction identifier, one sequence for the service',
    auth: 'authorization code, derived from the stan',
    stan: 'system trace number, one per message sent online',
    item: 'position in the batch',
    batch: 'batch number: a run that settles opens the next batch for the runs after it',
    timestamp: 'time of the answer',
    rcpt_host_ts: 'time of the answer, receipt form',
    last_modified_ts: 'time of the last change',
    order_id: 'generated per request by the client',
    trans: 'the ttids of an order',
    token: 'a new token per tokenized transaction',
    username: 'the login: REST v1 has no API keys, so its requests run as the demo sub-user',
    OpenedTs: 'time the batch opened (batches report)',
    SettledTs: 'time the batch settled (batches report)',
    BatchNum: 'batch number (batches report)',
  },
} as const;

const IGNORED_FIELDS: ReadonlySet<string> = new Set(Object.keys(TRANSPORT_DIFFERENCES.fields));

function withoutDifferences(pairs: Params): Record<string, string> {
  return Object.fromEntries(Object.entries(pairs).filter(([key]) => !IGNORED_FIELDS.has(key)));
}

/** What a run observed: a result, a report, or a refusal before sending. */
export type Observed = PaymentResult | ReportResult | PaymentError;

/**
 * What must be equal across transports: the outcome and every answer field not listed in
 * TRANSPORT_DIFFERENCES; for an unknown, its reason; for a refusal before sending, its rule.
 */
export function comparable(observed: Observed): unknown {
  if (observed instanceof PaymentError) return { refused: observed.code, rule: observed.rule };
  switch (observed.outcome) {
    case 'unknown':
      return { outcome: 'unknown', reason: observed.reason };
    case 'report':
      return { outcome: 'report', rows: observed.rows.map(withoutDifferences) };
    default:
      return { outcome: observed.outcome, pairs: withoutDifferences(observed.response.pairs) };
  }
}
