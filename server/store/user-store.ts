import { formatLoginName, type LoginName } from '../accounts/account-names.ts';
import { SqlArea, type SqlSession } from './sql-session.ts';

/** A login (merchant user or sub-user) with what authentication and profile resolution need. */
export interface Login {
  userId: number;
  merchantId: number;
  merchantName: string;
  /** '' for the merchant user, the sub-user's name otherwise. */
  sub: string;
  /** "merchant" or "merchant:sub" (docs/interface.md › Authentication §2). */
  username: string;
  passwordHash: string;
  defaultProfileId: number | null;
  disabled: boolean;
  /** The merchant's IANA time zone; time values are read in it (docs/interface.md › Time value). */
  timeZone: string;
  /**
   * The operations the merchant wants dual-authorized (docs/interface.md › Authentication §7), read with the
   * login so a change applies to the next request on every instance.
   */
  dualOperations: readonly string[];
}

/** Reading merchants and their logins (store boundary). */
export interface UserReads {
  /** The login with this name, or undefined. */
  find(name: LoginName): Promise<Login | undefined>;
  /** The login with this users.id, or undefined. */
  findById(userId: number): Promise<Login | undefined>;
  /** Every login of a merchant, the merchant user first. */
  listForMerchant(merchantId: number): Promise<Login[]>;
}

/** Merchants and their logins (001_identity). Names are checked by callers. */
export interface UserStore extends UserReads {
  /** Creates a merchant and its merchant user together; returns the new user. */
  createMerchant(
    name: string,
    passwordHash: string,
    timeZone: string,
    createdTs: number,
  ): Promise<Login>;
  /** Creates a sub-user "merchant:sub" of an existing merchant; returns the new user. */
  createSubUser(
    merchantId: number,
    sub: string,
    passwordHash: string,
    createdTs: number,
  ): Promise<Login>;
  /** Sets (or, with null, clears) the profile a login's transactions run under by default. */
  setDefaultProfile(userId: number, profileId: number | null): Promise<void>;
  /** Disables a login (refused like wrong credentials, API keys too) or enables it again. */
  setDisabled(userId: number, disabled: boolean): Promise<void>;
  /** Replaces a login's password hash. */
  setPasswordHash(userId: number, passwordHash: string): Promise<void>;
}

/** The columns of SELECT_LOGIN. */
export interface LoginRow {
  user_id: number;
  merchant_id: number;
  merchant_name: string;
  sub: string;
  password_hash: string;
  default_profile_id: number | null;
  disabled: number;
  time_zone: string;
  /** The merchant's dual-authorized operations joined by commas, or null for none. */
  dual_operations: string | null;
}

/**
 * The columns of a login over users u and merchants m, its merchant's dual-authorized operations
 * included (string_agg, which PostgreSQL and SQLite 3.44+ both have): the same SQL on both back ends.
 */
export const LOGIN_COLUMNS = `u.id AS user_id, m.id AS merchant_id, m.name AS merchant_name, u.sub,
  u.password_hash, u.default_profile_id, u.disabled, m.time_zone,
  (SELECT string_agg(d.operation, ',') FROM dual_auth_operations d WHERE d.merchant_id = m.id)
    AS dual_operations`;

/** The query of a login with its merchant and default profile. */
const SELECT_LOGIN = `SELECT ${LOGIN_COLUMNS} FROM users u JOIN merchants m ON m.id = u.merchant_id`;

/** A login from its row. */
export function toLogin(row: LoginRow): Login {
  return {
    userId: row.user_id,
    merchantId: row.merchant_id,
    merchantName: row.merchant_name,
    sub: row.sub,
    username: formatLoginName({ merchant: row.merchant_name, sub: row.sub }),
    passwordHash: row.password_hash,
    defaultProfileId: row.default_profile_id,
    disabled: row.disabled !== 0,
    timeZone: row.time_zone,
    dualOperations: row.dual_operations === null ? [] : row.dual_operations.split(','),
  };
}

/** The columns of users a setter may change. */
type UserColumn = 'default_profile_id' | 'disabled' | 'password_hash';

/** Merchants and their logins in SQL (001_identity), the same on every back end. */
export class SqlUserStore extends SqlArea implements UserStore {
  async find(name: LoginName): Promise<Login | undefined> {
    const row = await this.sql.get<LoginRow>(`${SELECT_LOGIN} WHERE m.name = $1 AND u.sub = $2`, [
      name.merchant,
      name.sub,
    ]);
    return row === undefined ? undefined : toLogin(row);
  }

  findById(userId: number): Promise<Login | undefined> {
    return findLogin(this.sql, userId);
  }

  async listForMerchant(merchantId: number): Promise<Login[]> {
    const rows = await this.sql.all<LoginRow>(`${SELECT_LOGIN} WHERE m.id = $1 ORDER BY u.sub`, [
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
    return this.sql.write(async (s) => {
      const merchant = await s.get<{ id: number }>(
        'INSERT INTO merchants (name, time_zone, created_at) VALUES ($1, $2, $3) RETURNING id',
        [name, timeZone, createdTs],
      );
      if (merchant === undefined) throw new Error('merchant row vanished inside its own commit');
      return insertUser(s, merchant.id, '', passwordHash, createdTs);
    });
  }

  createSubUser(
    merchantId: number,
    sub: string,
    passwordHash: string,
    createdTs: number,
  ): Promise<Login> {
    return this.sql.write((s) => insertUser(s, merchantId, sub, passwordHash, createdTs));
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
    await this.sql.run(`UPDATE users SET ${column} = $1 WHERE id = $2`, [value, userId]);
  }
}

/** The login with this users.id, read through `s`. */
async function findLogin(s: SqlSession, userId: number): Promise<Login | undefined> {
  const row = await s.get<LoginRow>(`${SELECT_LOGIN} WHERE u.id = $1`, [userId]);
  return row === undefined ? undefined : toLogin(row);
}

/** Inserts a login of a merchant inside a change, and reads it back as its login. */
async function insertUser(
  s: SqlSession,
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
  const login = row === undefined ? undefined : await findLogin(s, row.id);
  if (login === undefined) throw new Error(`user ${row?.id}: not found after insert`);
  return login;
}
