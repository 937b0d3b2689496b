import { badInput } from '../errors.ts';
import { emvTagName } from '../emv-tags.ts';
import { findTlv, type TlvNode } from '../tlv.ts';

/** The payment schemes whose cryptogram versions LaneTerm computes. */
export type EmvScheme = 'visa' | 'mastercard';

/**
 * What one cryptogram version number (CVN) fixes: how the ICC master key is derived, which key
 * computes the application cryptogram, over which data, with which ISO/IEC 9797-1 padding, how
 * the issuer answers (ARPC method) and how it MACs issuer scripts.
 */
export interface CryptogramVersion {
  scheme: EmvScheme;
  /** The CVN as the scheme names it: Visa 10, 18, 22; Mastercard 16, 17. */
  cvn: number;
  /** The CVN byte the card writes in its issuer application data (9F10). */
  iadByte: number;
  /** ICC master key derivation (EMV 4.4 Book 2 Annex A1.4): option A, or B for long PANs. */
  masterKeyOption: 'A' | 'B';
  /** The AC key: the ICC master key itself, EMV common session key, or Mastercard SKD. */
  sessionKey: 'master-key' | 'emv-common' | 'mastercard';
  /** What follows the terminal data and AIP ‖ ATC: the CVR, the whole IAD, or CVR ‖ counters. */
  cardData: 'cvr' | 'iad' | 'cvr-counters';
  /** ISO/IEC 9797-1 padding of the cryptogram data: 1 zeros (Visa CVN 10), 2 80 then zeros. */
  padding: 1 | 2;
  /** ARPC method (EMV 4.4 Book 2 §8.2): 1 ARQC ⊕ ARC enciphered, 2 MAC over ARQC ‖ CSU. */
  arpcMethod: 1 | 2;
  /**
   * The ARPC key: the AC key of the transaction (Visa), or the ICC master key for AC (M/Chip 4
   * Security & Key Management §7, as jPOS's security module computes M/Chip ARPCs).
   */
  arpcKey: 'ac-key' | 'master-key';
  /**
   * The issuer script MAC's key (EMV 4.4 Book 2 §9.2, the MAC over command header ‖ ATC ‖ ARQC ‖
   * data): "visa", Visa's secure messaging key of the ATC; "emv-common", the common session key
   * with R = ARQC (M/Chip).
   */
  scriptMac: 'visa' | 'emv-common';
}

const VISA = { scheme: 'visa', arpcMethod: 2, arpcKey: 'ac-key', scriptMac: 'visa' } as const;
const MASTERCARD = {
  scheme: 'mastercard',
  masterKeyOption: 'A',
  sessionKey: 'mastercard',
  padding: 2,
  arpcMethod: 1,
  arpcKey: 'master-key',
  scriptMac: 'emv-common',
} as const;

/**
 * The cryptogram versions LaneTerm computes and verifies. Visa (VIS 1.6): CVN 10 ('0A') the ICC
 * master key, data ending with the 4-byte CVR, zero padding, ARPC method 1; CVN 18 ('12') and 22
 * ('22', IAD format 2) the common session key, data ending with the whole IAD, padding method 2,
 * ARPC method 2. Mastercard (M/Chip 4): CVN 16 ('10') and 17 ('11') Mastercard SKD, data ending
 * with the 6-byte CVR (and for 17 the 8 bytes of counters), padding method 2, ARPC method 1
 * under the ICC master key.
 */
export const CRYPTOGRAM_VERSIONS: readonly CryptogramVersion[] = [
  {
    ...VISA,
    cvn: 10,
    iadByte: 0x0a,
    masterKeyOption: 'A',
    sessionKey: 'master-key',
    cardData: 'cvr',
    padding: 1,
    arpcMethod: 1,
  },
  {
    ...VISA,
    cvn: 18,
    iadByte: 0x12,
    masterKeyOption: 'B',
    sessionKey: 'emv-common',
    cardData: 'iad',
    padding: 2,
  },
  {
    ...VISA,
    cvn: 22,
    iadByte: 0x22,
    masterKeyOption: 'B',
    sessionKey: 'emv-common',
    cardData: 'iad',
    padding: 2,
  },
  { ...MASTERCARD, cvn: 16, iadByte: 0x10, cardData: 'cvr' },
  { ...MASTERCARD, cvn: 17, iadByte: 0x11, cardData: 'cvr-counters' },
];

/** The version of a scheme and CVN; BAD_INPUT on field cvn for one LaneTerm does not compute. */
export function cryptogramVersion(scheme: EmvScheme, cvn: number): CryptogramVersion {
  const version = CRYPTOGRAM_VERSIONS.find((v) => v.scheme === scheme && v.cvn === cvn);
  if (version === undefined) {
    const known = CRYPTOGRAM_VERSIONS.filter((v) => v.scheme === scheme).map((v) => v.cvn);
    throw badInput('cvn', 'emv.cvn', `${scheme} CVN is one of ${known.join(', ')}`);
  }
  return version;
}

