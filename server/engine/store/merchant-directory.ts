import type { EngineDatabase } from './statement-cache.ts';

/** What the engine reads about a profile and its merchant (001_identity.sql). */
export interface ProfileInfo {
  profileId: number;
  profileName: string;
  processor: string;
  merchantId: number;
  merchantName: string;
  timeZone: string;
}

interface ProfileRow {
  profile_id: number;
  profile_name: string;
  processor: string;
  merchant_id: number;
  merchant_name: string;
  time_zone: string;
}

function profileFromRow(row: ProfileRow): ProfileInfo {
  return {
    profileId: row.profile_id,
    profileName: row.profile_name,
    processor: row.processor,
    merchantId: row.merchant_id,
    merchantName: row.merchant_name,
    timeZone: row.time_zone,
  };
}

const COLUMNS = `p.id AS profile_id, p.name AS profile_name, p.processor, m.id AS merchant_id,
  m.name AS merchant_name, m.time_zone`;
const FROM = 'FROM profiles p JOIN merchants m ON m.id = p.merchant_id';

/** A profile's daily automatic settlement time (HH:MM, merchant's zone) and its last run. */
export interface AutoSettleSetting {
  profile: ProfileInfo;
  settleTime: string;
  lastRunTs: number | null;
}

/**
 * Read access to merchants and profiles, and the per-profile automatic settlement settings
 * (auto_settle): the parts of the account data the transaction engine needs.
 */
export class MerchantDirectory {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** The profile with its merchant, if it exists. */
  profile(profileId: number): ProfileInfo | undefined {
    const row = this.#db
      .prepare<[number], ProfileRow>(`SELECT ${COLUMNS} ${FROM} WHERE p.id = ?`)
      .get(profileId);
    return row === undefined ? undefined : profileFromRow(row);
  }

  /** Sets (or with null clears) a profile's daily automatic settlement time, HH:MM. */
  setAutoSettle(profileId: number, settleTime: string | null, nowTs: number): void {
    if (settleTime === null) {
      this.#db.prepare('DELETE FROM auto_settle WHERE profile_id = ?').run(profileId);
      return;
    }
    this.#db
      .prepare(
        `INSERT INTO auto_settle (profile_id, settle_time, last_run_ts) VALUES (?, ?, ?)
         ON CONFLICT (profile_id) DO UPDATE SET settle_time = excluded.settle_time,
           last_run_ts = excluded.last_run_ts`,
      )
      .run(profileId, settleTime, nowTs);
  }

  /** Every profile with an automatic settlement time. */
  autoSettleSettings(): AutoSettleSetting[] {
    return this.#db
      .prepare<[], ProfileRow & { settle_time: string; last_run_ts: number | null }>(
        `SELECT ${COLUMNS}, a.settle_time, a.last_run_ts ${FROM}
         JOIN auto_settle a ON a.profile_id = p.id ORDER BY p.id`,
      )
      .all()
      .map((row) => ({
        profile: profileFromRow(row),
        settleTime: row.settle_time,
        lastRunTs: row.last_run_ts,
      }));
  }

  /** Records that the profile's automatic settlement ran at `ts`. */
  markAutoSettled(profileId: number, ts: number): void {
    this.#db
      .prepare('UPDATE auto_settle SET last_run_ts = ? WHERE profile_id = ?')
      .run(ts, profileId);
  }
}
