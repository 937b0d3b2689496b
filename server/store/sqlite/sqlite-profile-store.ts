import type { Profile, ProfileStore } from '../profile-store.ts';
import type { SqliteSession } from './sqlite-session.ts';
import { type ProfileRow, SELECT_PROFILE, toProfile } from '../profile-store.ts';

/** Merchant profiles in SQLite (001_identity). */
export class SqliteProfileStore implements ProfileStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  findForMerchant(merchantId: number, profileId: number): Promise<Profile | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[number, number], ProfileRow>(`${SELECT_PROFILE} WHERE merchant_id = ? AND id = ?`)
        .get(merchantId, profileId);
      return row === undefined ? undefined : toProfile(row);
    });
  }

  findByName(merchantId: number, name: string): Promise<Profile | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[number, string], ProfileRow>(
          `${SELECT_PROFILE} WHERE merchant_id = ? AND name = ?`,
        )
        .get(merchantId, name);
      return row === undefined ? undefined : toProfile(row);
    });
  }

  listForMerchant(merchantId: number): Promise<Profile[]> {
    return this.#s.read(() =>
      this.#s
        .prepare<[number], ProfileRow>(`${SELECT_PROFILE} WHERE merchant_id = ? ORDER BY id`)
        .all(merchantId)
        .map(toProfile),
    );
  }

  create(merchantId: number, name: string, processor: string, createdTs: number): Promise<Profile> {
    return this.#s.write(() => {
      const sql =
        'INSERT INTO profiles (merchant_id, name, processor, created_at) VALUES (?, ?, ?, ?)';
      const result = this.#s.prepare(sql).run(merchantId, name, processor, createdTs);
      return { id: Number(result.lastInsertRowid), merchantId, name, processor };
    });
  }
}
