import { MsoftCode, TXNSTATUS_IN_PROGRESS, outcomeOf, type Params } from '../../protocol/index.ts';
import type { LateState } from './late-answers.ts';
import { readResult, type AnswerContext } from './outcome-reader.ts';
import type { PaymentResponse } from './payment-response.ts';
import type { PaymentResult, Resolution } from './results.ts';
import type { TransportKind } from './transport.ts';

/** Options of resolve. */
export interface ResolveOptions {
  /**
   * Transactions of the order the lane already knows the result of: when the order's newest
   * transaction is one of them, the request being resolved left no transaction (an order id
   * reused for several requests).
   */
  readonly knownTtids?: readonly string[];
  /**
   * Milliseconds to keep looking while the service says the order's transaction is still in
   * progress (txnstatus INPROGRESS); default 60 000. Past it the order stays unknown.
   */
  readonly waitMs?: number;
}

/** How long resolve keeps looking at an order in progress by default: 60 s. */
export const DEFAULT_RESOLVE_WAIT_MS = 60_000;

/** True when a lookup found the order's transaction still in progress at the service. */
export function inProgress(lookup: PaymentResult | Error): boolean {
  if (lookup instanceof Error || lookup.outcome === 'unknown') return false;
  return lookup.response.txnstatus.includes(TXNSTATUS_IN_PROGRESS);
}

/** The original result of a detail answer: orig_code, orig_msoft_code, orig_phard_code. */
function originalResult(detail: PaymentResponse): 'approved' | 'declined' | undefined {
  const original: Record<string, string> = {};
  for (const key of ['code', 'msoft_code', 'phard_code']) {
    const value = detail.get(`orig_${key}`);
    if (value !== undefined) original[key] = value;
  }
  const outcome = outcomeOf(original as Params);
  if (outcome === 'approved' || outcome === 'partial') return 'approved';
  if (outcome !== 'error') return 'declined';
  const status = detail.txnstatus;
  if (status.includes('APPROVED')) return 'approved';
  return status.includes('DECLINED') ? 'declined' : undefined;
}

function fromLateAnswer(late: LateState, transport: TransportKind): Resolution | undefined {
  if (late.state !== 'answered') return undefined;
  const { request, answer } = late;
  const context: AnswerContext = { ...request, transport };
  const result = readResult(context, answer);
  if (result.outcome === 'unknown') return undefined;
  const ttid = result.response.ttid;
  const status =
    result.outcome === 'approved' || result.outcome === 'partial' ? 'approved' : 'declined';
  return { status, ttid, response: result.response };
}

/**
 * What became of an order's request (Adyen terminal API: transaction status). First a late answer
 * the client caught after the deadline; else the service's transaction detail by order id: found,
 * by its original result (orig_code, orig_msoft_code, orig_phard_code; txnstatus when those are
 * absent) approved or declined; still in progress (txnstatus INPROGRESS) is unknown;
 * DATA_RECORDNOTFOUND is "not found — not charged" (the service records a transaction before it
 * goes online) unless the lane's own request is still waiting for its answer, which keeps it
 * unknown; a lookup without a readable answer leaves it unknown.
 */
export function resolution(
  orderId: string,
  late: LateState | undefined,
  lookup: PaymentResult | Error,
  transport: TransportKind,
  options: ResolveOptions = {},
): Resolution {
  const caught = late === undefined ? undefined : fromLateAnswer(late, transport);
  if (caught !== undefined) return caught;
  const waiting = late !== undefined;
  const unknown = (detail: string): Resolution => ({ status: 'unknown', orderId, detail });
  if (lookup instanceof Error) return unknown(`the lookup was not sent: ${lookup.message}`);
  if (lookup.outcome === 'unknown') return unknown(`the lookup got no answer: ${lookup.detail}`);
  const response = lookup.response;
  if (lookup.outcome === 'declined_service' || lookup.outcome === 'declined_processor') {
    if (response.msoftCode?.toUpperCase() !== MsoftCode.DATA_RECORDNOTFOUND) {
      return unknown(
        `the lookup was refused: ${response.verbiage ?? response.msoftCode ?? 'no reason given'}`,
      );
    }
    if (waiting)
      return unknown('no transaction yet, and the request is still waiting for its answer');
    return { status: 'not_found', orderId };
  }
  if (inProgress(lookup)) {
    return unknown("the service is still running the order's transaction (txnstatus INPROGRESS)");
  }
  const ttid = response.ttid;
  if (ttid !== undefined && options.knownTtids?.includes(ttid)) {
    if (waiting)
      return unknown('no new transaction yet, and the request is still waiting for its answer');
    return { status: 'not_found', orderId };
  }
  const found = originalResult(response);
  if (found === undefined)
    return unknown("the detail carries no result of the order's transaction");
  return { status: found, ttid, response };
}