/** Reads one EMV data object's value by tag (uppercase hex), undefined when absent. */
export type EmvTagReader = (tag: string) => Buffer | undefined;

/** The reader of decoded TLV: a tag's value where it first appears (depth first). */
export function emvTagReader(nodes: readonly TlvNode[]): EmvTagReader {
  return (tag) => findTlv(nodes, tag)?.value;
}

/** The PAN sequence number of 5F34 (n2, one BCD byte) as two digits; "00" when absent. */
export function panSequenceOf(tags: EmvTagReader): string {
  const psn = tags('5F34');
  return psn === undefined || psn.length !== 1 ? '00' : psn.toString('hex').padStart(2, '0');
}

/**
 * The CVN byte, CVR and counters of an issuer application data (9F10) in the scheme's layout:
 * Visa format 0/1/3 (VIS 1.6 Appendix: length 06, DKI, CVN, CVR as 4 bytes with its length byte)
 * or format 2 (first byte 1F: CVN, DKI, a 5-byte CVR); M/Chip 4 (DKI, CVN, 6-byte CVR, 2 bytes
 * DAC/IDN, 8 bytes of counters). Undefined when the IAD is too short for its layout.
 */
export function iadFields(
  scheme: EmvScheme,
  iad: Buffer,
): { cvnByte: number; cvr: Buffer; counters: Buffer } | undefined {
  const read = (
    cvnAt: number,
    cvrFrom: number,
    cvrTo: number,
    counters: Buffer = Buffer.alloc(0),
  ) =>
    iad.length < cvrTo
      ? undefined
      : { cvnByte: iad[cvnAt] ?? 0, cvr: iad.subarray(cvrFrom, cvrTo), counters };
  if (scheme === 'mastercard') {
    return iad.length < 18 ? read(1, 2, 8) : read(1, 2, 8, iad.subarray(10, 18));
  }
  return iad[0] === 0x1f ? read(1, 3, 8) : read(2, 3, 7);
}

/** The terminal data every version's cryptogram starts with, and each object's length. */
const TERMINAL_DATA: readonly [string, number][] = [
  ['9F02', 6],
  ['9F03', 6],
  ['9F1A', 2],
  ['95', 5],
  ['5F2A', 2],
  ['9A', 3],
  ['9C', 1],
  ['9F37', 4],
  ['82', 2],
  ['9F36', 2],
];

/**
 * Every data object an issuer reads to verify a chip's cryptogram: the terminal data, AIP, ATC,
 * the IAD (9F10) and the PAN sequence number (5F34) its keys are derived with.
 */
export const CRYPTOGRAM_DATA_TAGS: readonly string[] = [
  ...TERMINAL_DATA.map(([tag]) => tag),
  '9F10',
  '5F34',
];

function missing(tag: string, version: CryptogramVersion, what: string): never {
  const name = emvTagName(tag) ?? 'data object';
  throw badInput(
    'icc',
    'emv.ac-data',
    `tag ${tag} (${name}) ${what}; ${version.scheme} CVN ${version.cvn} computes its cryptogram over it`,
  );
}

/**
 * The data a card computes its application cryptogram over (EMV 4.4 Book 2 §8.1.1, Table 27 and
 * Annex A1.2): amount authorised, amount other, terminal country, TVR, currency, date, type,
 * unpredictable number, AIP, ATC, then the CVR, the whole IAD or CVR ‖ counters as the version
 * says. BAD_INPUT on field icc naming a tag that is missing, of the wrong length, or an IAD of
 * another cryptogram version.
 */
export function cryptogramData(version: CryptogramVersion, tags: EmvTagReader): Buffer {
  const parts = TERMINAL_DATA.map(([tag, length]) => {
    const value = tags(tag);
    if (value === undefined) missing(tag, version, 'is missing');
    if (value.length !== length) missing(tag, version, `is not ${length} bytes`);
    return value;
  });
  const iad = tags('9F10') ?? missing('9F10', version, 'is missing');
  const fields = iadFields(version.scheme, iad);
  if (fields === undefined) missing('9F10', version, 'is too short for its layout');
  if (fields.cvnByte !== version.iadByte) missing('9F10', version, 'names another CVN');
  if (version.cardData === 'cvr-counters' && fields.counters.length !== 8) {
    missing('9F10', version, 'carries no counters');
  }
  const card = { cvr: [fields.cvr], iad: [iad], 'cvr-counters': [fields.cvr, fields.counters] };
  return Buffer.concat([...parts, ...card[version.cardData]]);
}
