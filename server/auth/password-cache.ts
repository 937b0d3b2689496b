import { timingSafeEqual } from 'node:crypto';
import type { PasswordCheckStore } from '../store/password-check-store.ts';

/** Logins remembered in this process's memory at most; the one used longest ago is dropped first. */
const MAX_ENTRIES = 10_000;
/** A use is written to the store once the stored one is older than this share of the idle limit. */
const TOUCH_SHARE = 10;
/** What a check compares against when the login has nothing remembered: no HMAC is all zeros. */
const DECOY_DIGEST = Buffer.alloc(32);

/** How long a remembered check holds, in milliseconds (docs/security.md, Password verification cache). */
export interface RememberLimits {
  /** Unused for this long, it ends; each use starts it again. 0 remembers nothing. */
  idleMs: number;
  /** This long after the full check that made it, it ends however much it is used. */
  maxMs: number;
}

/** What the cache needs of a login: its id and its stored password hash. */
export interface CachedLogin {
  userId: number;
  passwordHash: string;
}

/** The keyed digest remembered checks are made of (CardVault.credentialDigest). */
export type CredentialDigest = (context: string, secret: string) => Buffer;

interface Entry {
  digest: Buffer;
  /** Unix milliseconds. */
  verifiedAt: number;
  usedAt: number;
  /** The last use as the store has it. */
  storedUsedAt: number;
}

/**
 * Remembers which password a login proved with scrypt, as a keyed digest over the user id, the
 * stored password hash and the password, under a key derived inside the card vault: never the
 * password, and nothing that tests a guess without the vault's key-encrypting key. A check holds
 * while it is used within `idleMs` of its last use and for at most `maxMs` after the full check.
 * Kept in the store (password_checks), so it survives a restart and serves every instance over
 * the store, and in memory in front of it, so a lane's requests read nothing: a use is written only
 * once the stored one is a tenth of the idle limit old. An entry made under another hash never
 * matches (a changed password). Every check computes one digest and one constant-time comparison,
 * against the entry or a decoy, and reads the store whenever memory has no entry, for a login or
 * none alike.
 */
export class PasswordCache {
  readonly #store: PasswordCheckStore;
  readonly #digestOf: CredentialDigest;
  readonly #limits: RememberLimits;
  readonly #entries = new Map<number, Entry>();

  constructor(store: PasswordCheckStore, digestOf: CredentialDigest, limits: RememberLimits) {
    this.#store = store;
    this.#digestOf = digestOf;
    this.#limits = limits;
  }

  /**
   * True when `password` is the one `login` proved and it is still remembered at `now` (ms); with
   * `fromStore` false, only what memory holds counts (the store was read a moment ago).
   */
  async matches(
    login: CachedLogin | undefined,
    password: string,
    now: number,
    fromStore = true,
  ): Promise<boolean> {
    const userId = login?.userId ?? 0;
    const digest = this.#digest(userId, login?.passwordHash ?? '', password);
    const entry = this.#entries.get(userId) ?? (fromStore ? await this.#load(userId) : undefined);
    const same = timingSafeEqual(digest, entry?.digest ?? DECOY_DIGEST);
    if (login === undefined || entry === undefined) return false;
    const { idleMs, maxMs } = this.#limits;
    if (now >= entry.usedAt + idleMs || now >= entry.verifiedAt + maxMs) {
      this.#entries.delete(userId);
      return false;
    }
    if (!same) return false;
    entry.usedAt = Math.max(entry.usedAt, now);
    this.#keep(userId, entry);
    if (now - entry.storedUsedAt >= idleMs / TOUCH_SHARE) {
      entry.storedUsedAt = now;
      await this.#store.touch(userId, now);
    }
    return true;
  }

  /** Remembers, in memory and in the store, that `login` proved `password` at `now` (ms). */
  async remember(login: CachedLogin, password: string, now: number): Promise<void> {
    const { idleMs, maxMs } = this.#limits;
    if (idleMs === 0) return;
    const digest = this.#digest(login.userId, login.passwordHash, password);
    this.#keep(login.userId, { digest, verifiedAt: now, usedAt: now, storedUsedAt: now });
    const expired = { usedBefore: now - idleMs, verifiedBefore: now - maxMs };
    await this.#store.remember(login.userId, { digest, verifiedAt: now, usedAt: now }, expired);
  }

  /** Forgets what is remembered for the user, in memory and in the store (locked). */
  async forget(userId: number): Promise<void> {
    this.#entries.delete(userId);
    await this.#store.forget(userId);
  }

  /**
   * Drops what this process's memory holds for the user (disabled: `admin disable-user` drops the
   * stored check itself).
   */
  drop(userId: number): void {
    this.#entries.delete(userId);
  }

  /** The user's stored check, taken into memory; none when nothing is remembered. */
  async #load(userId: number): Promise<Entry | undefined> {
    if (this.#limits.idleMs === 0) return undefined;
    const stored = await this.#store.find(userId);
    if (stored === undefined) return undefined;
    const entry = { ...stored, storedUsedAt: stored.usedAt };
    this.#keep(userId, entry);
    return entry;
  }

  #keep(userId: number, entry: Entry): void {
    this.#entries.delete(userId);
    this.#entries.set(userId, entry);
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  #digest(userId: number, passwordHash: string, password: string): Buffer {
    return this.#digestOf(`password\u0000${userId}\u0000${passwordHash}`, password);
  }
}
