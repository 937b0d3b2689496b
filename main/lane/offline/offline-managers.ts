import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost (N), block size (r) and parallelism (p) for a manager's secret (RFC 7914 §2). */
const COST = 16_384;
const BLOCK = 8;
const PARALLEL = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

/** The stored form: scrypt$N$r$p$salt$key, salt and key base64url (docs/lane.md › Offline). */
export const MANAGER_HASH =
  /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{32,})$/;

/** A manager who may pass an offline limit: a name and the scrypt hash of the secret. */
export interface OfflineManager {
  readonly name: string;
  readonly secretHash: string;
}

/** Derives a key from a secret with scrypt (node:crypto). */
export type DeriveKey = (
  secret: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
) => Promise<Buffer>;

const deriveScrypt: DeriveKey = (secret, salt, cost) =>
  new Promise((resolve, reject) => {
    const maxmem = 256 * cost.N * cost.r;
    scrypt(secret, salt, KEY_BYTES, { ...cost, maxmem }, (error, key) =>
      error === null ? resolve(key) : reject(error),
    );
  });

/** The hash `npm start -- hash-manager NAME` prints for a secret: scrypt, a fresh 16-byte salt. */
export async function hashManagerSecret(secret: string): Promise<string> {
  if (secret === '') throw new RangeError('secret: must not be empty');
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveScrypt(secret, salt, { N: COST, r: BLOCK, p: PARALLEL });
  return [
    'scrypt',
    COST,
    BLOCK,
    PARALLEL,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** A hash compared against when the name is unknown, so that costs what a wrong secret costs. */
const STAND_IN = `scrypt$${COST}$${BLOCK}$${PARALLEL}$${'A'.repeat(22)}$${'A'.repeat(43)}`;

/**
 * The manager whose name and secret these are, or undefined (docs/lane.md › Offline, manager
 * override): an unknown name derives a key against a stand-in hash and is refused, so it takes
 * the time a wrong secret takes; keys are compared in constant time.
 */
export async function offlineManager(
  managers: readonly OfflineManager[],
  name: string,
  secret: string,
  derive: DeriveKey = deriveScrypt,
): Promise<string | undefined> {
  const manager = managers.find((candidate) => candidate.name === name);
  const parts = MANAGER_HASH.exec(manager?.secretHash ?? STAND_IN);
  if (parts === null) return undefined;
  const [, n, r, p, salt, key] = parts;
  const expected = Buffer.from(key ?? '', 'base64url');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const derived = await derive(secret, Buffer.from(salt ?? '', 'base64url'), cost);
  const same = derived.length === expected.length && timingSafeEqual(derived, expected);
  return same && manager !== undefined ? manager.name : undefined;
}
