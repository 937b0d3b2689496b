import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Logins remembered at most; the one remembered longest ago is dropped first. */
const MAX_ENTRIES = 10_000;
/** Bytes of the per-process HMAC key. */
const KEY_BYTES = 32;
/** What a check compares against when the login has no entry: no HMAC output is all zeros. */
const DECOY_DIGEST = Buffer.alloc(32);

/** What the cache needs of a login: its id and its stored password hash. */
export interface CachedLogin {
  userId: number;
  passwordHash: string;
}

interface Entry {
  digest: Buffer;
  passwordHash: string;
  /** Unix milliseconds. */
  expiresAt: number;
}

/**
 * Remembers, for `ttlMs` after a full scrypt check, which password a login proved: as HMAC-SHA256
 * under a key drawn when the process starts, over the user id, the stored password hash and the
 * password, never the password itself (docs/security.md › Password verification cache). An entry
 * holds only for the hash it was made under, so a changed password misses at once and drops it;
 * a lock or a disabled login drops it through `forget`. Every check computes one HMAC and one
 * constant-time comparison, against the entry or a decoy, whether or not there is an entry.
 */
export class PasswordCache {
  readonly #key = randomBytes(KEY_BYTES);
  readonly #entries = new Map<number, Entry>();
  readonly #ttlMs: number;

  /** `ttlMs` 0 remembers nothing. */
  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  /** True when `password` is the one `login` proved and it is still remembered at `now` (ms). */
  matches(login: CachedLogin | undefined, password: string, now: number): boolean {
    const digest = this.#digest(login?.userId ?? 0, login?.passwordHash ?? '', password);
    const entry = this.#entries.get(login?.userId ?? 0);
    const same = timingSafeEqual(digest, entry?.digest ?? DECOY_DIGEST);
    if (login === undefined || entry === undefined) return false;
    if (entry.passwordHash !== login.passwordHash || entry.expiresAt <= now) {
      this.#entries.delete(login.userId);
      return false;
    }
    return same;
  }

  /** Remembers that `login` proved `password` at `now` (ms), until now + ttlMs. */
  remember(login: CachedLogin, password: string, now: number): void {
    if (this.#ttlMs === 0) return;
    const digest = this.#digest(login.userId, login.passwordHash, password);
    this.#entries.delete(login.userId);
    this.#entries.set(login.userId, {
      digest,
      passwordHash: login.passwordHash,
      expiresAt: now + this.#ttlMs,
    });
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /** Drops what is remembered for the user (locked, disabled). */
  forget(userId: number): void {
    this.#entries.delete(userId);
  }

  #digest(userId: number, passwordHash: string, password: string): Buffer {
    return createHmac('sha256', this.#key)
      .update(`${userId}\u0000${passwordHash}\u0000`)
      .update(password, 'utf8')
      .digest();
  }
}
