import {
  passwordCheckStatements,
  toPasswordCheck,
  type PasswordCheckExpiry,
  type PasswordCheckRow,
  type PasswordCheckStore,
  type StoredPasswordCheck,
} from '../password-check-store.ts';
import type { SqliteSession } from './sqlite-session.ts';

const SQL = passwordCheckStatements(() => '?');

/** Remembered password checks in SQLite (012_sealed_credentials: password_checks). */
export class SqlitePasswordCheckStore implements PasswordCheckStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  find(userId: number): Promise<StoredPasswordCheck | undefined> {
    return this.#s.read(() =>
      toPasswordCheck(this.#s.prepare<[number], PasswordCheckRow>(SQL.find).get(userId)),
    );
  }

  remember(
    userId: number,
    check: StoredPasswordCheck,
    expired: PasswordCheckExpiry,
  ): Promise<void> {
    return this.#s.write(() => {
      this.#s.prepare(SQL.prune).run(expired.usedBefore, expired.verifiedBefore);
      this.#s.prepare(SQL.upsert).run(userId, check.digest, check.verifiedAt, check.usedAt);
    });
  }

  touch(userId: number, usedAt: number): Promise<void> {
    return this.#s.write(() => {
      this.#s.prepare(SQL.touch).run(usedAt, userId, usedAt);
    });
  }

  forget(userId: number): Promise<boolean> {
    return this.#s.write(() => this.#s.prepare(SQL.forget).run(userId).changes === 1);
  }
}
