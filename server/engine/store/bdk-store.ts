import { aesCmac, tdesEcb, toHex } from '../../../drivers/crypto/index.ts';
import type { CardVault } from '../../vault/index.ts';
import type { EngineDatabase } from './statement-cache.ts';

/** The kinds of base derivation key: TDES (X9.24-1, 16 bytes) or AES (X9.24-3, 16 or 32 bytes). */
export type BdkType = 'tdes' | 'aes128' | 'aes256';

/** Every BdkType, as the admin command takes them. */
export const BDK_TYPES: readonly BdkType[] = ['tdes', 'aes128', 'aes256'];

/** Key length in bytes and key set id length in hex digits of each type. */
const SHAPES: Readonly<Record<BdkType, { keyBytes: number; idDigits: number }>> = {
  tdes: { keyBytes: 16, idDigits: 10 },
  aes128: { keyBytes: 16, idDigits: 8 },
  aes256: { keyBytes: 32, idDigits: 8 },
};

/** A registered key as listed: never the key, only its check value. */
export interface BdkListing {
  keySetId: string;
  type: BdkType;
  /** Key check value: TDES of a zero block (3 bytes), or AES-CMAC of a zero block (5 bytes). */
  checkValue: string;
  /** Unix seconds. */
  createdTs: number;
}

/** A registered key, opened for one derivation. */
export interface Bdk {
  keySetId: string;
  type: BdkType;
  key: Buffer;
}

interface BdkRow {
  key_set_id: string;
  key_type: BdkType;
  key_sealed: Buffer;
  check_value: string;
  created_ts: number;
}

/**
 * The key check value of a key: TDES-ECB of eight zero bytes, first 3 bytes (X9.24-1); AES-CMAC
 * of sixteen zero bytes, first 5 bytes (X9.24-3:2017), as uppercase hex.
 */
export function keyCheckValue(type: BdkType, key: Buffer): string {
  return type === 'tdes'
    ? toHex(tdesEcb(key, Buffer.alloc(8)).subarray(0, 3))
    : toHex(aesCmac(key, Buffer.alloc(16)).subarray(0, 5));
}

/**
 * Why a key cannot be registered under an id, or undefined when it can: the id is 10 uppercase
 * hex digits for TDES (the KSN's key set identifier) or 8 for AES (the BDK ID), and the key is
 * 16 bytes (TDES, AES-128) or 32 (AES-256).
 */
export function bdkShapeProblem(keySetId: string, type: BdkType, key: Buffer): string | undefined {
  const { keyBytes, idDigits } = SHAPES[type];
  if (!new RegExp(`^[0-9A-F]{${idDigits}}$`).test(keySetId)) {
    return `a ${type} key set id is ${idDigits} hex digits`;
  }
  return key.length === keyBytes ? undefined : `a ${type} key is ${keyBytes} bytes`;
}

/**
 * The base derivation keys the service decrypts DUKPT device data with (ANSI X9.24), one per key
 * set, sealed with the card vault (docs/api.md, Base derivation keys). Service-wide: a key set
 * belongs to the devices injected from it, whichever merchant runs them.
 */
export class BdkStore {
  readonly #db: EngineDatabase;
  readonly #vault: CardVault;

  constructor(db: EngineDatabase, vault: CardVault) {
    this.#db = db;
    this.#vault = vault;
  }

  /** Registers a key; false when the key set already has one. The shape must be checked first. */
  add(keySetId: string, type: BdkType, key: Buffer, nowTs: number): boolean {
    const result = this.#db
      .prepare(
        `INSERT INTO base_derivation_keys (key_set_id, key_type, key_sealed, check_value, created_ts)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (key_set_id) DO NOTHING`,
      )
      .run(keySetId, type, this.#vault.sealKey(keySetId, key), keyCheckValue(type, key), nowTs);
    return result.changes === 1;
  }

  /** Every registered key set, by id; never a key. */
  list(): BdkListing[] {
    const rows = this.#db
      .prepare('SELECT * FROM base_derivation_keys ORDER BY key_set_id')
      .all() as BdkRow[];
    return rows.map((row) => ({
      keySetId: row.key_set_id,
      type: row.key_type,
      checkValue: row.check_value,
      createdTs: row.created_ts,
    }));
  }

  /** Removes a key set's key; false when it had none. */
  remove(keySetId: string): boolean {
    return (
      this.#db.prepare('DELETE FROM base_derivation_keys WHERE key_set_id = ?').run(keySetId)
        .changes === 1
    );
  }

  /** The key of a key set, unsealed for one derivation, or undefined when none is registered. */
  find(keySetId: string): Bdk | undefined {
    const row = this.#db
      .prepare('SELECT * FROM base_derivation_keys WHERE key_set_id = ?')
      .get(keySetId) as BdkRow | undefined;
    if (row === undefined) return undefined;
    return { keySetId, type: row.key_type, key: this.#vault.unsealKey(keySetId, row.key_sealed) };
  }
}
