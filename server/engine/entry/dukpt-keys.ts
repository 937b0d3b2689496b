import { MsoftCode } from '../../../protocol/index.ts';
import {
  aesCbcDecrypt,
  aesDukptKey,
  normaliseTdesKsn,
  parseHex,
  tdesCbcDecrypt,
  tdesDukptKey,
  toHex,
  type AesDukptKeyType,
  type AesKeyUsage,
  type TdesKeyUsage,
} from '../../../drivers/crypto/index.ts';
import type { Bdk, BdkRegistry } from './bdk-registry.ts';
import { EntryRefusal, invalidEntry } from './entry-refusal.ts';

/** A device's key serial number as the request sent it, with the key set it names. */
export interface DeviceKsn {
  /** TDES DUKPT (X9.24-1, 10 bytes) or AES DUKPT (X9.24-3, 12 bytes). */
  scheme: 'tdes' | 'aes';
  /** The KSN; a 16-digit TDES KSN is padded back to 10 bytes with its FFFF. */
  ksn: Buffer;
  /**
   * The registry key: TDES the 40-bit key set identifier (the KSN's first 10 hex digits, the
   * common X9.24-1 layout 40/19/21), AES the 32-bit BDK ID (X9.24-3 §6).
   */
  keySetId: string;
  /** The request field the KSN came in (e_id, ksn, or the field holding the device's data). */
  field: string;
}

/** The KSN of request field `field`: 16 or 20 hex digits TDES, 24 AES (protocol checked the hex). */
export function deviceKsn(field: string, hex: string): DeviceKsn {
  const raw = parseHex(field, hex, [8, 10, 12]);
  if (raw.length === 12) {
    return { scheme: 'aes', ksn: raw, keySetId: toHex(raw.subarray(0, 4)), field };
  }
  const ksn = normaliseTdesKsn(raw);
  return { scheme: 'tdes', ksn, keySetId: toHex(ksn.subarray(0, 5)), field };
}

/** A read met a key set whose key is not loaded yet (DeviceKeys.read loads it and reads again). */
class KeyNotLoaded extends Error {
  readonly code = 'KEY_NOT_LOADED';
  readonly keySetId: string;

  constructor(keySetId: string) {
    super(`key set ${keySetId}: not loaded`);
    this.keySetId = keySetId;
  }
}

/**
 * The working keys of a request's devices from the registry; names `field` when it cannot. A
 * request's device data is read synchronously (parsing and deciphering): read() runs it, and when
 * it meets a key set not loaded yet, loads that key from the store and runs it again, so each key
 * set a request names is fetched once.
 */
export class DeviceKeys {
  readonly #bdks: BdkRegistry;
  /** Keys loaded for this request by key set id; null where the registry has none. */
  readonly #loaded = new Map<string, Bdk | null>();

  constructor(bdks: BdkRegistry) {
    this.#bdks = bdks;
  }

  /** Runs `use` (which derives keys through this object) with every key set it names loaded. */
  async read<T>(use: (keys: DeviceKeys) => T): Promise<T> {
    for (;;) {
      try {
        return use(this);
      } catch (error) {
        if (!(error instanceof KeyNotLoaded)) throw error;
        this.#loaded.set(error.keySetId, (await this.#bdks.find(error.keySetId)) ?? null);
      }
    }
  }

  #bdk(device: DeviceKsn): Buffer {
    const bdk = this.#loaded.get(device.keySetId);
    if (bdk === undefined) throw new KeyNotLoaded(device.keySetId);
    if (bdk === null) {
      throw new EntryRefusal(
        MsoftCode.SYS_SETUP,
        device.field,
        `no base derivation key for key set ${device.keySetId} on this server`,
      );
    }
    return bdk.key;
  }

  /** A TDES DUKPT working key (X9.24-1 table A-1) for a TDES KSN. */
  tdes(device: DeviceKsn, usage: TdesKeyUsage): Buffer {
    if (device.scheme !== 'tdes') {
      throw invalidEntry(device.field, 'must be a TDES KSN of 16 or 20 digits here');
    }
    return tdesDukptKey(this.#bdk(device), device.ksn, usage);
  }

  /** An AES DUKPT working key (X9.24-3) for an AES KSN; by default of the BDK's own type. */
  aes(device: DeviceKsn, usage: AesKeyUsage, type?: AesDukptKeyType): Buffer {
    if (device.scheme !== 'aes')
      throw invalidEntry(device.field, 'must be an AES KSN of 24 digits here');
    return aesDukptKey(this.#bdk(device), device.ksn, usage, type);
  }

  /**
   * Decrypts data a device encrypted for the host: TDES-CBC under the TDES `usage` variant, or
   * AES-CBC under the AES data key (usage 3000, data-encrypt), zero IV either way. Refuses data
   * that is not whole cipher blocks.
   */
  decrypt(device: DeviceKsn, data: Buffer, usage: 'pin' | 'data-request', field: string): Buffer {
    const block = device.scheme === 'tdes' ? 8 : 16;
    if (data.length === 0 || data.length % block !== 0) {
      throw invalidEntry(field, `must be whole ${block}-byte cipher blocks`);
    }
    return device.scheme === 'tdes'
      ? tdesCbcDecrypt(this.tdes(device, usage), data)
      : aesCbcDecrypt(this.aes(device, 'data-encrypt'), data);
  }
}
