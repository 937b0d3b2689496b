import type { LoginName } from '../../accounts/account-names.ts';
import type { Login, UserStore } from '../user-store.ts';
import type { SqliteSession } from './sqlite-session.ts';
import { type LoginRow, SELECT_LOGIN, toLogin } from '../user-store.ts';

/** Merchants and their logins in SQLite (001_identity). */
export class SqliteUserStore implements UserStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  find(name: LoginName): Promise<Login | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[string, string], LoginRow>(`${SELECT_LOGIN} WHERE m.name = ? AND u.sub = ?`)
        .get(name.merchant, name.sub);
      return row === undefined ? undefined : toLogin(row);
    });
  }

  findById(userId: number): Promise<Login | undefined> {
    return this.#s.read(() => this.#findById(userId));
  }

  listForMerchant(merchantId: number): Promise<Login[]> {
    return this.#s.read(() =>
      this.#s
        .prepare<[number], LoginRow>(`${SELECT_LOGIN} WHERE m.id = ? ORDER BY u.sub`)
        .all(merchantId)
        .map(toLogin),
    );
  }

  createMerchant(
    name: string,
    passwordHash: string,
    timeZone: string,
    createdTs: number,
  ): Promise<Login> {
    return this.#s.write(() => {
      const merchant = this.#s
        .prepare('INSERT INTO merchants (name, time_zone, created_at) VALUES (?, ?, ?)')
        .run(name, timeZone, createdTs);
      return this.#insertUser(Number(merchant.lastInsertRowid), '', passwordHash, createdTs);
    });
  }

  createSubUser(
    merchantId: number,
    sub: string,
    passwordHash: string,
    createdTs: number,
  ): Promise<Login> {
    return this.#s.write(() => this.#insertUser(merchantId, sub, passwordHash, createdTs));
  }

  setDefaultProfile(userId: number, profileId: number | null): Promise<void> {
    return this.#set('default_profile_id', profileId, userId);
  }

  setDisabled(userId: number, disabled: boolean): Promise<void> {
    return this.#set('disabled', disabled ? 1 : 0, userId);
  }

  setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    return this.#set('password_hash', passwordHash, userId);
  }

  #set(column: string, value: string | number | null, userId: number): Promise<void> {
    return this.#s.write(() => {
      this.#s.prepare(`UPDATE users SET ${column} = ? WHERE id = ?`).run(value, userId);
    });
  }

  #insertUser(merchantId: number, sub: string, passwordHash: string, at: number): Login {
    const sql = `INSERT INTO users (merchant_id, sub, password_hash, created_at) VALUES (?, ?, ?, ?)`;
    const userId = Number(
      this.#s.prepare(sql).run(merchantId, sub, passwordHash, at).lastInsertRowid,
    );
    const login = this.#findById(userId);
    if (login === undefined) throw new Error(`user ${userId}: not found after insert`);
    return login;
  }

  #findById(userId: number): Login | undefined {
    const row = this.#s.prepare<[number], LoginRow>(`${SELECT_LOGIN} WHERE u.id = ?`).get(userId);
    return row === undefined ? undefined : toLogin(row);
  }
}
