import type { Params } from '../params.ts';
import { encodePairs } from './pair-encoder.ts';

/**
 * The body of a ping request: the literal text PING, which the C, PHP, Java and C# libraries send
 * for a transaction whose action is ping (libmonetra LM_trans_structure).
 */
export const PING_BODY = 'PING';

/**
 * The body the service answers a ping with, in a frame carrying the ping's id. No public source
 * shows the real reply; any non-empty body with the same id satisfies every client library, and
 * this one reads as a successful key/value answer to each of them (docs/protocol.md, Decisions).
 */
export const PING_REPLY_BODY = encodePairs([
  ['code', 'SUCCESS'],
  ['verbiage', 'PONG'],
]);

/** True when a frame body is a ping: PING, with surrounding whitespace tolerated. */
export function isPing(body: string | Buffer): boolean {
  if (body.length > PING_BODY.length + 8) return false;
  const text = typeof body === 'string' ? body : body.toString('latin1');
  return text.trim() === PING_BODY;
}

/**
 * True when decoded key/value pairs ask for a ping: action (v1) or action_trans (v2) is ping, in
 * any case. The C library sends pairs rather than PING when a ping carries more than one key.
 */
export function isPingRequest(params: Params): boolean {
  const action = params['action'] ?? params['action_trans'];
  return action !== undefined && action.toLowerCase() === 'ping';
}
