import type { CryptogramVersion } from '../crypto/index.ts';

/** What a card records of the transaction in its card verification results (CVR). */
export interface CardVerificationResults {
  /** The cryptogram of the first GENERATE AC: ARQC (go online) or TC (approved offline). */
  firstAc: 'ARQC' | 'TC';
  /** The cryptogram of the second GENERATE AC; "none" until it runs (not requested yet). */
  secondAc: 'TC' | 'AAC' | 'none';
  /** True once the card was given issuer authentication data (91). */
  issuerAuthenticationPerformed: boolean;
  /** True when that data's ARPC did not verify. */
  issuerAuthenticationFailed: boolean;
  /** Issuer script commands the card processed (secure messaging), at most 15. */
  scriptCommands: number;
  /** True when a script command failed (its MAC did not verify). */
  scriptFailed: boolean;
}

/** A transaction's CVR before the first GENERATE AC: an ARQC, nothing else yet. */
export const FIRST_AC_CVR: CardVerificationResults = {
  firstAc: 'ARQC',
  secondAc: 'none',
  issuerAuthenticationPerformed: false,
  issuerAuthenticationFailed: false,
  scriptCommands: 0,
  scriptFailed: false,
};

/**
 * Bits 8–5 of the CVR's AC byte: the second GENERATE AC's type (00 AAC, 01 TC, 10 not requested)
 * and the first's (10 ARQC, 01 TC), as VIS, M/Chip 4 and the common core definitions all place
 * them.
 */
function acByte(cvr: CardVerificationResults): number {
  const second = { AAC: 0b00, TC: 0b01, none: 0b10 }[cvr.secondAc];
  const first = { ARQC: 0b10, TC: 0b01 }[cvr.firstAc];
  return (second << 6) | (first << 4);
}

const count = (cvr: CardVerificationResults): number => Math.min(cvr.scriptCommands, 15) << 4;

/**
 * Visa format 0/1/3 CVR (VIS 1.6 Appendix, Card Verification Results): length 03, then the AC
 * byte with b4 "issuer authentication performed and failed", a byte whose b3 is "issuer
 * authentication not performed after online authorization", and the script command count in
 * the high nibble of the last byte with b4 "issuer script processing failed".
 */
function visaCvr(cvr: CardVerificationResults): Buffer {
  const failed = cvr.issuerAuthenticationFailed ? 0x08 : 0;
  const notPerformed = cvr.secondAc !== 'none' && !cvr.issuerAuthenticationPerformed ? 0x04 : 0;
  return Buffer.of(
    0x03,
    acByte(cvr) | failed,
    notPerformed,
    count(cvr) | (cvr.scriptFailed ? 0x08 : 0),
  );
}

/**
 * The 5-byte CVR of Visa IAD format 2 (CVN 22), laid out as the common core definitions' CVR
 * (EMV 4.4 Book 3 Annex C7.3): the AC byte with b2 "issuer authentication not performed" and b1
 * "issuer authentication failed", and in byte 4 the script command count and b4 "issuer script
 * processing failed".
 */
function formatTwoCvr(cvr: CardVerificationResults): Buffer {
  const notPerformed = cvr.secondAc !== 'none' && !cvr.issuerAuthenticationPerformed ? 0x02 : 0;
  const failed = cvr.issuerAuthenticationFailed ? 0x01 : 0;
  return Buffer.of(
    acByte(cvr) | notPerformed | failed,
    0,
    0,
    count(cvr) | (cvr.scriptFailed ? 0x08 : 0),
    0,
  );
}

/**
 * The 6-byte M/Chip 4 CVR: the AC byte; byte 2 b5 "issuer authentication performed"; byte 3 the
 * script counter in its high nibble and the PIN try counter (3) in its low one; byte 4 b6
 * "offline PIN verification not performed" and b2 "domestic transaction"; byte 5 b3 "issuer
 * authentication failed", b2 "script received", b1 "script failed".
 */
function mastercardCvr(cvr: CardVerificationResults): Buffer {
  const performed = cvr.issuerAuthenticationPerformed ? 0x10 : 0;
  const byte5 =
    (cvr.issuerAuthenticationFailed ? 0x04 : 0) |
    (cvr.scriptCommands > 0 ? 0x02 : 0) |
    (cvr.scriptFailed ? 0x01 : 0);
  return Buffer.of(acByte(cvr), performed, count(cvr) | 0x03, 0x22, byte5, 0);
}

/**
 * The issuer application data (9F10) a card of `version` sends with this CVR: Visa format 0/1/3
 * `06 01 CVN CVR(4)`, Visa format 2 `1F CVN 01 CVR(5)` and 24 bytes of issuer discretionary data,
 * M/Chip 4 `01 CVN CVR(6) 0000` and 8 bytes of counters.
 */
export function issuerApplicationData(
  version: CryptogramVersion,
  cvr: CardVerificationResults,
): Buffer {
  const cvn = version.iadByte;
  if (version.scheme === 'mastercard') {
    const counters = Buffer.from('00000000000000FF', 'hex');
    return Buffer.concat([Buffer.of(0x01, cvn), mastercardCvr(cvr), Buffer.alloc(2), counters]);
  }
  if (version.cvn === 22) {
    return Buffer.concat([Buffer.of(0x1f, cvn, 0x01), formatTwoCvr(cvr), Buffer.alloc(24)]);
  }
  return Buffer.concat([Buffer.of(0x06, 0x01, cvn), visaCvr(cvr)]);
}
