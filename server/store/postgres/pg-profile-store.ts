import type { Profile, ProfileStore } from '../profile-store.ts';
import type { PgSession } from './pg-session.ts';
import { type ProfileRow, SELECT_PROFILE, toProfile } from '../profile-store.ts';

/** Merchant profiles in PostgreSQL (001_identity). */
export class PgProfileStore implements ProfileStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async findForMerchant(merchantId: number, profileId: number): Promise<Profile | undefined> {
    const row = await this.#s.get<ProfileRow>(
      `${SELECT_PROFILE} WHERE merchant_id = $1 AND id = $2`,
      [merchantId, profileId],
    );
    return row === undefined ? undefined : toProfile(row);
  }

  async findByName(merchantId: number, name: string): Promise<Profile | undefined> {
    const row = await this.#s.get<ProfileRow>(
      `${SELECT_PROFILE} WHERE merchant_id = $1 AND name = $2`,
      [merchantId, name],
    );
    return row === undefined ? undefined : toProfile(row);
  }

  async listForMerchant(merchantId: number): Promise<Profile[]> {
    const rows = await this.#s.all<ProfileRow>(
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
    const row = await this.#s.get<ProfileRow>(
      `INSERT INTO profiles (merchant_id, name, processor, created_at) VALUES ($1, $2, $3, $4)
       RETURNING id, merchant_id, name, processor`,
      [merchantId, name, processor, createdTs],
    );
    if (row === undefined) throw new Error('profile row vanished inside its own commit');
    return toProfile(row);
  }
}
