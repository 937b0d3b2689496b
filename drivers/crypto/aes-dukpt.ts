import { aesEcb } from './block-ciphers.ts';
import { requireLength } from './bytes.ts';
import { requireDukptCounter, type DukptCounterRules } from './dukpt-registers.ts';
import { badInput } from './errors.ts';

/**
 * AES DUKPT, host side (ANSI X9.24-3:2017 §6): the initial key from an AES BDK and an initial
 * key ID, the transaction (derivation) key for a 12-byte KSN, and working keys by usage and type.
 * Every key is AES-ECB of 16-byte derivation data under its parent key.
 */

/** Working-key usages of AES DUKPT (X9.24-3:2017 table 2: key usage indicator). */
export type AesKeyUsage =
  | 'pin'
  | 'mac-generate'
  | 'mac-verify'
  | 'mac-both'
  | 'data-encrypt'
  | 'data-decrypt'
  | 'data-both';

/** Types (algorithm and length) of a derived key (X9.24-3:2017 table 3: algorithm indicator). */
export type AesDukptKeyType =
  '2tdea' | '3tdea' | 'aes128' | 'aes192' | 'aes256' | 'hmac128' | 'hmac192' | 'hmac256';

/** Every AesKeyUsage, in table order. */
export const AES_KEY_USAGES: readonly AesKeyUsage[] = [
  'pin',
  'mac-generate',
  'mac-verify',
  'mac-both',
  'data-encrypt',
  'data-decrypt',
  'data-both',
];

/** Every AesDukptKeyType, in table order. */
export const AES_DUKPT_KEY_TYPES: readonly AesDukptKeyType[] = [
  '2tdea',
  '3tdea',
  'aes128',
  'aes192',
  'aes256',
  'hmac128',
  'hmac192',
  'hmac256',
];

/** The 32-bit transaction counter at the right of the 96-bit KSN, at most 16 one-bits. */
export const AES_DUKPT_COUNTER: DukptCounterRules = { width: 32, maxOneBits: 16 };

const USAGE_CODES: Readonly<Record<AesKeyUsage | 'derivation' | 'initial', number>> = {
  pin: 0x1000,
  'mac-generate': 0x2000,
  'mac-verify': 0x2001,
  'mac-both': 0x2002,
  'data-encrypt': 0x3000,
  'data-decrypt': 0x3001,
  'data-both': 0x3002,
  derivation: 0x8000,
  initial: 0x8001,
};

/** Algorithm indicator, length in bits, and security strength in bits of each key type. */
const KEY_TYPES: Readonly<
  Record<AesDukptKeyType, { algorithm: number; bits: number; strength: number }>
> = {
  '2tdea': { algorithm: 0, bits: 128, strength: 80 },
  '3tdea': { algorithm: 1, bits: 192, strength: 112 },
  aes128: { algorithm: 2, bits: 128, strength: 128 },
  aes192: { algorithm: 3, bits: 192, strength: 192 },
  aes256: { algorithm: 4, bits: 256, strength: 256 },
  hmac128: { algorithm: 5, bits: 128, strength: 128 },
  hmac192: { algorithm: 5, bits: 192, strength: 192 },
  hmac256: { algorithm: 5, bits: 256, strength: 256 },
};

/** The AES type of a BDK, initial key or derivation key, from its length (16 or 32 bytes). */
export function aesKeyTypeOf(field: string, key: Buffer): 'aes128' | 'aes256' {
  requireLength(field, key, [16, 32]);
  return key.length === 16 ? 'aes128' : 'aes256';
}

/**
 * One derivation (X9.24-3:2017 §6): AES-ECB under `parent` of the derivation data
 * 01 | block counter | usage | algorithm | bits | ksnData, block by block until `type` is filled.
 */
function derive(parent: Buffer, usage: number, type: AesDukptKeyType, ksnData: Buffer): Buffer {
  const { algorithm, bits } = KEY_TYPES[type];
  const blocks: Buffer[] = [];
  for (let counter = 1; counter <= Math.ceil(bits / 128); counter += 1) {
    const data = Buffer.alloc(16);
    data.writeUInt8(1, 0);
    data.writeUInt8(counter, 1);
    data.writeUInt16BE(usage, 2);
    data.writeUInt16BE(algorithm, 4);
    data.writeUInt16BE(bits, 6);
    ksnData.copy(data, 8);
    blocks.push(aesEcb(parent, data));
  }
  return Buffer.concat(blocks).subarray(0, bits / 8);
}

