import { SqlArea } from './sql-session.ts';

/** The kinds of base derivation key: TDES (X9.24-1, 16 bytes) or AES (X9.24-3, 16 or 32 bytes). */
export type BdkType = 'tdes' | 'aes128' | 'aes256';

/** A registered key as listed: never the key, only its check value. */
export interface BdkListing {
  keySetId: string;
  type: BdkType;
  /** Key check value: TDES of a zero block (3 bytes), or AES-CMAC of a zero block (5 bytes). */
  checkValue: string;
  /** Unix seconds. */
  createdTs: number;
}

/** A registered key as stored: sealed by the card vault's key (CardVault.sealKey). */
export interface SealedBdk extends BdkListing {
  keySealed: Buffer;
}

/**
 * The base derivation keys the service decrypts DUKPT device data with (ANSI X9.24), one per key
 * set, only ever sealed (004_card_present: base_derivation_keys). Service-wide: a key set belongs
 * to the devices injected from it, whichever merchant runs them.
 */
export interface BdkStore {
  /** Registers a key; false when the key set already has one. */
  add(key: SealedBdk): Promise<boolean>;
  /** Every registered key set, by id; never a key. */
  list(): Promise<BdkListing[]>;
  /** The sealed key of a key set, or undefined when none is registered. */
  find(keySetId: string): Promise<SealedBdk | undefined>;
  /** Removes a key set's key; false when it had none. */
  remove(keySetId: string): Promise<boolean>;
}

/** A base_derivation_keys row (004_card_present). */
interface BdkRow {
  key_set_id: string;
  key_type: BdkType;
  key_sealed: Buffer;
  check_value: string;
  created_ts: number;
}

/** A registered key's listing from its row: never the key. */
function listingFromRow(row: BdkRow): BdkListing {
  return {
    keySetId: row.key_set_id,
    type: row.key_type,
    checkValue: row.check_value,
    createdTs: row.created_ts,
  };
}

/** Base derivation keys in SQL (004_card_present: base_derivation_keys), on every back end. */
export class SqlBdkStore extends SqlArea implements BdkStore {
  /** One INSERT … ON CONFLICT DO NOTHING: of two instances adding a key set, one adds it. */
  async add(key: SealedBdk): Promise<boolean> {
    const added = await this.sql.run(
      `INSERT INTO base_derivation_keys (key_set_id, key_type, key_sealed, check_value, created_ts)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key_set_id) DO NOTHING`,
      [key.keySetId, key.type, key.keySealed, key.checkValue, key.createdTs],
    );
    return added === 1;
  }

  async list(): Promise<BdkListing[]> {
    const rows = await this.sql.all<BdkRow>(
      'SELECT * FROM base_derivation_keys ORDER BY key_set_id',
    );
    return rows.map(listingFromRow);
  }

  async find(keySetId: string): Promise<SealedBdk | undefined> {
    const row = await this.sql.get<BdkRow>(
      'SELECT * FROM base_derivation_keys WHERE key_set_id = $1',
      [keySetId],
    );
    return row === undefined ? undefined : { ...listingFromRow(row), keySealed: row.key_sealed };
  }

  async remove(keySetId: string): Promise<boolean> {
    const removed = await this.sql.run('DELETE FROM base_derivation_keys WHERE key_set_id = $1', [
      keySetId,
    ]);
    return removed === 1;
  }
}
