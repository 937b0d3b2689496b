import { desEcb, tdesEcb } from './block-ciphers.ts';
import { requireLength, xorBytes } from './bytes.ts';
import { requireDukptCounter, type DukptCounterRules } from './dukpt-registers.ts';

/**
 * TDES DUKPT, host side (ANSI X9.24-1:2009 Annex A, the same algorithm as X9.24-3:2017 Annex C):
 * the initial key from the BDK, the transaction key for a KSN, and the working-key variants.
 */

/** Working-key uses of a TDES DUKPT transaction key (X9.24-1:2009 A.4.1 table A-1). */
export type TdesKeyUsage =
  'pin' | 'mac-request' | 'mac-response' | 'data-request' | 'data-response';

/** Every TdesKeyUsage, in table A-1 order. */
export const TDES_KEY_USAGES: readonly TdesKeyUsage[] = [
  'pin',
  'mac-request',
  'mac-response',
  'data-request',
  'data-response',
];

/** The 21-bit encryption counter at the right of the 80-bit KSN, at most 10 one-bits (A.2). */
export const TDES_DUKPT_COUNTER: DukptCounterRules = { width: 21, maxOneBits: 10 };

const KEY_MASK = Buffer.from('C0C0C0C000000000C0C0C0C000000000', 'hex');

const VARIANT_MASKS: Readonly<Record<TdesKeyUsage, Buffer>> = {
  pin: Buffer.from('00000000000000FF00000000000000FF', 'hex'),
  'mac-request': Buffer.from('000000000000FF00000000000000FF00', 'hex'),
  'mac-response': Buffer.from('00000000FF00000000000000FF000000', 'hex'),
  'data-request': Buffer.from('0000000000FF00000000000000FF0000', 'hex'),
  'data-response': Buffer.from('000000FF00000000000000FF00000000', 'hex'),
};

/**
 * The 10-byte KSN of `ksn`: 10 bytes as given, or an 8-byte KSN (shown without its leading
 * FFFF key-set bytes) padded on the left with FFFF. BAD_INPUT for any other length.
 */
export function normaliseTdesKsn(ksn: Buffer): Buffer {
  requireLength('ksn', ksn, [8, 10]);
  return ksn.length === 10 ? ksn : Buffer.concat([Buffer.from([0xff, 0xff]), ksn]);
}

/** The 21-bit encryption counter of a TDES KSN (its rightmost 21 bits). */
export function tdesKsnCounter(ksn: Buffer): number {
  const full = normaliseTdesKsn(ksn);
  return (((full[7] ?? 0) & 0x1f) << 16) | ((full[8] ?? 0) << 8) | (full[9] ?? 0);
}

/** A copy of the 10-byte `ksn` whose 21-bit counter is `counter`. */
export function tdesKsnWithCounter(ksn: Buffer, counter: number): Buffer {
  const full = Buffer.from(normaliseTdesKsn(ksn));
  full[7] = ((full[7] ?? 0) & 0xe0) | ((counter >>> 16) & 0x1f);
  full[8] = (counter >>> 8) & 0xff;
  full[9] = counter & 0xff;
  return full;
}

/**
 * The non-reversible key generation process (X9.24-1:2009 A.2): from key register `key` and the
 * rightmost 8 bytes of the KSN `register`, the next 16-byte key.
 */
export function tdesNonReversibleKey(key: Buffer, register: Buffer): Buffer {
  const half = (k: Buffer): Buffer => {
    const right = k.subarray(8, 16);
    return xorBytes(desEcb(k.subarray(0, 8), xorBytes(register, right)), right);
  };
  return Buffer.concat([half(xorBytes(key, KEY_MASK)), half(key)]);
}

/**
 * The initial key (IPEK) a device is loaded with: TDES of the KSN's leftmost 8 bytes (counter
 * bits cleared) under the 16-byte BDK, and under the BDK ⊕ C0C0C0C000000000 (X9.24-1:2009 Annex A).
 */
export function tdesDukptIpek(bdk: Buffer, ksn: Buffer): Buffer {
  requireLength('bdk', bdk, [16]);
  const left8 = Buffer.from(normaliseTdesKsn(ksn).subarray(0, 8));
  left8[7] = (left8[7] ?? 0) & 0xe0;
  return Buffer.concat([tdesEcb(bdk, left8), tdesEcb(xorBytes(bdk, KEY_MASK), left8)]);
}

/**
 * The transaction key for `ksn` from the device's initial key: one non-reversible step per
 * counter bit, from bit 20 down (X9.24-1:2009 Annex A). BAD_INPUT for an invalid counter.
 */
export function tdesDukptTransactionKeyFromIpek(ipek: Buffer, ksn: Buffer): Buffer {
  requireLength('ipek', ipek, [16]);
  const counter = tdesKsnCounter(ksn);
  requireDukptCounter('ksn', counter, TDES_DUKPT_COUNTER);
  const base = tdesKsnWithCounter(ksn, 0);
  let key = ipek;
  let built = 0;
  for (let bit = 1 << (TDES_DUKPT_COUNTER.width - 1); bit !== 0; bit >>>= 1) {
    if ((counter & bit) !== 0) {
      built |= bit;
      key = tdesNonReversibleKey(key, tdesKsnWithCounter(base, built).subarray(2));
    }
  }
  return key;
}

/** The transaction key for `ksn` under base derivation key `bdk` (X9.24-1:2009 Annex A). */
export function tdesDukptTransactionKey(bdk: Buffer, ksn: Buffer): Buffer {
  return tdesDukptTransactionKeyFromIpek(tdesDukptIpek(bdk, ksn), ksn);
}

/**
 * The working key of `usage` from a transaction key: the table A-1 variant mask, plus for data
 * keys the one-way step DK = TDES(V, V_L) ‖ TDES(V, V_R) (X9.24-1:2009 A.4.1, fig. A-2).
 */
export function tdesDukptVariant(transactionKey: Buffer, usage: TdesKeyUsage): Buffer {
  requireLength('transactionKey', transactionKey, [16]);
  const variant = xorBytes(transactionKey, VARIANT_MASKS[usage]);
  if (usage !== 'data-request' && usage !== 'data-response') {
    return variant;
  }
  return tdesEcb(variant, variant);
}

/** The working key of `usage` for `ksn` from the device's initial key. */
export function tdesDukptKeyFromIpek(ipek: Buffer, ksn: Buffer, usage: TdesKeyUsage): Buffer {
  return tdesDukptVariant(tdesDukptTransactionKeyFromIpek(ipek, ksn), usage);
}

/** The working key of `usage` for `ksn` under base derivation key `bdk` (host side). */
export function tdesDukptKey(bdk: Buffer, ksn: Buffer, usage: TdesKeyUsage): Buffer {
  return tdesDukptVariant(tdesDukptTransactionKey(bdk, ksn), usage);
}
