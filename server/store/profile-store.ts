import { SqlArea } from './sql-session.ts';

/** A merchant profile: the processor and settings a transaction runs under (docs/interface.md › profile_id). */
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

/** A profiles row (001_identity). */
interface ProfileRow {
  id: number;
  merchant_id: number;
  name: string;
  processor: string;
}

/** The query of a profile. */
const SELECT_PROFILE = 'SELECT id, merchant_id, name, processor FROM profiles';

/** A profile from its row. */
function toProfile(row: ProfileRow): Profile {
  return { id: row.id, merchantId: row.merchant_id, name: row.name, processor: row.processor };
}

/** Merchant profiles in SQL (001_identity), the same on every back end. */
export class SqlProfileStore extends SqlArea implements ProfileStore {
  async findForMerchant(merchantId: number, profileId: number): Promise<Profile | undefined> {
    const row = await this.sql.get<ProfileRow>(
      `${SELECT_PROFILE} WHERE merchant_id = $1 AND id = $2`,
      [merchantId, profileId],
    );
    return row === undefined ? undefined : toProfile(row);
  }

  async findByName(merchantId: number, name: string): Promise<Profile | undefined> {
    const row = await this.sql.get<ProfileRow>(
      `${SELECT_PROFILE} WHERE merchant_id = $1 AND name = $2`,
      [merchantId, name],
    );
    return row === undefined ? undefined : toProfile(row);
  }

  async listForMerchant(merchantId: number): Promise<Profile[]> {
    const rows = await this.sql.all<ProfileRow>(
      `${SELECT_PROFILE} WHERE merchant_id = $1 ORDER BY id`,
      [merchantId],
    );
    return rows.map(toProfile);
  }

  async create(
    merchantId: number,
    name: string,
    processor: string,
    createdTs: number,
  ): Promise<Profile> {
    const row = await this.sql.get<ProfileRow>(
      `INSERT INTO profiles (merchant_id, name, processor, created_at) VALUES ($1, $2, $3, $4)
       RETURNING id, merchant_id, name, processor`,
      [merchantId, name, processor, createdTs],
    );
    if (row === undefined) throw new Error('profile row vanished inside its own commit');
    return toProfile(row);
  }
}
