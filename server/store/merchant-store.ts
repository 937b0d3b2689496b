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

/**
 * The query of RequestSetup (`merchant`, `profile`: the back end's placeholders), one row always:
 * the same SQL on both back ends.
 */
export function requestSetupQuery(merchant: string, profile: string): string {
  return `SELECT (SELECT ranges FROM gift_ranges WHERE merchant_id = ${merchant}) AS gift_ranges,
    (SELECT processor FROM profiles WHERE id = ${profile}) AS processor`;
}

/** A RequestSetup from its row. */
export function requestSetupFromRow(
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
