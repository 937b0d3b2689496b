import type { BdkListing, BdkStore, SealedBdk } from '../bdk-store.ts';
import { bdkListingFromRow, type BdkRow } from '../store-rows.ts';
import type { SqliteSession } from './sqlite-session.ts';

/** Base derivation keys in SQLite (004_card_present: base_derivation_keys). */
export class SqliteBdkStore implements BdkStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  add(key: SealedBdk): Promise<boolean> {
    return this.#s.write(
      () =>
        this.#s
          .prepare(
            `INSERT INTO base_derivation_keys
               (key_set_id, key_type, key_sealed, check_value, created_ts)
             VALUES (?, ?, ?, ?, ?) ON CONFLICT (key_set_id) DO NOTHING`,
          )
          .run(key.keySetId, key.type, key.keySealed, key.checkValue, key.createdTs).changes === 1,
    );
  }

  list(): Promise<BdkListing[]> {
    return this.#s.read(() =>
      this.#s
        .prepare<[], BdkRow>('SELECT * FROM base_derivation_keys ORDER BY key_set_id')
        .all()
        .map(bdkListingFromRow),
    );
  }

  find(keySetId: string): Promise<SealedBdk | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[string], BdkRow>('SELECT * FROM base_derivation_keys WHERE key_set_id = ?')
        .get(keySetId);
      return row === undefined
        ? undefined
        : { ...bdkListingFromRow(row), keySealed: row.key_sealed };
    });
  }

  remove(keySetId: string): Promise<boolean> {
    return this.#s.write(
      () =>
        this.#s.prepare('DELETE FROM base_derivation_keys WHERE key_set_id = ?').run(keySetId)
          .changes === 1,
    );
  }
}
