import { aesCmac, tdesEcb, toHex } from '../../../drivers/crypto/index.ts';
import type { BdkListing, BdkStore, BdkType } from '../../store/bdk-store.ts';
import type { CardVault } from '../../vault/index.ts';

/** Every BdkType, as the admin command takes them. */
export const BDK_TYPES: readonly BdkType[] = ['tdes', 'aes128', 'aes256'];

/** Key length in bytes and key set id length in hex digits of each type. */
const SHAPES: Readonly<Record<BdkType, { keyBytes: number; idDigits: number }>> = {
  tdes: { keyBytes: 16, idDigits: 10 },
  aes128: { keyBytes: 16, idDigits: 8 },
  aes256: { keyBytes: 32, idDigits: 8 },
};

/** A registered key, opened for one derivation. */
export interface Bdk {
  keySetId: string;
  type: BdkType;
  key: Buffer;
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
 * The base derivation keys of DUKPT devices (docs/api.md, Base derivation keys) over the store:
 * sealed with the card vault's key (the key set id bound in) before they are stored, unsealed
 * only for one derivation.
 */
export class BdkRegistry {
  readonly #store: BdkStore;
  readonly #vault: CardVault;

  constructor(store: BdkStore, vault: CardVault) {
    this.#store = store;
    this.#vault = vault;
  }

  /** Registers a key; false when the key set already has one. The shape must be checked first. */
  add(keySetId: string, type: BdkType, key: Buffer, nowTs: number): Promise<boolean> {
    return this.#store.add({
      keySetId,
      type,
      keySealed: this.#vault.sealKey(keySetId, key),
      checkValue: keyCheckValue(type, key),
      createdTs: nowTs,
    });
  }

  /** Every registered key set, by id; never a key. */
  list(): Promise<BdkListing[]> {
    return this.#store.list();
  }

  /** Removes a key set's key; false when it had none. */
  remove(keySetId: string): Promise<boolean> {
    return this.#store.remove(keySetId);
  }

  /** The key of a key set, unsealed for one derivation, or undefined when none is registered. */
  async find(keySetId: string): Promise<Bdk | undefined> {
    const sealed = await this.#store.find(keySetId);
    if (sealed === undefined) return undefined;
    return { keySetId, type: sealed.type, key: this.#vault.unsealKey(keySetId, sealed.keySealed) };
  }
}
