// The bridge's secret: a random token the printed URL carries in its fragment, checked in
// constant time on every API request and WebSocket upgrade (docs/app.md, Web bridge).
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** Bytes of randomness in a bridge token: 32 (256 bits), base64url-encoded to 43 characters. */
export const BRIDGE_TOKEN_BYTES = 32;

/** WebSocket subprotocol prefix that carries the token, since a browser cannot set headers there. */
export const TOKEN_PROTOCOL_PREFIX = 'laneterm.token.';

/** WebSocket subprotocol of the event stream: offered with the token's, and the one answered. */
export const EVENTS_PROTOCOL = 'laneterm.events';

/** A new bridge token: BRIDGE_TOKEN_BYTES random bytes, base64url. */
export function newBridgeToken(): string {
  return randomBytes(BRIDGE_TOKEN_BYTES).toString('base64url');
}

/** True when `presented` is exactly `token` (constant-time in the token's length). */
export function tokenMatches(token: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const expected = Buffer.from(token, 'utf8');
  const given = Buffer.from(presented, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]+)$/.exec(header ?? '');
  return match?.[1];
}

/** The token carried in a `Sec-WebSocket-Protocol` offer (`laneterm.token.<token>`), or undefined. */
export function protocolToken(header: string | undefined): string | undefined {
  const offers = (header ?? '').split(',').map((offer) => offer.trim());
  const offer = offers.find((candidate) => candidate.startsWith(TOKEN_PROTOCOL_PREFIX));
  return offer?.slice(TOKEN_PROTOCOL_PREFIX.length);
}
