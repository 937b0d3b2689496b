import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt cost parameters: N = 2^15, r = 8, p = 1 (about 32 MiB and tens of ms per hash). */
const COST_LOG2 = 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const MAX_MEMORY = 64 * 1024 * 1024;
const SCHEME = 'scrypt';

function derive(password: string, salt: Buffer, costLog2: number, r: number, p: number) {
  return new Promise<Buffer>((resolve, reject) => {
    const options = { N: 2 ** costLog2, r, p, maxmem: MAX_MEMORY };
    scrypt(password.normalize('NFC'), salt, HASH_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes a password with scrypt and a fresh 16-byte salt, as
 * `scrypt$<log2 N>$<r>$<p>$<salt base64>$<hash base64>` (RFC 7914; salt per user).
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, COST_LOG2, BLOCK_SIZE, PARALLELISM);
  const parts = [SCHEME, COST_LOG2, BLOCK_SIZE, PARALLELISM, salt.toString('base64')];
  return [...parts, hash.toString('base64')].join('$');
}

/**
 * True when the password matches the stored hash; compares in constant time. A malformed stored
 * hash never matches.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, costLog2, r, p, salt, hash] = stored.split('$');
  if (scheme !== SCHEME || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64'),
    Number(costLog2),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A stored hash of the service's own cost that no password matches: a random salt and a random
 * digest, drawn when the module loads, so the first unknown user costs no extra hashing either.
 */
const DECOY_HASH = [
  SCHEME,
  COST_LOG2,
  BLOCK_SIZE,
  PARALLELISM,
  randomBytes(SALT_BYTES).toString('base64'),
  randomBytes(HASH_BYTES).toString('base64'),
].join('$');

/**
 * Spends the same work as verifying a real password and answers false: used for unknown users so
 * the time taken does not tell whether a username exists.
 */
export async function verifyDecoyPassword(password: string): Promise<false> {
  await verifyPassword(password, DECOY_HASH);
  return false;
}
