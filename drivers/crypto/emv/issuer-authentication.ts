import { tdesEcb } from '../block-ciphers.ts';
import { requireLength, xorBytes } from '../bytes.ts';
import { badInput } from '../errors.ts';
import { isoMacAlgorithm3 } from '../mac.ts';

/**
 * ARPC method 1 (EMV 4.4 Book 2 §8.2.1): the ARQC XOR the 2-byte authorisation response code
 * padded with six zero bytes, enciphered TDES under the AC key; 8 bytes. The issuer
 * authentication data (91) is ARPC ‖ ARC.
 */
export function arpcMethod1(acKey: Buffer, arqc: Buffer, arc: Buffer): Buffer {
  requireLength('arqc', arqc, [8]);
  requireLength('arc', arc, [2]);
  return tdesEcb(acKey, xorBytes(arqc, Buffer.concat([arc, Buffer.alloc(6)])));
}

/**
 * ARPC method 2 (EMV 4.4 Book 2 §8.2.2): ISO/IEC 9797-1 MAC algorithm 3 with padding method 2
 * under the AC key over ARQC ‖ card status update (4 bytes) ‖ proprietary authentication data
 * (0 to 8 bytes); its leftmost 4 bytes. The issuer authentication data (91) is ARPC ‖ CSU ‖
 * proprietary data.
 */
export function arpcMethod2(
  acKey: Buffer,
  arqc: Buffer,
  csu: Buffer,
  proprietary: Buffer = Buffer.alloc(0),
): Buffer {
  requireLength('arqc', arqc, [8]);
  requireLength('csu', csu, [4]);
  if (proprietary.length > 8) {
    throw badInput('proprietary', 'proprietary.length', 'must be at most 8 bytes');
  }
  return isoMacAlgorithm3(acKey, Buffer.concat([arqc, csu, proprietary]), 2).subarray(0, 4);
}

/**
 * Card status update bits the simulated issuer sets (EMV 4.4 Book 3 Annex C8, the common core
 * CSU): byte 2 bit 8 "issuer approves online transaction".
 */
export const CSU_ISSUER_APPROVES = 0x80;

/** A CSU that approves or declines, nothing else updated: 00 80 00 00 or 00 00 00 00. */
export function cardStatusUpdate(approved: boolean): Buffer {
  return Buffer.of(0, approved ? CSU_ISSUER_APPROVES : 0, 0, 0);
}

/**
 * The MAC of an issuer script command for secure messaging format 2 (EMV 4.4 Book 2 §9.2.3):
 * ISO/IEC 9797-1 MAC algorithm 3, padding method 2, under the script integrity session key, over
 * the command header (CLA INS P1 P2 Lc, Lc counting the MAC), the transaction data the card
 * authenticates the script with (ATC ‖ ARQC for Visa and M/Chip) and the command data; 8 bytes.
 */
export function scriptCommandMac(
  smiKey: Buffer,
  header: Buffer,
  transactionData: Buffer,
  data: Buffer = Buffer.alloc(0),
): Buffer {
  requireLength('header', header, [5]);
  return isoMacAlgorithm3(smiKey, Buffer.concat([header, transactionData, data]), 2);
}
