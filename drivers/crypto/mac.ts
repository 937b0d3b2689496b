import { aesCbcEncrypt, desCbcEncrypt, desEcb, tdesCbcEncrypt } from './block-ciphers.ts';
import { requireLength, xorBytes, zeroPad } from './bytes.ts';

/**
 * ISO/IEC 9797-1 padding to whole 8-byte blocks: method 1 zeros (none when the data fills its
 * blocks), method 2 one 80 byte and then zeros (always at least the 80).
 */
export function iso9797Pad(data: Buffer, method: 1 | 2): Buffer {
  return method === 1 ? zeroPad(data, 8) : zeroPad(Buffer.concat([data, Buffer.of(0x80)]), 8);
}

/**
 * ISO/IEC 9797-1 MAC algorithm 3 under a 16-byte key, with padding method 1 or 2: single-DES CBC
 * under the left half, then the last block decrypted under the right half and encrypted under the
 * left (EMV 4.4 Book 2 Annex A1.2.1, ANSI X9.19). All 8 bytes.
 */
export function isoMacAlgorithm3(key: Buffer, data: Buffer, padding: 1 | 2): Buffer {
  requireLength('key', key, [16]);
  const left = key.subarray(0, 8);
  const chained = desCbcEncrypt(left, iso9797Pad(data, padding)).subarray(-8);
  return desEcb(left, desEcb(key.subarray(8, 16), chained, 'decrypt'));
}

/**
 * The ANSI X9.19 retail MAC: ISO/IEC 9797-1 MAC algorithm 3 with padding method 1. Returns all
 * 8 bytes; X9.24 publishes the leftmost 4.
 */
export function retailMac(key: Buffer, data: Buffer): Buffer {
  return isoMacAlgorithm3(key, data, 1);
}

/** Doubling in GF(2^n) as CMAC subkey generation does (NIST SP 800-38B §6.1). */
function doubleBlock(block: Buffer): Buffer {
  const out = Buffer.alloc(block.length);
  let carry = 0;
  for (let i = block.length - 1; i >= 0; i -= 1) {
    const byte = block[i] ?? 0;
    out[i] = ((byte << 1) | carry) & 0xff;
    carry = byte >>> 7;
  }
  if (carry !== 0) {
    const last = out.length - 1;
    out[last] = (out[last] ?? 0) ^ (block.length === 8 ? 0x1b : 0x87);
  }
  return out;
}

/** CMAC over a block cipher given as a zero-IV CBC encryption (NIST SP 800-38B §6.2). */
function cmac(cbc: (data: Buffer) => Buffer, blockSize: number, data: Buffer): Buffer {
  const k1 = doubleBlock(cbc(Buffer.alloc(blockSize)));
  const k2 = doubleBlock(k1);
  const complete = data.length > 0 && data.length % blockSize === 0;
  const padded = complete
    ? Buffer.from(data)
    : zeroPad(Buffer.concat([data, Buffer.from([0x80])]), blockSize);
  const lastStart = padded.length - blockSize;
  const last = xorBytes(padded.subarray(lastStart), complete ? k1 : k2);
  return cbc(Buffer.concat([padded.subarray(0, lastStart), last])).subarray(-blockSize);
}

/** TDES-CMAC (NIST SP 800-38B) under a 16- or 24-byte key; 8 bytes. */
export function tdesCmac(key: Buffer, data: Buffer): Buffer {
  return cmac((d) => tdesCbcEncrypt(key, d), 8, data);
}

/** AES-CMAC (NIST SP 800-38B, RFC 4493) under a 16-, 24- or 32-byte key; 16 bytes. */
export function aesCmac(key: Buffer, data: Buffer): Buffer {
  return cmac((d) => aesCbcEncrypt(key, d), 16, data);
}
