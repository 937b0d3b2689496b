import { randomBytes, randomInt } from 'node:crypto';
import { aesEcb, tdesEcb } from './block-ciphers.ts';
import { requireDigits, requireLength, xorBytes } from './bytes.ts';
import { badInput, CryptoError } from './errors.ts';

/**
 * ISO 9564-1 PIN blocks. Formats 0 to 3 are the 8-byte clear PIN block, enciphered with TDES-ECB;
 * format 4 is the 16-byte plaintext PIN field, which only becomes a PIN block when enciphered
 * with the PAN field under an AES key (ISO 9564-1).
 */

/** ISO 9564-1 PIN block format: 0 (ANSI X9.8), 1 (no PAN), 2 (ICC offline), 3, 4 (AES). */
export type PinBlockFormat = 0 | 1 | 2 | 3 | 4;

/** Options of buildPinBlock. */
export interface PinBlockOptions {
  /**
   * Hex digits to use as the random fill, in order (formats 1, 3 and 4; format 3 takes A-F
   * only, format 4 takes 16 digits): for known-answer tests. Crypto random when omitted.
   */
  fill?: string;
}

/** Shortest and longest PIN ISO 9564-1 allows, in digits. */
const PIN_MIN = 4;
const PIN_MAX = 12;

function malformed(rule: string, message: string): CryptoError {
  return new CryptoError('MALFORMED', 'pinBlock', `pinBlock.${rule}`, message);
}

/** The 8-byte PAN field of formats 0 and 3: 0000 and the 12 rightmost digits before the check digit. */
function panField(pan: string | undefined): Buffer {
  if (pan === undefined) {
    throw badInput('pan', 'pan.required', 'formats 0 and 3 need the PAN');
  }
  requireDigits('pan', pan, 8, 19);
  return Buffer.from(pan.slice(0, -1).slice(-12).padStart(16, '0'), 'hex');
}

/** `count` fill digits: from `fill` when given, else crypto random from the format's alphabet. */
function fillDigits(format: PinBlockFormat, count: number, fill: string | undefined): string {
  const alphabet = format === 3 ? /^[A-Fa-f]*$/ : /^[0-9A-Fa-f]*$/;
  if (fill === undefined) {
    if (format === 3) {
      return Array.from({ length: count }, () => randomInt(10, 16).toString(16)).join('');
    }
    return randomBytes(Math.ceil(count / 2))
      .toString('hex')
      .slice(0, count);
  }
  if (fill.length < count || !alphabet.test(fill)) {
    const set = format === 3 ? 'A-F' : '0-F';
    throw badInput(
      'fill',
      'fill.digits',
      `format ${format} needs at least ${count} fill digits ${set}`,
    );
  }
  return fill.slice(0, count);
}

/**
 * Builds a PIN block of `format` for a PIN of 4 to 12 digits (ISO 9564-1): formats 0 and 3
 * need the PAN (8 to 19 digits); formats 1, 2 and 4 ignore it. Format 4 answers the 16-byte
 * plaintext PIN field. Random fill comes from node:crypto unless `options.fill` is given.
 */
export function buildPinBlock(
  format: PinBlockFormat,
  pin: string,
  pan?: string,
  options: PinBlockOptions = {},
): Buffer {
  requireDigits('pin', pin, PIN_MIN, PIN_MAX);
  const head = `${format}${pin.length.toString(16)}${pin}`;
  switch (format) {
    case 0:
      return xorBytes(Buffer.from(head.padEnd(16, 'F'), 'hex'), panField(pan));
    case 1:
      return Buffer.from(head + fillDigits(1, 16 - head.length, options.fill), 'hex');
    case 2:
      return Buffer.from(head.padEnd(16, 'F'), 'hex');
    case 3:
      return xorBytes(
        Buffer.from(head + fillDigits(3, 16 - head.length, options.fill), 'hex'),
        panField(pan),
      );
    case 4:
      return Buffer.from(head.padEnd(16, 'A') + fillDigits(4, 16, options.fill), 'hex');
  }
}

/**
 * The PIN inside a clear PIN block of `format` (format 4: the plaintext PIN field), checking the
 * control digit, the PIN length, the PIN digits and the fill. Formats 0 and 3 need the PAN the
 * block was built with. Throws MALFORMED, never quoting the block or the PIN.
 */
export function parsePinBlock(format: PinBlockFormat, block: Buffer, pan?: string): string {
  const size = format === 4 ? 16 : 8;
  if (block.length !== size) {
    throw badInput('pinBlock', 'pinBlock.length', `a format ${format} PIN block is ${size} bytes`);
  }
  const clear = format === 0 || format === 3 ? xorBytes(block, panField(pan)) : block;
  const nibbles = clear.toString('hex').toUpperCase();
  if (nibbles[0] !== String(format)) {
    throw malformed('format', `the control digit is not ${format}`);
  }
  const length = parseInt(nibbles.charAt(1), 16);
  if (length < PIN_MIN || length > PIN_MAX) {
    throw malformed('pin-length', 'the PIN length is not 4 to 12');
  }
  const pin = nibbles.slice(2, 2 + length);
  if (!/^[0-9]+$/.test(pin)) {
    throw malformed('pin-digits', 'the PIN holds a digit above 9');
  }
  const allowedFill = { 0: /^F*$/, 1: /^[0-9A-F]*$/, 2: /^F*$/, 3: /^[A-F]*$/, 4: /^A*$/ }[format];
  if (!allowedFill.test(nibbles.slice(2 + length, 16))) {
    throw malformed('fill', 'the fill digits do not follow the format');
  }
  return pin;
}

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
 * The 16-byte format 4 PAN field (ISO 9564-1 format 4): M = digits beyond 12, the PAN (left
 * padded with zeros to 12 digits when shorter), then zeros. `pan` is 1 to 19 digits.
 */
export function iso4PanField(pan: string): Buffer {
  requireDigits('pan', pan, 1, 19);
  const extra = Math.max(0, pan.length - 12);
  return Buffer.from(`${extra}${pan.padStart(12, '0')}`.padEnd(32, '0'), 'hex');
}

/**
 * The 16-byte format 4 PIN block: AES(K, AES(K, PIN field) ⊕ PAN field), from a plaintext PIN
 * field built by buildPinBlock(4, …) (ISO 9564-1).
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
