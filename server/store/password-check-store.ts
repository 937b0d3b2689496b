import { SqlArea } from './sql-session.ts';

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

/** A row of password_checks. */
interface PasswordCheckRow {
  digest: Buffer;
  verified_at: number;
  used_at: number;
}

/** Remembered password checks in SQL (012_sealed_credentials: password_checks), on every back end. */
export class SqlPasswordCheckStore extends SqlArea implements PasswordCheckStore {
  async find(userId: number): Promise<StoredPasswordCheck | undefined> {
    const row = await this.sql.get<PasswordCheckRow>(
      'SELECT digest, verified_at, used_at FROM password_checks WHERE user_id = $1',
      [userId],
    );
    return row === undefined
      ? undefined
      : { digest: row.digest, verifiedAt: row.verified_at, usedAt: row.used_at };
  }

  remember(
    userId: number,
    check: StoredPasswordCheck,
    expired: PasswordCheckExpiry,
  ): Promise<void> {
    return this.sql.write(async (s) => {
      await s.run('DELETE FROM password_checks WHERE used_at < $1 OR verified_at < $2', [
        expired.usedBefore,
        expired.verifiedBefore,
      ]);
      await s.run(
        `INSERT INTO password_checks (user_id, digest, verified_at, used_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET digest = excluded.digest,
         verified_at = excluded.verified_at, used_at = excluded.used_at`,
        [userId, check.digest, check.verifiedAt, check.usedAt],
      );
    });
  }

  async touch(userId: number, usedAt: number): Promise<void> {
    await this.sql.run(
      'UPDATE password_checks SET used_at = $1 WHERE user_id = $2 AND used_at < $1',
      [usedAt, userId],
    );
  }

  async forget(userId: number): Promise<boolean> {
    return (await this.sql.run('DELETE FROM password_checks WHERE user_id = $1', [userId])) === 1;
  }
}
