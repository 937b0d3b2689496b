import { formatLoginName, type LoginName } from '../accounts/account-names.ts';

/** A login (merchant user or sub-user) with what authentication and profile resolution need. */
export interface Login {
  userId: number;
  merchantId: number;
  merchantName: string;
  /** '' for the merchant user, the sub-user's name otherwise. */
  sub: string;
  /** "merchant" or "merchant:sub" (seed: Authentication §2). */
  username: string;
  passwordHash: string;
  defaultProfileId: number | null;
  disabled: boolean;
  /** The merchant's IANA time zone; time values are read in it (seed: Time value). */
  timeZone: string;
  /**
   * The operations the merchant wants dual-authorized (seed: Authentication §7), read with the
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

/** The query of a login with its merchant and default profile, the same SQL on both back ends. */
export const SELECT_LOGIN = `SELECT ${LOGIN_COLUMNS} FROM users u JOIN merchants m ON m.id = u.merchant_id`;

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
