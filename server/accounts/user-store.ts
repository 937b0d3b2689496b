import type { EngineDatabase } from '../engine/store/statement-cache.ts';
import { formatLoginName, type LoginName } from './account-names.ts';
import { unixSeconds } from '../engine/clock.ts';

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
}

interface LoginRow {
  user_id: number;
  merchant_id: number;
  merchant_name: string;
  sub: string;
  password_hash: string;
  default_profile_id: number | null;
  disabled: number;
  time_zone: string;
}

const SELECT_LOGIN = `SELECT u.id AS user_id, m.id AS merchant_id, m.name AS merchant_name, u.sub,
  u.password_hash, u.default_profile_id, u.disabled, m.time_zone
  FROM users u JOIN merchants m ON m.id = u.merchant_id`;

function toLogin(row: LoginRow): Login {
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
  };
}

/** Merchants and their logins in the service store (migration 001). Names are checked by callers. */
export class UserStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** Creates a merchant and its merchant user in one transaction; returns the new user. */
  createMerchant(name: string, passwordHash: string, timeZone: string, now = new Date()): Login {
    const at = unixSeconds(now);
    const userId = this.#db.atomically(() => {
      const merchant = this.#db
        .prepare('INSERT INTO merchants (name, time_zone, created_at) VALUES (?, ?, ?)')
        .run(name, timeZone, at);
      return this.#insertUser(Number(merchant.lastInsertRowid), '', passwordHash, at);
    });
    return this.#byId(userId);
  }

  /** Creates a sub-user "merchant:sub" of an existing merchant; returns the new user. */
  createSubUser(merchantId: number, sub: string, passwordHash: string, now = new Date()): Login {
    return this.#byId(this.#insertUser(merchantId, sub, passwordHash, unixSeconds(now)));
  }

  /** The login with this name, or undefined. */
  find(name: LoginName): Login | undefined {
    const row = this.#db
      .prepare<[string, string], LoginRow>(`${SELECT_LOGIN} WHERE m.name = ? AND u.sub = ?`)
      .get(name.merchant, name.sub);
    return row === undefined ? undefined : toLogin(row);
  }

  /** The login with this users.id, or undefined. */
  findById(userId: number): Login | undefined {
    const row = this.#db.prepare<[number], LoginRow>(`${SELECT_LOGIN} WHERE u.id = ?`).get(userId);
    return row === undefined ? undefined : toLogin(row);
  }

  /** Every login of a merchant, the merchant user first. */
  listForMerchant(merchantId: number): Login[] {
    return this.#db
      .prepare<[number], LoginRow>(`${SELECT_LOGIN} WHERE m.id = ? ORDER BY u.sub`)
      .all(merchantId)
      .map(toLogin);
  }

  /** Sets (or, with null, clears) the profile a login's transactions run under by default. */
  setDefaultProfile(userId: number, profileId: number | null): void {
    this.#db.prepare('UPDATE users SET default_profile_id = ? WHERE id = ?').run(profileId, userId);
  }

  /** Disables a login (refused like wrong credentials, API keys too) or enables it again. */
  setDisabled(userId: number, disabled: boolean): void {
    this.#db.prepare('UPDATE users SET disabled = ? WHERE id = ?').run(disabled ? 1 : 0, userId);
  }

  /** Replaces a login's password hash. */
  setPasswordHash(userId: number, passwordHash: string): void {
    this.#db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
  }

  #insertUser(merchantId: number, sub: string, passwordHash: string, at: number): number {
    const sql = `INSERT INTO users (merchant_id, sub, password_hash, created_at) VALUES (?, ?, ?, ?)`;
    const result = this.#db.prepare(sql).run(merchantId, sub, passwordHash, at);
    return Number(result.lastInsertRowid);
  }

  #byId(userId: number): Login {
    const login = this.findById(userId);
    if (login === undefined) throw new Error(`user ${userId}: not found after insert`);
    return login;
  }
}
