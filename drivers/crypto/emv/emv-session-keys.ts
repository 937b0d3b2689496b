import { createHash } from 'node:crypto';
import { tdesEcb } from '../block-ciphers.ts';
import { requireDigits, requireLength, xorBytes } from '../bytes.ts';

/** Sets the low bit of every byte so that each has an odd number of one-bits (DES key parity). */
export function withOddParity(key: Buffer): Buffer {
  const out = Buffer.from(key);
  for (let i = 0; i < out.length; i += 1) {
    let byte = (out[i] ?? 0) & 0xfe;
    let ones = 0;
    for (let v = byte; v !== 0; v &= v - 1) ones += 1;
    if (ones % 2 === 0) byte |= 1;
    out[i] = byte;
  }
  return out;
}

/** ZL ‖ ZR: the 8 bytes of Y encrypted under the issuer key, then Y inverted, with odd parity. */
function diversified(imk: Buffer, y: Buffer): Buffer {
  const inverted = xorBytes(y, Buffer.alloc(8, 0xff));
  return withOddParity(tdesEcb(imk, Buffer.concat([y, inverted])));
}

function checkedInputs(imk: Buffer, pan: string, psn: string): void {
  requireLength('imk', imk, [16]);
  requireDigits('pan', pan, 8, 19);
  requireDigits('psn', psn, 2, 2);
}

/**
 * The ICC master key of a card by option A (EMV 4.4 Book 2 Annex A1.4.1): Y is the rightmost 16
 * digits of PAN ‖ PAN sequence number (5F34, "00" when the card has none), padded on the left
 * with zeros; MK = TDES(IMK)[Y] ‖ TDES(IMK)[Y ⊕ FF…FF], parity adjusted odd.
 */
export function iccMasterKeyOptionA(imk: Buffer, pan: string, psn = '00'): Buffer {
  checkedInputs(imk, pan, psn);
  return diversified(imk, Buffer.from(`${pan}${psn}`.slice(-16).padStart(16, '0'), 'hex'));
}

/**
 * The ICC master key by option B (EMV 4.4 Book 2 Annex A1.4.2), which Visa uses for PANs of more
 * than 16 digits: Y is the first 16 decimal digits of SHA-1(PAN ‖ PSN, left padded to whole
 * bytes), completed when short by its letters a–f read as 0–5; a PAN of 16 digits or fewer
 * derives as option A.
 */
export function iccMasterKeyOptionB(imk: Buffer, pan: string, psn = '00'): Buffer {
  checkedInputs(imk, pan, psn);
  if (pan.length <= 16) return iccMasterKeyOptionA(imk, pan, psn);
  const digits = `${pan}${psn}`;
  const hash = createHash('sha1')
    .update(Buffer.from(digits.length % 2 === 0 ? digits : `0${digits}`, 'hex'))
    .digest('hex');
  const decimal = [...hash].filter((c) => c <= '9');
  const letters = [...hash].filter((c) => c > '9').map((c) => String(c.charCodeAt(0) - 97));
  const y = [...decimal, ...letters].slice(0, 16).join('');
  return diversified(imk, Buffer.from(y, 'hex'));
}

/**
 * EMV common session key derivation (EMV 4.4 Book 2 Annex A1.3.1): from the 8-byte diversification
 * value R, SK = TDES(MK)[R with byte 3 set to F0] ‖ TDES(MK)[R with byte 3 set to 0F], parity
 * adjusted odd. R is ATC ‖ 00…00 for the application cryptogram key (Visa CVN 18 and 22) and the
 * ARQC for the secure messaging keys.
 */
export function emvCommonSessionKey(mk: Buffer, r: Buffer): Buffer {
  requireLength('mk', mk, [16]);
  requireLength('r', r, [8]);
  const left = Buffer.from(r);
  left[2] = 0xf0;
  const right = Buffer.from(r);
  right[2] = 0x0f;
  return withOddParity(tdesEcb(mk, Buffer.concat([left, right])));
}

/** The AC session key of Visa CVN 18 and 22: the common session key with R = ATC ‖ 00…00. */
export function emvAcSessionKey(mk: Buffer, atc: Buffer): Buffer {
  requireLength('atc', atc, [2]);
  return emvCommonSessionKey(mk, Buffer.concat([atc, Buffer.alloc(6)]));
}

/**
 * Mastercard's session key derivation (SKD) of M/Chip CVN 16 and 17: the common session key with
 * R = ATC ‖ 00 00 ‖ unpredictable number (9F37), so both the counter and the terminal's random
 * number diversify the key (M/Chip 4 card application cryptographic algorithms).
 */
export function mastercardSessionKey(mk: Buffer, atc: Buffer, un: Buffer): Buffer {
  requireLength('atc', atc, [2]);
  requireLength('un', un, [4]);
  return emvCommonSessionKey(mk, Buffer.concat([atc, Buffer.alloc(2), un]));
}

/**
 * Visa's secure messaging session key (VIS 1.6, issuer script processing): the left half of the
 * ICC master key XOR 00…00 ‖ ATC, the right half XOR 00…00 ‖ (ATC ⊕ FFFF), parity adjusted odd.
 */
export function visaSecureMessagingKey(mk: Buffer, atc: Buffer): Buffer {
  requireLength('mk', mk, [16]);
  requireLength('atc', atc, [2]);
  const left = xorBytes(mk.subarray(0, 8), Buffer.concat([Buffer.alloc(6), atc]));
  const right = xorBytes(
    mk.subarray(8, 16),
    Buffer.concat([Buffer.alloc(6), xorBytes(atc, Buffer.of(0xff, 0xff))]),
  );
  return withOddParity(Buffer.concat([left, right]));
}
