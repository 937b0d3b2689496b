import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Bytes of randomness in an issued API key secret or MFA cookie: 32 (256 bits). */
const SECRET_BYTES = 32;

/** A fresh random secret, base64url text of SECRET_BYTES bytes (43 characters). */
export function newSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/**
 * The stored form of a high-entropy secret (API key secret, MFA cookie): its SHA-256 digest in hex.
 * A slow KDF adds nothing for 256-bit random secrets and would slow every unattended request.
 */
export function digestSecret(secret: string): string {
  return digestBytes(secret).toString('hex');
}

/** The SHA-256 digest of a secret's UTF-8 bytes. */
function digestBytes(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** True when the secret's digest equals the stored digest; compares in constant time. */
export function secretMatches(secret: string, storedDigest: string): boolean {
  const actual = digestBytes(secret);
  const expected = Buffer.from(storedDigest, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
