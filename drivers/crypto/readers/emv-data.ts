import { CryptoError } from '../errors.ts';
import { decodeTlv, findTlv, type TlvNode } from '../tlv.ts';
import { parseTrack2Equivalent, type TrackData } from '../tracks.ts';

/**
 * Proprietary tags of the LaneTerm NGA reader profile (ID TECH-style DFEE range, docs/devices.md):
 * KSN; sensitive tags (5A, 57, 5F20 …) as TLV encrypted TDES-CBC under the DUKPT data variant;
 * masked PAN (ASCII); for a fallback swipe, encrypted track 2 text and masked tracks 1 and 2.
 */
export const PROFILE_TAGS = {
  ksn: 'DFEE12',
  encryptedTags: 'DFEE13',
  maskedPan: 'DFEE14',
  fallbackTrack: 'DFEE23',
  maskedTrack2: 'DFEE24',
  maskedTrack1: 'DFEE25',
} as const;

/** Tag 9F39 POS entry mode: 05 chip, 07 contactless chip, 80 fallback to magnetic stripe. */
export const POS_ENTRY = { contact: 0x05, contactless: 0x07, fallback: 0x80 } as const;

/** The cryptogram type 9F27 names (EMV Book 3 §6.5.5.4): bits 8–7 00 AAC, 01 TC, 10 ARQC. */
export type CryptogramType = 'ARQC' | 'TC' | 'AAC';

/** The cryptogram type of a 9F27 byte; the reserved 11 counts as AAC (nothing to approve). */
export function cryptogramTypeOf(cid: number): CryptogramType {
  return (['AAC', 'TC', 'ARQC'] as const)[(cid >> 6) & 3] ?? 'AAC';
}

/** The EMV tags a receipt needs (the rcpt_emv_* fields), as hex or text. */
export interface EmvReceiptTags {
  /** 4F (or 84) application identifier, hex. */
  aid?: string;
  /** 50 application label (else 9F12 application preferred name), text. */
  applicationLabel?: string;
  /** 95 terminal verification results, hex. */
  tvr?: string;
  /** 9B transaction status information, hex. */
  tsi?: string;
  /** 9F26 application cryptogram, hex. */
  cryptogram?: string;
  /** 9F27 cryptogram type: ARQC, TC or AAC. */
  cryptogramType?: CryptogramType;
  /** 9F34 CVM results, hex. */
  cvmResults?: string;
  /** 9F10 issuer application data, hex. */
  iad?: string;
  /** 9F6E form factor indicator (contactless), hex. */
  formFactor?: string;
}

const hex = (node: TlvNode | undefined): string | undefined =>
  node?.value.toString('hex').toUpperCase();

const text = (node: TlvNode | undefined): string | undefined => {
  const shown = node?.value
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
  return shown === '' ? undefined : shown;
};

/** The receipt tags of a chip's TLV (EMV Book 4 §11.4 receipt data; tag names in emv-tags). */
export function emvReceiptTags(nodes: readonly TlvNode[]): EmvReceiptTags {
  const tags: EmvReceiptTags = {};
  const set = <K extends keyof EmvReceiptTags>(key: K, value: EmvReceiptTags[K] | undefined) => {
    if (value !== undefined) tags[key] = value;
  };
  set('aid', hex(findTlv(nodes, '4F') ?? findTlv(nodes, '84')));
  set('applicationLabel', text(findTlv(nodes, '50')) ?? text(findTlv(nodes, '9F12')));
  set('tvr', hex(findTlv(nodes, '95')));
  set('tsi', hex(findTlv(nodes, '9B')));
  set('cryptogram', hex(findTlv(nodes, '9F26')));
  const cid = findTlv(nodes, '9F27')?.value[0];
  if (cid !== undefined) tags.cryptogramType = cryptogramTypeOf(cid);
  set('cvmResults', hex(findTlv(nodes, '9F34')));
  set('iad', hex(findTlv(nodes, '9F10')));
  set('formFactor', hex(findTlv(nodes, '9F6E')));
  return tags;
}

/** What the card-data tags of a chip give: PAN, track 2 equivalent, expiry, name. */
export interface EmvCardTags {
  /** 5A, digits (its F padding removed). */
  pan?: string;
  /** 57 read as track 2. */
  track2?: TrackData;
  /** 5F24 as YYMM. */
  expiry?: string;
  /** 5F20, trailing spaces removed. */
  name?: string;
}

function malformed(tag: string, rule: string, message: string): CryptoError {
  return new CryptoError('MALFORMED', tag, rule, message);
}

/**
 * The card data among `nodes` (EMV Book 3 Annex A): 5A, 57, 5F24 (YYMMDD) and 5F20. Throws
 * MALFORMED naming the tag when one breaks its format; never quotes a value.
 */
export function emvCardTags(nodes: readonly TlvNode[]): EmvCardTags {
  const tags: EmvCardTags = {};
  const pan = findTlv(nodes, '5A');
  if (pan !== undefined) {
    const digits = pan.value.toString('hex').toUpperCase().replace(/F+$/, '');
    if (!/^[0-9]{8,19}$/.test(digits)) throw malformed('5A', 'emv.pan', 'is not 8 to 19 digits');
    tags.pan = digits;
  }
  const track2 = findTlv(nodes, '57');
  if (track2 !== undefined) tags.track2 = parseTrack2Equivalent(track2.value);
  const expiry = hex(findTlv(nodes, '5F24'));
  if (expiry !== undefined) {
    if (!/^[0-9]{2}(0[1-9]|1[0-2])[0-9]{2}$/.test(expiry)) {
      throw malformed('5F24', 'emv.expiry', 'is not a date YYMMDD');
    }
    tags.expiry = expiry.slice(0, 4);
  }
  const name = findTlv(nodes, '5F20')?.value.toString('latin1').trimEnd();
  if (name !== undefined && name !== '') tags.name = name;
  return tags;
}

/**
 * The card-data tags the LaneTerm NGA profile carries encrypted (DFEE13 under the KSN in DFEE12),
 * decrypted by `decrypt(ksn, data)` and decoded; undefined when the TLV has no DFEE13. Throws
 * KEY_EXHAUSTED without a KSN, and MALFORMED (DFEE13, emv.decrypt) when the plaintext is not
 * BER-TLV card data, as a wrong key gives.
 */
export function profileCardNodes(
  nodes: readonly TlvNode[],
  decrypt: (ksn: Buffer, data: Buffer) => Buffer,
): TlvNode[] | undefined {
  const encrypted = findTlv(nodes, PROFILE_TAGS.encryptedTags);
  if (encrypted === undefined) return undefined;
  const ksn = findTlv(nodes, PROFILE_TAGS.ksn)?.value;
  if (ksn === undefined || ksn.length === 0) {
    throw new CryptoError('KEY_EXHAUSTED', PROFILE_TAGS.ksn, 'emv.ksn', 'no KSN beside DFEE13');
  }
  const wrongKey = (): CryptoError =>
    malformed(
      PROFILE_TAGS.encryptedTags,
      'emv.decrypt',
      'does not decrypt to BER-TLV card data (wrong key or key set)',
    );
  let plain: TlvNode[];
  try {
    plain = decodeTlv(decrypt(ksn, encrypted.value));
  } catch (error) {
    if (error instanceof CryptoError && error.field === 'tlv') throw wrongKey();
    throw error;
  }
  if (findTlv(plain, '5A') === undefined && findTlv(plain, '57') === undefined) throw wrongKey();
  return plain;
}
