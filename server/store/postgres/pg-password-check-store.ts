import {
  passwordCheckStatements,
  toPasswordCheck,
  type PasswordCheckExpiry,
  type PasswordCheckRow,
  type PasswordCheckStore,
  type StoredPasswordCheck,
} from '../password-check-store.ts';
import type { PgSession } from './pg-session.ts';

const SQL = passwordCheckStatements((n) => `$${n}`);

/** Remembered password checks in PostgreSQL (012_sealed_credentials: password_checks). */
export class PgPasswordCheckStore implements PasswordCheckStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async find(userId: number): Promise<StoredPasswordCheck | undefined> {
    return toPasswordCheck(await this.#s.get<PasswordCheckRow>(SQL.find, [userId]));
  }

  remember(
    userId: number,
    check: StoredPasswordCheck,
    expired: PasswordCheckExpiry,
  ): Promise<void> {
    return this.#s.write(async (s) => {
      await s.run(SQL.prune, [expired.usedBefore, expired.verifiedBefore]);
      await s.run(SQL.upsert, [userId, check.digest, check.verifiedAt, check.usedAt]);
    });
  }

  async touch(userId: number, usedAt: number): Promise<void> {
    await this.#s.run(SQL.touch, [usedAt, userId]);
  }

  async forget(userId: number): Promise<boolean> {
    return (await this.#s.run(SQL.forget, [userId])) === 1;
  }
}
