import {
  PING_REPLY_BODY,
  ProtocolError,
  TRANSPORT_KEYS,
  decodePairs,
  foldLegacyValues,
  isPingRequest,
  operationFromKv,
  pairsToParams,
  type KvFrame,
} from '../../protocol/index.ts';
import type { RequestDispatcher } from '../dispatch/request-dispatcher.ts';
import type { RequestLog } from '../log/request-log.ts';
import { encodeKvAnswer, kvDecline } from './kv-answer.ts';
import { kvCredentials } from './kv-credentials.ts';

/** Where a key/value request came from: its connection's peer and the counts of its closing line. */
export interface KvOrigin {
  source: string;
  counts: { requests: number; pings: number };
}

/** Logs a key/value request refused before it reached the dispatcher (docs/api.md, Logs). */
export function refusedKv(
  requests: RequestLog,
  source: string,
  error: ProtocolError,
  requestId: string | undefined,
): void {
  const { msoftCode: reason, rule, verbiage } = error;
  requests.refused({ transport: 'kv', source, requestId, reason, rule, verbiage });
}

/**
 * The answer body of one key/value request (libmonetra; docs/protocol.md › Response bodies): its
 * pairs decoded (keys case-insensitive), a PING action answered at once, any other dispatched with
 * its legacy values folded and its credentials read. A request that breaks a protocol rule is
 * logged and answered with its refusal; any other failure is thrown.
 */
export async function runKvRequest(
  frame: KvFrame,
  dispatcher: RequestDispatcher,
  requests: RequestLog,
  origin: KvOrigin,
): Promise<string> {
  let pairs;
  try {
    pairs = pairsToParams(decodePairs(frame.body), { caseInsensitiveKeys: true });
    if (isPingRequest(pairs)) {
      origin.counts.pings += 1;
      return PING_REPLY_BODY;
    }
    const { op, version } = operationFromKv(pairs);
    const answer = await dispatcher.dispatch({
      operation: op,
      params: foldLegacyValues(pairs, TRANSPORT_KEYS),
      credentials: kvCredentials(pairs, version),
      version,
      transport: 'kv',
      source: origin.source,
      requestId: frame.id,
    });
    return encodeKvAnswer(answer);
  } catch (error) {
    if (!(error instanceof ProtocolError)) throw error;
    refusedKv(requests, origin.source, error, frame.id);
    return kvDecline(error);
  }
}
