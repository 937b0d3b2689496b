import {
  MsoftCode,
  outcomeOf,
  responseValue,
  statusClass,
  type Outcome,
  type OperationName,
  type Params,
} from '../../protocol/index.ts';
import { PaymentResponse } from './payment-response.ts';
import type { PaymentResult, ReportResult, Unknown, UnknownReason } from './results.ts';
import type { TransportKind, WireAnswer } from './transport.ts';

/** What the reader needs to know about the request an answer belongs to. */
export interface AnswerContext {
  readonly op: OperationName;
  readonly transport: TransportKind;
  readonly orderId: string | undefined;
  readonly ttid: string | undefined;
  /** The amount asked for on sale and preauth, as sent; enables the partial-approval check. */
  readonly requestedAmount: string | undefined;
}

type Known = Exclude<Outcome, 'error'>;

/** An unknown outcome for the request of `context`. */
export function unknownResult(
  context: AnswerContext,
  reason: UnknownReason,
  detail: string,
  httpStatus?: number,
): Unknown {
  const { op, transport, orderId, ttid } = context;
  return {
    outcome: 'unknown',
    operation: op,
    transport,
    reason,
    detail,
    orderId,
    ttid,
    httpStatus,
  };
}

/** True when the pairs carry a result the interface defines: code or msoft_code. */
function carriesResult(pairs: Params): boolean {
  return (
    responseValue(pairs, 'code') !== undefined || responseValue(pairs, 'msoft_code') !== undefined
  );
}

/**
 * REST v2 (docs/interface.md › Errors §2): 200 approved (partially, when authamount is below the amount asked),
 * 402 declined by processor or issuer, or by the service's merchant rules when msoft_code says so,
 * any other status a decline by the service. 401 needs no readable body: nothing was run.
 */
function v2Outcome(
  status: number,
  pairs: Params,
  requested: string | undefined,
): Known | undefined {
  const byStatus = statusClass(status);
  if (byStatus === 'unauthenticated') return 'declined_service';
  if (!carriesResult(pairs)) return undefined;
  switch (byStatus) {
    case 'approved':
      return outcomeOf(pairs, { requestedAmount: requested }) === 'partial'
        ? 'partial'
        : 'approved';
    case 'declined_processor_or_merchant': {
      const msoft = responseValue(pairs, 'msoft_code');
      return msoft !== undefined && msoft !== MsoftCode.INT_SUCCESS
        ? 'declined_service'
        : 'declined_processor';
    }
    default:
      return 'declined_service';
  }
}

/**
 * REST v1 and key/value (docs/interface.md › Errors §1, §3): the outcome is read from code, msoft_code and
 * phard_code (protocol's outcomeOf); an answer it cannot read gives undefined. A v1 401 is an
 * authentication decline whatever its body.
 */
function bodyOutcome(
  status: number | undefined,
  pairs: Params,
  requested: string | undefined,
): Known | undefined {
  if (status === 401) return 'declined_service';
  const outcome = outcomeOf(pairs, { requestedAmount: requested });
  return outcome === 'error' ? undefined : outcome;
}

/**
 * The result of an answer to a transaction, lookup or other operation. An answer that cannot be
 * read (no code or msoft_code, not key/value, an unreadable authamount) is unknown, never a
 * decline.
 */
export function readResult(context: AnswerContext, answer: WireAnswer): PaymentResult {
  if (answer.kind !== 'pairs') {
    const detail =
      answer.kind === 'unreadable' ? answer.detail : 'report rows where an answer was expected';
    return unknownResult(context, 'unreadable_answer', detail, answer.status);
  }
  const { pairs, status } = answer;
  const requested = context.requestedAmount;
  const outcome =
    context.transport === 'v2' && status !== undefined
      ? v2Outcome(status, pairs, requested)
      : bodyOutcome(status, pairs, requested);
  if (outcome === undefined) {
    return unknownResult(
      context,
      'unreadable_answer',
      'the answer carries no result the interface defines',
      status,
    );
  }
  const { op, transport, orderId } = context;
  return {
    outcome,
    operation: op,
    transport,
    orderId,
    httpStatus: status,
    response: new PaymentResponse(pairs),
  };
}

/**
 * The result of a report (docs/interface.md › Errors §4): rows when report data came back; key/value pairs mean
 * the report failed (a decline by the service with code and verbiage); anything else is unknown.
 */
export function readReport(context: AnswerContext, answer: WireAnswer): ReportResult {
  const { op, transport } = context;
  if (answer.kind === 'report') {
    const { format, columns, rows, status } = answer;
    return {
      outcome: 'report',
      operation: op,
      transport,
      httpStatus: status,
      format,
      columns,
      rows,
    };
  }
  if (answer.kind === 'unreadable' || (!carriesResult(answer.pairs) && answer.status !== 401)) {
    const detail =
      answer.kind === 'unreadable' ? answer.detail : 'neither report data nor a result';
    return unknownResult(context, 'unreadable_answer', detail, answer.status);
  }
  return {
    outcome: 'declined_service',
    operation: op,
    transport,
    orderId: undefined,
    httpStatus: answer.status,
    response: new PaymentResponse(answer.pairs),
  };
}
