import { aesEcb, tdesEcb } from './block-ciphers.ts';
import { requireDigits, requireLength, xorBytes } from './bytes.ts';

/**
 * Enciphering PIN blocks under a PIN key (ISO 9564-1 §9): TDES-ECB of an 8-byte format 0-3
 * block, and the two-pass AES encipherment of format 4.
 */

/** The 8-byte encrypted PIN block a PIN pad sends: TDES-ECB of `clearBlock` under `pinKey`. */
export function encryptPinBlockTdes(pinKey: Buffer, clearBlock: Buffer): Buffer {
  requireLength('pinBlock', clearBlock, [8]);
  return tdesEcb(pinKey, clearBlock);
}

/** The clear PIN block inside an 8-byte TDES-encrypted PIN block (parse it with parsePinBlock). */
export function decryptPinBlockTdes(pinKey: Buffer, encryptedBlock: Buffer): Buffer {
  requireLength('pinBlock', encryptedBlock, [8]);
  return tdesEcb(pinKey, encryptedBlock, 'decrypt');
}

/**
 * The 16-byte format 4 PAN field (ISO 9564-1 §9.4.2): M = digits beyond 12, the PAN (left
 * padded with zeros to 12 digits when shorter), then zeros. `pan` is 1 to 19 digits.
 */
export function iso4PanField(pan: string): Buffer {
  requireDigits('pan', pan, 1, 19);
  const extra = Math.max(0, pan.length - 12);
  return Buffer.from(`${extra}${pan.padStart(12, '0')}`.padEnd(32, '0'), 'hex');
}

/**
 * The 16-byte format 4 PIN block: AES(K, AES(K, PIN field) ⊕ PAN field), from a plaintext PIN
 * field built by buildPinBlock(4, …) (ISO 9564-1 §9.4).
 */
export function encryptPinBlockAes(pinKey: Buffer, pinField: Buffer, pan: string): Buffer {
  requireLength('pinField', pinField, [16]);
  return aesEcb(pinKey, xorBytes(aesEcb(pinKey, pinField), iso4PanField(pan)));
}

/** The plaintext PIN field inside a format 4 PIN block (parse it with parsePinBlock(4, …)). */
export function decryptPinBlockAes(pinKey: Buffer, encryptedBlock: Buffer, pan: string): Buffer {
  requireLength('pinBlock', encryptedBlock, [16]);
  const intermediate = xorBytes(aesEcb(pinKey, encryptedBlock, 'decrypt'), iso4PanField(pan));
  return aesEcb(pinKey, intermediate, 'decrypt');
}
