import { SqlArea } from './sql-session.ts';

/** What the engine reads about a profile and its merchant (001_identity). */
export interface ProfileInfo {
  profileId: number;
  profileName: string;
  processor: string;
  merchantId: number;
  merchantName: string;
  timeZone: string;
}

/** A profile's daily automatic settlement time (HH:MM, merchant's zone) and its last run. */
export interface AutoSettleSetting {
  profile: ProfileInfo;
  settleTime: string;
  lastRunTs: number | null;
}

/** What every request of the engine reads before its work, in one statement. */
export interface RequestSetup {
  /** The merchant's custom gift BIN ranges (gift_ranges), or undefined for the provider's. */
  customGiftRanges: string | undefined;
  /** The processor of the request's profile, or undefined when there is no such profile. */
  processor: string | undefined;
}

/** The query of RequestSetup ($1 merchant, $2 profile), one row always. */
const REQUEST_SETUP = `SELECT
    (SELECT ranges FROM gift_ranges WHERE merchant_id = CAST($1 AS bigint)) AS gift_ranges,
    (SELECT processor FROM profiles WHERE id = CAST($2 AS bigint)) AS processor`;

/** A RequestSetup from its row. */
function requestSetupFromRow(
  row: { gift_ranges: string | null; processor: string | null } | undefined,
): RequestSetup {
  return {
    customGiftRanges: row?.gift_ranges ?? undefined,
    processor: row?.processor ?? undefined,
  };
}

/** Reading merchants' profiles and settlement settings (store boundary). */
export interface MerchantReads {
  /**
   * The merchant's custom gift ranges and the profile's processor, read fresh in one statement, so
   * an administrator's change applies to the next request on every instance.
   */
  requestSetup(merchantId: number, profileId: number): Promise<RequestSetup>;
  /** The profile with its merchant, if it exists. */
  profile(profileId: number): Promise<ProfileInfo | undefined>;
  /** Every profile with an automatic settlement time. */
  autoSettleSettings(): Promise<AutoSettleSetting[]>;
}

/**
 * Merchants and profiles as the transaction engine sees them, and the per-profile automatic
 * settlement settings (auto_settle).
 */
export interface MerchantStore extends MerchantReads {
  /** Sets (or with null clears) a profile's daily automatic settlement time, HH:MM. */
  setAutoSettle(profileId: number, settleTime: string | null, nowTs: number): Promise<void>;
  /** Records that the profile's automatic settlement ran at `ts`. */
  markAutoSettled(profileId: number, ts: number): Promise<void>;
}

/** A profile row joined with its merchant. */
interface ProfileRow {
  profile_id: number;
  profile_name: string;
  processor: string;
  merchant_id: number;
  merchant_name: string;
  time_zone: string;
}

/** A profile with its merchant from its row. */
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

/** Profiles with their merchants, and auto_settle, in SQL (001_identity, 003_transactions). */
export class SqlMerchantStore extends SqlArea implements MerchantStore {
  async profile(profileId: number): Promise<ProfileInfo | undefined> {
    const row = await this.sql.get<ProfileRow>(`SELECT ${COLUMNS} ${FROM} WHERE p.id = $1`, [
      profileId,
    ]);
    return row === undefined ? undefined : profileFromRow(row);
  }

  async requestSetup(merchantId: number, profileId: number): Promise<RequestSetup> {
    type Row = { gift_ranges: string | null; processor: string | null };
    return requestSetupFromRow(await this.sql.get<Row>(REQUEST_SETUP, [merchantId, profileId]));
  }

  async autoSettleSettings(): Promise<AutoSettleSetting[]> {
    const rows = await this.sql.all<
      ProfileRow & { settle_time: string; last_run_ts: number | null }
    >(
      `SELECT ${COLUMNS}, a.settle_time, a.last_run_ts ${FROM}
       JOIN auto_settle a ON a.profile_id = p.id ORDER BY p.id`,
    );
    return rows.map((row) => ({
      profile: profileFromRow(row),
      settleTime: row.settle_time,
      lastRunTs: row.last_run_ts,
    }));
  }

  async setAutoSettle(profileId: number, settleTime: string | null, nowTs: number): Promise<void> {
    if (settleTime === null) {
      await this.sql.run('DELETE FROM auto_settle WHERE profile_id = $1', [profileId]);
      return;
    }
    await this.sql.run(
      `INSERT INTO auto_settle (profile_id, settle_time, last_run_ts) VALUES ($1, $2, $3)
       ON CONFLICT (profile_id) DO UPDATE SET settle_time = excluded.settle_time,
         last_run_ts = excluded.last_run_ts`,
      [profileId, settleTime, nowTs],
    );
  }

  async markAutoSettled(profileId: number, ts: number): Promise<void> {
    await this.sql.run('UPDATE auto_settle SET last_run_ts = $1 WHERE profile_id = $2', [
      ts,
      profileId,
    ]);
  }
}
