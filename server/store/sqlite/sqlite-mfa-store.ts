import type { MfaCookie, MfaSecret, MfaStore } from '../mfa-store.ts';
import type { SqliteSession } from './sqlite-session.ts';

/** MFA secrets and cookies in SQLite (002_credentials: user_mfa, mfa_cookies). */
export class SqliteMfaStore implements MfaStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  secret(userId: number): Promise<MfaSecret | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[number], { secret_sealed: string; last_step: number }>(
          'SELECT secret_sealed, last_step FROM user_mfa WHERE user_id = ?',
        )
        .get(userId);
      return row === undefined ? undefined : { sealed: row.secret_sealed, lastStep: row.last_step };
    });
  }

  cookie(cookieHash: string): Promise<MfaCookie | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[string], { user_id: number; expires_at: number }>(
          'SELECT user_id, expires_at FROM mfa_cookies WHERE cookie_hash = ?',
        )
        .get(cookieHash);
      return row === undefined ? undefined : { userId: row.user_id, expiresAt: row.expires_at };
    });
  }

  setSecret(userId: number, sealed: string, enabledTs: number): Promise<void> {
    return this.#s.write(() => {
      this.#s
        .prepare(
          `INSERT INTO user_mfa (user_id, secret_sealed, last_step, enabled_at) VALUES (?, ?, 0, ?)
           ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed,
           last_step = 0, replay_step = 0, enabled_at = excluded.enabled_at`,
        )
        .run(userId, sealed, enabledTs);
    });
  }

  removeSecret(userId: number): Promise<boolean> {
    return this.#s.write(
      () => this.#s.prepare('DELETE FROM user_mfa WHERE user_id = ?').run(userId).changes === 1,
    );
  }

  acceptStep(userId: number, step: number): Promise<boolean> {
    const sql = 'UPDATE user_mfa SET last_step = ? WHERE user_id = ? AND last_step < ?';
    return this.#s.write(() => this.#s.prepare(sql).run(step, userId, step).changes === 1);
  }

  countReplay(userId: number, step: number): Promise<boolean> {
    const sql = 'UPDATE user_mfa SET replay_step = ? WHERE user_id = ? AND replay_step < ?';
    return this.#s.write(() => this.#s.prepare(sql).run(step, userId, step).changes === 1);
  }

  addCookie(
    userId: number,
    cookieHash: string,
    createdTs: number,
    expiresAt: number,
  ): Promise<void> {
    return this.#s.write(() => {
      this.#s
        .prepare('DELETE FROM mfa_cookies WHERE user_id = ? AND expires_at <= ?')
        .run(userId, createdTs);
      this.#s
        .prepare(
          'INSERT INTO mfa_cookies (user_id, cookie_hash, created_at, expires_at) VALUES (?, ?, ?, ?)',
        )
        .run(userId, cookieHash, createdTs, expiresAt);
    });
  }
}
