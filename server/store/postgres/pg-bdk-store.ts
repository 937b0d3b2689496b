import type { BdkListing, BdkStore, SealedBdk } from '../bdk-store.ts';
import { bdkListingFromRow, type BdkRow } from '../store-rows.ts';
import type { PgSession } from './pg-session.ts';

/** Base derivation keys in PostgreSQL (004_card_present: base_derivation_keys). */
export class PgBdkStore implements BdkStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  /** One INSERT … ON CONFLICT DO NOTHING: of two instances adding a key set, one adds it. */
  async add(key: SealedBdk): Promise<boolean> {
    const added = await this.#s.run(
      `INSERT INTO base_derivation_keys (key_set_id, key_type, key_sealed, check_value, created_ts)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key_set_id) DO NOTHING`,
      [key.keySetId, key.type, key.keySealed, key.checkValue, key.createdTs],
    );
    return added === 1;
  }

  async list(): Promise<BdkListing[]> {
    const rows = await this.#s.all<BdkRow>(
      'SELECT * FROM base_derivation_keys ORDER BY key_set_id',
    );
    return rows.map(bdkListingFromRow);
  }

  async find(keySetId: string): Promise<SealedBdk | undefined> {
    const row = await this.#s.get<BdkRow>(
      'SELECT * FROM base_derivation_keys WHERE key_set_id = $1',
      [keySetId],
    );
    return row === undefined ? undefined : { ...bdkListingFromRow(row), keySealed: row.key_sealed };
  }

  async remove(keySetId: string): Promise<boolean> {
    const removed = await this.#s.run('DELETE FROM base_derivation_keys WHERE key_set_id = $1', [
      keySetId,
    ]);
    return removed === 1;
  }
}
