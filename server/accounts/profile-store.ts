import type { EngineDatabase } from '../engine/store/statement-cache.ts';
import { unixSeconds } from '../engine/clock.ts';

/** A merchant profile: the processor and settings a transaction runs under (seed: profile_id). */
export interface Profile {
  id: number;
  merchantId: number;
  name: string;
  /** Processor module name; 'loopback' is the simulated processor. */
  processor: string;
}

interface ProfileRow {
  id: number;
  merchant_id: number;
  name: string;
  processor: string;
}

const SELECT_PROFILE = 'SELECT id, merchant_id, name, processor FROM profiles';

function toProfile(row: ProfileRow): Profile {
  return { id: row.id, merchantId: row.merchant_id, name: row.name, processor: row.processor };
}

/** Merchant profiles in the service store (migration 001). */
export class ProfileStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** Creates a profile of a merchant; names are unique per merchant. */
  create(merchantId: number, name: string, processor: string, now = new Date()): Profile {
    const sql =
      'INSERT INTO profiles (merchant_id, name, processor, created_at) VALUES (?, ?, ?, ?)';
    const result = this.#db.prepare(sql).run(merchantId, name, processor, unixSeconds(now));
    return { id: Number(result.lastInsertRowid), merchantId, name, processor };
  }

  /** The merchant's profile with this id; undefined for another merchant's profile or none. */
  findForMerchant(merchantId: number, profileId: number): Profile | undefined {
    const row = this.#db
      .prepare<[number, number], ProfileRow>(`${SELECT_PROFILE} WHERE merchant_id = ? AND id = ?`)
      .get(merchantId, profileId);
    return row === undefined ? undefined : toProfile(row);
  }

  /** The merchant's profile with this name, or undefined. */
  findByName(merchantId: number, name: string): Profile | undefined {
    const row = this.#db
      .prepare<[number, string], ProfileRow>(`${SELECT_PROFILE} WHERE merchant_id = ? AND name = ?`)
      .get(merchantId, name);
    return row === undefined ? undefined : toProfile(row);
  }

  /** Every profile of a merchant, by id. */
  listForMerchant(merchantId: number): Profile[] {
    return this.#db
      .prepare<[number], ProfileRow>(`${SELECT_PROFILE} WHERE merchant_id = ? ORDER BY id`)
      .all(merchantId)
      .map(toProfile);
  }
}
