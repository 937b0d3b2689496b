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
