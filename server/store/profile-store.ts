/** A merchant profile: the processor and settings a transaction runs under (seed: profile_id). */
export interface Profile {
  id: number;
  merchantId: number;
  name: string;
  /** Processor module name; 'loopback' is the simulated processor. */
  processor: string;
}

/** Reading merchant profiles (store boundary). */
export interface ProfileReads {
  /** The merchant's profile with this id; undefined for another merchant's profile or none. */
  findForMerchant(merchantId: number, profileId: number): Promise<Profile | undefined>;
  /** The merchant's profile with this name, or undefined. */
  findByName(merchantId: number, name: string): Promise<Profile | undefined>;
  /** Every profile of a merchant, by id. */
  listForMerchant(merchantId: number): Promise<Profile[]>;
}

/** Merchant profiles (001_identity); names are unique per merchant. */
export interface ProfileStore extends ProfileReads {
  /** Creates a profile of a merchant. */
  create(merchantId: number, name: string, processor: string, createdTs: number): Promise<Profile>;
}

/** A profiles row as both back ends read it (001_identity). */
export interface ProfileRow {
  id: number;
  merchant_id: number;
  name: string;
  processor: string;
}

/** The query of a profile, the same SQL on both back ends. */
export const SELECT_PROFILE = 'SELECT id, merchant_id, name, processor FROM profiles';

/** A profile from its row. */
export function toProfile(row: ProfileRow): Profile {
  return { id: row.id, merchantId: row.merchant_id, name: row.name, processor: row.processor };
}
