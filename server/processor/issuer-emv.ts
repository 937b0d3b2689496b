import { PhardCode } from '../../protocol/index.ts';
import {
  CryptoError,
  EmvCardKeys,
  encodeTlv,
  issuerKeysFor,
  panSequenceOf,
  toHex,
  type BinIssuerKeys,
  type EmvTagReader,
  type TlvNode,
} from '../../drivers/crypto/index.ts';
import type { ProcessorEmv, ProcessorReply } from './processor.ts';

/**
 * Authorisation response codes (tag 8A, ISO 8583 field 39 as two ASCII characters) the simulated
 * issuer answers a chip with, by phard_code: 00 approved, 54 expired card, 55 incorrect PIN,
 * 82 the card's cryptogram did not verify (Visa's "negative online CAM result"), 01 refer, 04
 * pick up, 19 re-enter, 91 issuer unavailable, 05 do not honour for every other decline.
 */
const RESPONSE_CODES: Partial<Record<string, string>> = {
  [PhardCode.SUCCESS]: '00',
  [PhardCode.EXPIRED]: '54',
  [PhardCode.BAD_PIN]: '55',
  [PhardCode.BAD_CRYPTOGRAM]: '82',
  [PhardCode.CALL]: '01',
  [PhardCode.PICKUP]: '04',
  [PhardCode.RETRY]: '19',
  [PhardCode.TIMEOUT]: '91',
};

/**
 * Amounts (minor units) on which an approval also carries an issuer script (docs/test-cards.md):
 * 7.71 a template 71 script (run before the final GENERATE AC), 7.72 a template 72 script (after
 * it), each a PIN UNBLOCK command MAC'd under the card's script integrity key.
 */
const SCRIPT_AMOUNTS: Readonly<Record<number, '71' | '72'>> = { 771: '71', 772: '72' };

/** PIN UNBLOCK (EMV 4.4 Book 3 §6.5.12): CLA 84 INS 24 P1 P2 00, Lc 08 for the MAC alone. */
const PIN_UNBLOCK = Buffer.from('8424000008', 'hex');

/** The identifier of the simulated issuer's scripts (9F18). */
const SCRIPT_ID = Buffer.from('00000001', 'hex');

/** What the simulated issuer makes of a chip's cryptogram before it decides. */
export type CryptogramCheck =
  | { kind: 'verified'; card: EmvCardKeys; tags: EmvTagReader; arqc: Buffer }
  | { kind: 'no-keys' }
  | { kind: 'failed'; reason: string | undefined };

/** The chip data a message carries, read by tag. */
function tagReader(emv: ProcessorEmv): EmvTagReader {
  return (tag) => {
    const value = emv.tags[tag];
    return value === undefined ? undefined : Buffer.from(value, 'hex');
  };
}

/**
 * Online card authentication (EMV 4.4 Book 2 §8.1): the issuer derives the card's keys from the
 * issuer master keys of its BIN, the PAN and its sequence number, computes the cryptogram over
 * the data its CVN defines and compares it with 9F26. A BIN without issuer keys is not verified;
 * chip data the CVN cannot compute over (a tag missing or short, an IAD of another CVN) fails,
 * with the reason in words (tag names only, never card data).
 */
export function checkCryptogram(
  keys: readonly BinIssuerKeys[],
  pan: string,
  emv: ProcessorEmv,
): CryptogramCheck {
  const issuer = issuerKeysFor(keys, pan);
  if (issuer === undefined) return { kind: 'no-keys' };
  const tags = tagReader(emv);
  const arqc = Buffer.from(emv.cryptogram, 'hex');
  try {
    const card = new EmvCardKeys(issuer, pan, panSequenceOf(tags));
    return card.applicationCryptogram(tags).equals(arqc)
      ? { kind: 'verified', card, tags, arqc }
      : { kind: 'failed', reason: undefined };
  } catch (error) {
    if (!(error instanceof CryptoError)) throw error;
    return { kind: 'failed', reason: error.message.replace(/^icc: /, '') };
  }
}

const tlv = (tag: string, value: Buffer): TlvNode => ({ tag, value });

function script(template: '71' | '72', check: Extract<CryptogramCheck, { kind: 'verified' }>) {
  const mac = check.card.scriptMac(PIN_UNBLOCK, Buffer.alloc(0), check.tags, check.arqc);
  return {
    tag: template,
    value: Buffer.alloc(0),
    children: [tlv('9F18', SCRIPT_ID), tlv('86', Buffer.concat([PIN_UNBLOCK, mac]))],
  };
}

/**
 * The issuer response data of a reply to a chip read (EMV 4.4 Book 3 §9.2, Book 2 §8.2), BER-TLV
 * as uppercase hex: for a card whose cryptogram verified, 91 Issuer Authentication Data (ARPC
 * method 1 ARPC ‖ ARC, or method 2 ARPC ‖ CSU, as its CVN says), 8A the response code, and on
 * the script amounts of an approval a 71 or 72 template whose command is MAC'd under the card's
 * script integrity key; for a card whose BIN has no issuer keys, or whose cryptogram did not
 * verify, 8A alone (there is nothing to authenticate the issuer with).
 */
export function issuerResponseData(
  reply: ProcessorReply,
  check: CryptogramCheck,
  amount: number,
): string {
  const code = RESPONSE_CODES[reply.phardCode] ?? '05';
  const arc = Buffer.from(code, 'latin1');
  if (check.kind !== 'verified') return toHex(encodeTlv([tlv('8A', arc)]));
  const approved = code === '00';
  const data = check.card.issuerAuthenticationData(check.arqc, check.tags, arc, approved);
  const nodes: TlvNode[] = [tlv('91', data), tlv('8A', arc)];
  const template = SCRIPT_AMOUNTS[amount];
  if (template !== undefined && approved) nodes.push(script(template, check));
  return toHex(encodeTlv(nodes));
}
