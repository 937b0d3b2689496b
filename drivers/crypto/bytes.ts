import { badInput } from './errors.ts';

const HEX = /^(?:[0-9A-Fa-f]{2})*$/;
const DIGITS = /^[0-9]+$/;

/**
 * Decodes hex text (either case, even length) into bytes; `lengths` lists the byte counts the
 * field allows (any when omitted). Throws BAD_INPUT naming `field`, never echoing the text.
 */
export function parseHex(field: string, text: string, lengths?: readonly number[]): Buffer {
  if (!HEX.test(text)) {
    throw badInput(field, `${field}.hex`, 'must be hex digits, two per byte');
  }
  const bytes = Buffer.from(text, 'hex');
  if (lengths !== undefined && !lengths.includes(bytes.length)) {
    throw badInput(field, `${field}.length`, `must be ${describeLengths(lengths)} bytes`);
  }
  return bytes;
}

/** Uppercase hex of `bytes`, the form every LaneTerm tool and wire field uses. */
export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex').toUpperCase();
}

/** Checks that `buffer` has one of the allowed byte counts; throws BAD_INPUT naming `field`. */
export function requireLength(field: string, buffer: Buffer, lengths: readonly number[]): Buffer {
  if (!lengths.includes(buffer.length)) {
    throw badInput(field, `${field}.length`, `must be ${describeLengths(lengths)} bytes`);
  }
  return buffer;
}

/**
 * Checks that `text` is `min` to `max` decimal digits; throws BAD_INPUT naming `field` and the
 * rule, never the digits (a PAN or a PIN must not reach a message).
 */
export function requireDigits(field: string, text: string, min: number, max: number): string {
  if (!DIGITS.test(text) || text.length < min || text.length > max) {
    const span = min === max ? `${min}` : `${min} to ${max}`;
    throw badInput(field, `${field}.digits`, `must be ${span} decimal digits`);
  }
  return text;
}

/** Bytewise XOR of two buffers of the same length, as a new buffer. */
export function xorBytes(a: Uint8Array, b: Uint8Array): Buffer {
  if (a.length !== b.length) {
    throw new RangeError(`xorBytes: lengths differ (${a.length} and ${b.length})`);
  }
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i += 1) {
    out[i] = (a[i] ?? 0) ^ (b[i] ?? 0);
  }
  return out;
}

/** Right-pads `data` with zero bytes to a multiple of `blockSize` (ISO 9797-1 method 1). */
export function zeroPad(data: Uint8Array, blockSize: number): Buffer {
  const padded = Buffer.alloc(Math.max(1, Math.ceil(data.length / blockSize)) * blockSize);
  padded.set(data);
  return padded;
}

/** Number of one-bits in a non-negative integer below 2^32 (DUKPT counter rules). */
export function popCount(value: number): number {
  let bits = 0;
  for (let v = value >>> 0; v !== 0; v &= v - 1) {
    bits += 1;
  }
  return bits;
}

function describeLengths(lengths: readonly number[]): string {
  if (lengths.length <= 1) {
    return String(lengths[0] ?? 0);
  }
  return `${lengths.slice(0, -1).join(', ')} or ${String(lengths.at(-1))}`;
}
