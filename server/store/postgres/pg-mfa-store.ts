import type { MfaCookie, MfaSecret, MfaStore } from '../mfa-store.ts';
import type { PgSession } from './pg-session.ts';

/** MFA secrets and cookies in PostgreSQL (002_credentials: user_mfa, mfa_cookies). */
export class PgMfaStore implements MfaStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async secret(userId: number): Promise<MfaSecret | undefined> {
    const row = await this.#s.get<{ secret_sealed: string; last_step: number }>(
      'SELECT secret_sealed, last_step FROM user_mfa WHERE user_id = $1',
      [userId],
    );
    return row === undefined ? undefined : { sealed: row.secret_sealed, lastStep: row.last_step };
  }

  async cookie(cookieHash: string): Promise<MfaCookie | undefined> {
    const row = await this.#s.get<{ user_id: number; expires_at: number }>(
      'SELECT user_id, expires_at FROM mfa_cookies WHERE cookie_hash = $1',
      [cookieHash],
    );
    return row === undefined ? undefined : { userId: row.user_id, expiresAt: row.expires_at };
  }

  async setSecret(userId: number, sealed: string, enabledTs: number): Promise<void> {
    await this.#s.run(
      `INSERT INTO user_mfa (user_id, secret_sealed, last_step, enabled_at) VALUES ($1, $2, 0, $3)
       ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed,
       last_step = 0, replay_step = 0, enabled_at = excluded.enabled_at`,
      [userId, sealed, enabledTs],
    );
  }

  async removeSecret(userId: number): Promise<boolean> {
    return (await this.#s.run('DELETE FROM user_mfa WHERE user_id = $1', [userId])) === 1;
  }

  /** One conditional UPDATE: of two instances accepting one step, one changes the row. */
  async acceptStep(userId: number, step: number): Promise<boolean> {
    const changed = await this.#s.run(
      'UPDATE user_mfa SET last_step = $1 WHERE user_id = $2 AND last_step < $1',
      [step, userId],
    );
    return changed === 1;
  }

  /** One conditional UPDATE, as acceptStep: of many replays at once, one changes the row. */
  async countReplay(userId: number, step: number): Promise<boolean> {
    const changed = await this.#s.run(
      'UPDATE user_mfa SET replay_step = $1 WHERE user_id = $2 AND replay_step < $1',
      [step, userId],
    );
    return changed === 1;
  }

  addCookie(
    userId: number,
    cookieHash: string,
    createdTs: number,
    expiresAt: number,
  ): Promise<void> {
    return this.#s.write(async (s) => {
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