/** The initial key ID (8 bytes) and 32-bit counter of a 12-byte AES DUKPT KSN. */
export function aesKsnParts(ksn: Buffer): { initialKeyId: Buffer; counter: number } {
  requireLength('ksn', ksn, [12]);
  return { initialKeyId: ksn.subarray(0, 8), counter: ksn.readUInt32BE(8) };
}

/** The 12-byte KSN of initial key ID `initialKeyId` (8 bytes) at `counter`. */
export function aesKsn(initialKeyId: Buffer, counter: number): Buffer {
  requireLength('initialKeyId', initialKeyId, [8]);
  const ksn = Buffer.alloc(12);
  initialKeyId.copy(ksn);
  ksn.writeUInt32BE(counter >>> 0, 8);
  return ksn;
}

/** The 8 KSN bytes in derivation data: the right half of the initial key ID and `counter`. */
export function aesDerivationKsn(initialKeyId: Buffer, counter: number): Buffer {
  return aesKsn(initialKeyId, counter).subarray(4);
}

/** One step down the key tree: the derivation key of `counter` from its parent's key. */
export function aesDukptChildKey(parent: Buffer, initialKeyId: Buffer, counter: number): Buffer {
  const type = aesKeyTypeOf('key', parent);
  return derive(parent, USAGE_CODES.derivation, type, aesDerivationKsn(initialKeyId, counter));
}

/**
 * The initial key a device is loaded with, from an AES-128 or AES-256 BDK and the 8-byte initial
 * key ID (BDK ID ‖ derivation ID); a 12-byte KSN is taken for its initial key ID.
 */
export function aesDukptInitialKey(bdk: Buffer, initialKeyId: Buffer): Buffer {
  const type = aesKeyTypeOf('bdk', bdk);
  const id = initialKeyId.length === 12 ? initialKeyId.subarray(0, 8) : initialKeyId;
  requireLength('initialKeyId', id, [8]);
  return derive(bdk, USAGE_CODES.initial, type, id);
}

/** The transaction (derivation) key of `ksn` from the device's initial key: one step per one-bit. */
export function aesDukptTransactionKeyFromInitialKey(initialKey: Buffer, ksn: Buffer): Buffer {
  const { initialKeyId, counter } = aesKsnParts(ksn);
  requireDukptCounter('ksn', counter, AES_DUKPT_COUNTER);
  let key = initialKey;
  let built = 0;
  for (let bit = AES_DUKPT_COUNTER.width - 1; bit >= 0; bit -= 1) {
    if (Math.floor(counter / 2 ** bit) % 2 === 1) {
      built += 2 ** bit;
      key = aesDukptChildKey(key, initialKeyId, built);
    }
  }
  return key;
}

/** The transaction (derivation) key of `ksn` under the AES base derivation key `bdk`. */
export function aesDukptTransactionKey(bdk: Buffer, ksn: Buffer): Buffer {
  return aesDukptTransactionKeyFromInitialKey(aesDukptInitialKey(bdk, ksn), ksn);
}

/**
 * Throws BAD_INPUT when a `type` working key would be stronger than the AES key `parent` it is
 * derived from (X9.24-3:2017 §6.1.3); answers the type to use, by default the parent's own.
 */
export function requireAesWorkingKeyType(parent: Buffer, type?: AesDukptKeyType): AesDukptKeyType {
  const parentType = aesKeyTypeOf('key', parent);
  const wanted = type ?? parentType;
  if (KEY_TYPES[wanted].strength > KEY_TYPES[parentType].strength) {
    throw badInput(
      'keyType',
      'keyType.strength',
      `a ${wanted} key cannot come from a ${parentType} key`,
    );
  }
  return wanted;
}

/**
 * The working key of `usage` and `type` (default: the derivation key's own AES type) from a
 * transaction key; the type may not be stronger than that key.
 */
export function aesDukptWorkingKey(
  transactionKey: Buffer,
  ksn: Buffer,
  usage: AesKeyUsage,
  type?: AesDukptKeyType,
): Buffer {
  const wanted = requireAesWorkingKeyType(transactionKey, type);
  const { initialKeyId, counter } = aesKsnParts(ksn);
  return derive(
    transactionKey,
    USAGE_CODES[usage],
    wanted,
    aesDerivationKsn(initialKeyId, counter),
  );
}

/** The working key of `usage` and `type` for `ksn` under the AES base derivation key `bdk`. */
export function aesDukptKey(
  bdk: Buffer,
  ksn: Buffer,
  usage: AesKeyUsage,
  type?: AesDukptKeyType,
): Buffer {
  return aesDukptWorkingKey(aesDukptTransactionKey(bdk, ksn), ksn, usage, type);
}
