import { SqlArea } from './sql-session.ts';

/** A user's sealed TOTP secret and the last time step accepted (RFC 6238 §5.2). */
export interface MfaSecret {
  sealed: string;
  lastStep: number;
}

/** An MFA cookie found by its digest: whose it is and until when (Unix seconds). */
export interface MfaCookie {
  userId: number;
  expiresAt: number;
}

/** Reading MFA state (store boundary). */
export interface MfaReads {
  /** The user's sealed TOTP secret, when MFA is on for the user. */
  secret(userId: number): Promise<MfaSecret | undefined>;
  /** The MFA cookie with this SHA-256 digest. */
  cookie(cookieHash: string): Promise<MfaCookie | undefined>;
}

/** MFA secrets and cookies (002_credentials; docs/interface.md › Authentication §6). */
export interface MfaStore extends MfaReads {
  /** Sets (or replaces) a user's sealed secret, its last accepted and replayed steps back to 0. */
  setSecret(userId: number, sealed: string, enabledTs: number): Promise<void>;
  /** Removes a user's secret; false when MFA was not on. */
  removeSecret(userId: number): Promise<boolean>;
  /** Records `step` as accepted unless it is not later than the last one; true when recorded. */
  acceptStep(userId: number, step: number): Promise<boolean>;
  /**
   * Records that a replay of `step` was counted as a failure unless a replay of it (or of a later
   * step) already was (012_sealed_credentials); true when recorded, for one caller of many at once.
   */
  countReplay(userId: number, step: number): Promise<boolean>;
  /** Stores a cookie by its digest, dropping the user's cookies expired at `createdTs`. */
  addCookie(
    userId: number,
    cookieHash: string,
    createdTs: number,
    expiresAt: number,
  ): Promise<void>;
}

/** MFA secrets and cookies in SQL (002_credentials: user_mfa, mfa_cookies), on every back end. */
export class SqlMfaStore extends SqlArea implements MfaStore {
  async secret(userId: number): Promise<MfaSecret | undefined> {
    const row = await this.sql.get<{ secret_sealed: string; last_step: number }>(
      'SELECT secret_sealed, last_step FROM user_mfa WHERE user_id = $1',
      [userId],
    );
    return row === undefined ? undefined : { sealed: row.secret_sealed, lastStep: row.last_step };
  }

  async cookie(cookieHash: string): Promise<MfaCookie | undefined> {
    const row = await this.sql.get<{ user_id: number; expires_at: number }>(
      'SELECT user_id, expires_at FROM mfa_cookies WHERE cookie_hash = $1',
      [cookieHash],
    );
    return row === undefined ? undefined : { userId: row.user_id, expiresAt: row.expires_at };
  }

  async setSecret(userId: number, sealed: string, enabledTs: number): Promise<void> {
    await this.sql.run(
      `INSERT INTO user_mfa (user_id, secret_sealed, last_step, enabled_at) VALUES ($1, $2, 0, $3)
       ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed,
       last_step = 0, replay_step = 0, enabled_at = excluded.enabled_at`,
      [userId, sealed, enabledTs],
    );
  }

  async removeSecret(userId: number): Promise<boolean> {
    return this.changedOne('DELETE FROM user_mfa WHERE user_id = $1', [userId]);
  }

  /** One conditional UPDATE: of two instances accepting one step, one changes the row. */
  async acceptStep(userId: number, step: number): Promise<boolean> {
    return this.changedOne(
      'UPDATE user_mfa SET last_step = $1 WHERE user_id = $2 AND last_step < $1',
      [step, userId],
    );
  }

  /** One conditional UPDATE, as acceptStep: of many replays at once, one changes the row. */
  async countReplay(userId: number, step: number): Promise<boolean> {
    return this.changedOne(
      'UPDATE user_mfa SET replay_step = $1 WHERE user_id = $2 AND replay_step < $1',
      [step, userId],
    );
  }

  addCookie(
    userId: number,
    cookieHash: string,
    createdTs: number,
    expiresAt: number,
  ): Promise<void> {
    return this.sql.write(async (s) => {
      await s.run('DELETE FROM mfa_cookies WHERE user_id = $1 AND expires_at <= $2', [
        userId,
        createdTs,
      ]);
      await s.run(
        `INSERT INTO mfa_cookies (user_id, cookie_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4)`,
        [userId, cookieHash, createdTs, expiresAt],
      );
    });
  }
}
