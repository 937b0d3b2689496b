import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { checkOrigin, ProtocolError } from '../../protocol/index.ts';
import type { Accounts } from '../accounts/accounts.ts';
import type { SessionRequest } from '../store/card-ticket-store.ts';

/**
 * Seconds a signed request's timestamp may be off the service's clock either way: 900, the public
 * payment frame's HMAC timeout (Monetra POST client ticket request).
 */
export const SIGNED_REQUEST_WINDOW_SECONDS = 900;

const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/** Why signed page parameters were refused; the text names the parameter, never a secret. */
export class SignedSessionError extends Error {
  readonly code = 'CARD_ENTRY_SIGNATURE';
  readonly field: string;

  constructor(field: string, rule: string) {
    super(`${field}: ${rule}`);
    this.name = 'SignedSessionError';
    this.field = field;
  }
}

/**
 * The text a signed page address signs: key_id, timestamp, nonce and origin joined by "|"
 * (docs/api.md, Hosted card entry).
 */
export function signedText(
  keyId: string,
  timestamp: string,
  nonce: string,
  origin: string,
): string {
  return [keyId, timestamp, nonce, origin].join('|');
}

/**
 * HMAC-SHA256 of signedText, hex, keyed with the profile key's page signing key (pageSigningKey:
 * derived from the key's secret; the service keeps it only sealed by the card vault).
 */
export function signPageParams(signingKey: Buffer, text: string): string {
  return createHmac('sha256', signingKey).update(text, 'utf8').digest('hex');
}

/** A key no signature is made with, checked against when a key id has no signing key. */
const UNSIGNABLE = randomBytes(32);

function required(query: Record<string, string | undefined>, name: string): string {
  const value = query[name];
  if (value === undefined || value === '') throw new SignedSessionError(name, 'required');
  return value;
}

/**
 * The session a page address signed with a profile API key asks for (the payment frame's
 * data-hmac-* parameters): the key must be a live profile key with a signing key (a key issued
 * before signing keys were kept has one from the first request it authenticates), the timestamp (Unix seconds)
 * within SIGNED_REQUEST_WINDOW_SECONDS, the nonce 16–64 URL-safe characters, the origin an
 * origin, and hmac their signature. The nonce is taken once when the session opens.
 */
export async function signedSessionRequest(
  accounts: Accounts,
  query: Record<string, string | undefined>,
  nowTs: number,
): Promise<SessionRequest> {
  const keyId = required(query, 'key_id');
  const timestamp = required(query, 'timestamp');
  const nonce = required(query, 'nonce');
  const origin = required(query, 'origin');
  const hmac = required(query, 'hmac');
  try {
    checkOrigin(origin, 'origin');
  } catch (error) {
    if (error instanceof ProtocolError) throw new SignedSessionError('origin', 'not an origin');
    throw error;
  }
  if (!NONCE.test(nonce))
    throw new SignedSessionError('nonce', 'must be 16–64 URL-safe characters');
  if (!/^\d{1,12}$/.test(timestamp)) throw new SignedSessionError('timestamp', 'Unix seconds');
  if (Math.abs(Number(timestamp) - nowTs) > SIGNED_REQUEST_WINDOW_SECONDS) {
    throw new SignedSessionError('timestamp', 'outside the 15 minutes a signature is good for');
  }
  const { key } = await accounts.apiKeys.lookup(keyId);
  const signingKey = await accounts.apiKeys.signingKey(keyId);
  const expected = Buffer.from(
    signPageParams(signingKey ?? UNSIGNABLE, signedText(keyId, timestamp, nonce, origin)),
    'hex',
  );
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(hmac) ? hmac : '', 'hex');
  const matches = given.length === expected.length && timingSafeEqual(given, expected);
  if (!matches || signingKey === undefined || key === undefined || key.revokedAt !== null) {
    throw new SignedSessionError('hmac', 'does not sign these parameters with a live API key');
  }
  const login = await accounts.users.findById(key.userId);
  if (key.profileId === null || login === undefined || login.disabled) {
    throw new SignedSessionError('key_id', 'not the key of a profile');
  }
  return {
    merchantId: login.merchantId,
    profileId: key.profileId,
    allowedOrigin: origin,
    signed: { keyId, nonce },
  };
}
