// Test helper: the host response an issuer answers a chip read with, computed as the simulated
// issuer computes it (the issuer keys of the card's BIN, resources/issuer-keys.json).
import {
  EmvCardKeys,
  type TlvNode,
  decodeTlv,
  emvTagReader,
  encodeTlv,
  issuerKeysFor,
  loadIssuerKeys,
  panSequenceOf,
  parseHex,
  toHex,
} from '../../../drivers/crypto/index.ts';

/** PIN UNBLOCK with its MAC to come (EMV 4.4 Book 3 §6.5.12). */
const PIN_UNBLOCK = Buffer.from('8424000008', 'hex');

/** What to answer besides 91 and 8A. */
export interface AnswerOptions {
  /** Script templates to add, each one PIN UNBLOCK command MAC'd under the card's script key. */
  scripts?: ('71' | '72')[];
  /** The scripts' MAC changed in one bit, so the card refuses them. */
  forgedMac?: boolean;
}

/**
 * 91 (the ARPC of the read's 9F26, method 1 or 2 as the card's CVN says), 8A `code` and scripts,
 * as uppercase hex: the issuer data the service answers a chip read of card `pan` with.
 */
export function issuerAnswer(
  icc: string,
  pan: string,
  code: string,
  options: AnswerOptions = {},
): string {
  const tags = emvTagReader(decodeTlv(parseHex('icc', icc)));
  const issuer = issuerKeysFor(loadIssuerKeys(), pan);
  if (issuer === undefined) throw new Error('the card has no issuer keys');
  const card = new EmvCardKeys(issuer, pan, panSequenceOf(tags));
  const arqc = tags('9F26') ?? Buffer.alloc(8);
  const arc = Buffer.from(code, 'latin1');
  const scripts = (options.scripts ?? []).map((template): TlvNode => {
    const mac = card.scriptMac(PIN_UNBLOCK, Buffer.alloc(0), tags, arqc);
    if (options.forgedMac === true) mac[7] = (mac[7] ?? 0) ^ 1;
    return {
      tag: template,
      value: Buffer.alloc(0),
      children: [
        { tag: '9F18', value: Buffer.from('00000001', 'hex') },
        { tag: '86', value: Buffer.concat([PIN_UNBLOCK, mac]) },
      ],
    };
  });
  return toHex(
    encodeTlv([
      { tag: '91', value: card.issuerAuthenticationData(arqc, tags, arc, code === '00') },
      { tag: '8A', value: arc },
      ...scripts,
    ]),
  );
}
