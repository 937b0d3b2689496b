import {
  CryptoError,
  type EmvReceiptTags,
  decodeTlv,
  emvReceiptTags,
  encodeTlv,
  findTlv,
  isSensitiveEmvTag,
  parseHex,
} from '../crypto/index.ts';
import { DeviceError } from '../device-error.ts';

/** The chip's final decision once the online answer reached it (second GENERATE AC). */
export interface EmvCompletion {
  /** TC: the card approves; AAC: the card declines (after an approval the lane reverses). */
  cryptogramType: 'TC' | 'AAC';
  /**
   * The card's final data, BER-TLV as uppercase hex: the icc of the reversal that reports a card
   * decline (docs/api.md, EMV).
   */
  icc: string;
  /** Receipt tags of the final data (rcpt_emv_*): the final cryptogram, TVR, TSI. */
  receipt: EmvReceiptTags;
  /** Issuer script results (9F5B) as uppercase hex, when the issuer sent scripts (71, 72). */
  scriptResults?: string;
}

/**
 * The terminal's own answer when no issuer answer came (EMV Book 4 Annex A6, 8A codes): Y3
 * "unable to go online, offline approved" asks the card for a TC; Z3 "offline declined" for an AAC.
 */
export interface UnableToGoOnline {
  readonly arc: 'Y3' | 'Z3';
}

/** What the card is given after its first GENERATE AC asked to go online. */
export type HostAnswer = string | UnableToGoOnline | undefined;

/**
 * The data of Apply Host Response (60-12): the issuer's response data as the service answered it
 * (the answer's icc: 91, 8A, 71/72), or, without an answer, 8A with the terminal's own code (Z3
 * when none is given; EMV Book 3 §10.7). BAD_INPUT on issuerData when it is not BER-TLV or
 * carries no 8A.
 */
export function hostResponseData(issuerData: HostAnswer): Buffer {
  if (issuerData === undefined || typeof issuerData !== 'string') {
    const arc = issuerData?.arc ?? 'Z3';
    return encodeTlv([{ tag: '8A', value: Buffer.from(arc, 'latin1') }]);
  }
  try {
    const data = parseHex('issuerData', issuerData);
    if (findTlv(decodeTlv(data), '8A') === undefined) {
      throw new DeviceError('BAD_INPUT', 'issuerData: no authorisation response code (8A)', {
        field: 'issuerData',
      });
    }
    return data;
  } catch (error) {
    if (!(error instanceof CryptoError)) throw error;
    throw new DeviceError('BAD_INPUT', `issuerData: not BER-TLV hex (${error.rule})`, {
      field: 'issuerData',
    });
  }
}

/**
 * The completion an Apply Host Response answer becomes: the final 9F27 (TC or AAC), 9F26, the
 * receipt tags and 9F5B. PROTOCOL when a sensitive tag comes in the clear or the final
 * cryptogram is missing or is an ARQC.
 */
export function emvCompletionFromTlv(data: Buffer): EmvCompletion {
  const nodes = decodeTlv(data);
  const clear = nodes.find((node) => isSensitiveEmvTag(node.tag));
  if (clear !== undefined) {
    throw new DeviceError('PROTOCOL', `emv reader: tag ${clear.tag} sent in the clear`, {
      field: clear.tag,
    });
  }
  const receipt = emvReceiptTags(nodes);
  const { cryptogramType } = receipt;
  if (receipt.cryptogram === undefined || (cryptogramType !== 'TC' && cryptogramType !== 'AAC')) {
    throw new DeviceError(
      'PROTOCOL',
      'emv reader: the final data carries no TC or AAC (9F26, 9F27)',
      { field: '9F27' },
    );
  }
  const scripts = findTlv(nodes, '9F5B')?.value;
  return {
    cryptogramType,
    icc: encodeTlv(nodes).toString('hex').toUpperCase(),
    receipt,
    ...(scripts !== undefined && { scriptResults: scripts.toString('hex').toUpperCase() }),
  };
}

/**
 * A chip read's icc with the card's final data in place of its first answer's (docs/protocol.md ›
 * Forwarded offline sales): each top-level tag of `finalIcc` (9F26, 9F27, 95, 9F10, 9B, 8A, …)
 * replaces the same tag of `firstIcc` where it stands, or is added at the end; the read's other
 * tags (its encrypted card data, the terminal's data) are kept as they were. BER-TLV hex, upper.
 */
export function iccWithFinalData(firstIcc: string, finalIcc: string): string {
  const first = decodeTlv(parseHex('icc', firstIcc));
  const final = decodeTlv(parseHex('finalIcc', finalIcc));
  const byTag = new Map(final.map((node) => [node.tag, node]));
  const merged = first.map((node) => byTag.get(node.tag) ?? node);
  const added = final.filter((node) => !first.some((kept) => kept.tag === node.tag));
  return encodeTlv([...merged, ...added])
    .toString('hex')
    .toUpperCase();
}
