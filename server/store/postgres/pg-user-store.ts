import type { LoginName } from '../../accounts/account-names.ts';
import type { Login, UserStore } from '../user-store.ts';
import type { PgSession } from './pg-session.ts';
import { type LoginRow, SELECT_LOGIN, toLogin } from '../user-store.ts';

/** The columns of users a setter may change. */
type UserColumn = 'default_profile_id' | 'disabled' | 'password_hash';

/** Merchants and their logins in PostgreSQL (001_identity). */
export class PgUserStore implements UserStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async find(name: LoginName): Promise<Login | undefined> {
    const row = await this.#s.get<LoginRow>(`${SELECT_LOGIN} WHERE m.name = $1 AND u.sub = $2`, [
      name.merchant,
      name.sub,
    ]);
    return row === undefined ? undefined : toLogin(row);
  }

  findById(userId: number): Promise<Login | undefined> {
    return this.#findById(this.#s, userId);
  }

  async listForMerchant(merchantId: number): Promise<Login[]> {
    const rows = await this.#s.all<LoginRow>(`${SELECT_LOGIN} WHERE m.id = $1 ORDER BY u.sub`, [
      merchantId,
    ]);
    return rows.map(toLogin);
  }

  createMerchant(
    name: string,
    passwordHash: string,
    timeZone: string,
    createdTs: number,
  ): Promise<Login> {
    return this.#s.write(async (s) => {
      const merchant = await s.get<{ id: number }>(
        'INSERT INTO merchants (name, time_zone, created_at) VALUES ($1, $2, $3) RETURNING id',
        [name, timeZone, createdTs],
      );
      if (merchant === undefined) throw new Error('merchant row vanished inside its own commit');
      return this.#insertUser(s, merchant.id, '', passwordHash, createdTs);
    });
  }

  createSubUser(
    merchantId: number,
    sub: string,
    passwordHash: string,
    createdTs: number,
  ): Promise<Login> {
    return this.#s.write((s) => this.#insertUser(s, merchantId, sub, passwordHash, createdTs));
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

  async #set(column: UserColumn, value: string | number | null, userId: number): Promise<void> {
    await this.#s.run(`UPDATE users SET ${column} = $1 WHERE id = $2`, [value, userId]);
  }

  async #insertUser(
    s: PgSession,
    merchantId: number,
    sub: string,
    passwordHash: string,
    at: number,
  ): Promise<Login> {
    const row = await s.get<{ id: number }>(
      `INSERT INTO users (merchant_id, sub, password_hash, created_at) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [merchantId, sub, passwordHash, at],
    );
    const login = row === undefined ? undefined : await this.#findById(s, row.id);
    if (login === undefined) throw new Error(`user ${row?.id}: not found after insert`);
    return login;
  }

  async #findById(s: PgSession, userId: number): Promise<Login | undefined> {
    const row = await s.get<LoginRow>(`${SELECT_LOGIN} WHERE u.id = $1`, [userId]);
    return row === undefined ? undefined : toLogin(row);
  }
}
