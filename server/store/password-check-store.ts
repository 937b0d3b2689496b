/**
 * A password's remembered check as the store keeps it (012_sealed_credentials): a keyed digest of
 * the password the user proved, under a key derived inside the card vault, and its two times.
 */
export interface StoredPasswordCheck {
  /** HMAC-SHA256 over the user id, the stored password hash and the password (32 bytes). */
  digest: Buffer;
  /** Unix milliseconds of the full (scrypt) check that proved it. */
  verifiedAt: number;
  /** Unix milliseconds it was last used, as last written (it is written at most now and then). */
  usedAt: number;
}

/** Rows past either limit at a moment: last used before `usedBefore`, or verified before `verifiedBefore`. */
export interface PasswordCheckExpiry {
  usedBefore: number;
  verifiedBefore: number;
}

/** Reading remembered password checks (store boundary). */
export interface PasswordCheckReads {
  /** The user's remembered check, if one is kept. */
  find(userId: number): Promise<StoredPasswordCheck | undefined>;
}

/**
 * Remembered password checks (012_sealed_credentials: password_checks), one per user, shared by
 * every instance over the store and kept across restarts (docs/security.md, Password verification
 * cache).
 */
export interface PasswordCheckStore extends PasswordCheckReads {
  /** Keeps the user's check, replacing any, and drops every row past `expired`. */
  remember(userId: number, check: StoredPasswordCheck, expired: PasswordCheckExpiry): Promise<void>;
  /** Moves the user's last use to `usedAt` (never back). */
  touch(userId: number, usedAt: number): Promise<void>;
  /** Drops the user's check; false when none was kept. */
  forget(userId: number): Promise<boolean>;
}

/** The statements of both back ends, `p(n)` writing the n-th placeholder. */
export function passwordCheckStatements(p: (n: number) => string) {
  return {
    find: `SELECT digest, verified_at, used_at FROM password_checks WHERE user_id = ${p(1)}`,
    upsert: `INSERT INTO password_checks (user_id, digest, verified_at, used_at)
      VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)})
      ON CONFLICT (user_id) DO UPDATE SET digest = excluded.digest,
      verified_at = excluded.verified_at, used_at = excluded.used_at`,
    prune: `DELETE FROM password_checks WHERE used_at < ${p(1)} OR verified_at < ${p(2)}`,
    touch: `UPDATE password_checks SET used_at = ${p(1)} WHERE user_id = ${p(2)} AND used_at < ${p(1)}`,
    forget: `DELETE FROM password_checks WHERE user_id = ${p(1)}`,
  };
}

/** A row of password_checks as both back ends read it. */
export interface PasswordCheckRow {
  digest: Buffer;
  verified_at: number;
  used_at: number;
}

/** A remembered check from its row. */
export function toPasswordCheck(
  row: PasswordCheckRow | undefined,
): StoredPasswordCheck | undefined {
  return row === undefined
    ? undefined
    : { digest: row.digest, verifiedAt: row.verified_at, usedAt: row.used_at };
}
