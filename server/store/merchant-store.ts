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

/** Reading merchants' profiles and settlement settings (store boundary). */
export interface MerchantReads {
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

/** A profile row joined with its merchant, as both back ends read it. */
export interface ProfileRow {
  profile_id: number;
  profile_name: string;
  processor: string;
  merchant_id: number;
  merchant_name: string;
  time_zone: string;
}

/** A profile with its merchant from its row. */
export function profileFromRow(row: ProfileRow): ProfileInfo {
  return {
    profileId: row.profile_id,
    profileName: row.profile_name,
    processor: row.processor,
    merchantId: row.merchant_id,
    merchantName: row.merchant_name,
    timeZone: row.time_zone,
  };
}
