import { createHash } from 'node:crypto';
import { PhardCode } from '../../protocol/index.ts';
import { encodeTlv, toHex, type TlvNode } from '../../drivers/crypto/index.ts';
import type { ProcessorEmv, ProcessorReply } from './processor.ts';

/**
 * Authorisation response codes (tag 8A, ISO 8583 field 39 as two ASCII characters) the simulated
 * issuer answers a chip with, by phard_code: 00 approved, 54 expired card, 55 incorrect PIN,
 * 01 refer, 04 pick up, 19 re-enter, 91 issuer unavailable, 05 do not honour for every other
 * decline.
 */
const RESPONSE_CODES: Partial<Record<string, string>> = {
  [PhardCode.SUCCESS]: '00',
  [PhardCode.EXPIRED]: '54',
  [PhardCode.BAD_PIN]: '55',
  [PhardCode.CALL]: '01',
  [PhardCode.PICKUP]: '04',
  [PhardCode.RETRY]: '19',
  [PhardCode.TIMEOUT]: '91',
};

/**
 * Amounts (minor units) on which an approval also carries an issuer script (docs/test-cards.md):
 * 7.71 a template 71 script (run before the final GENERATE AC), 7.72 a template 72 script (after
 * it), each a PIN UNBLOCK command with a stand-in MAC.
 */
const SCRIPT_AMOUNTS: Readonly<Record<number, '71' | '72'>> = { 771: '71', 772: '72' };

const tlv = (tag: string, value: Buffer): TlvNode => ({ tag, value });

function script(template: '71' | '72', arpc: Buffer): TlvNode {
  const pinUnblock = Buffer.concat([Buffer.from('8424000008', 'hex'), arpc]);
  return {
    tag: template,
    value: Buffer.alloc(0),
    children: [tlv('9F18', Buffer.from('00000001', 'hex')), tlv('86', pinUnblock)],
  };
}

/**
 * The issuer response data of a reply to a chip read (EMV Book 3 §9.2, Book 2 §8.2): 91 Issuer
 * Authentication Data (an 8-byte ARPC and the 2-byte response code, ARPC method 1), 8A the
 * response code, and on the script amounts a 71 or 72 template. The simulated issuer holds no
 * card keys, so its ARPC is a stand-in: the first 8 bytes of SHA-256 of the cryptogram and the
 * response code. Uppercase hex.
 */
export function issuerResponseData(
  reply: ProcessorReply,
  emv: ProcessorEmv,
  amount: number,
): string {
  const code = RESPONSE_CODES[reply.phardCode] ?? '05';
  const arc = Buffer.from(code, 'latin1');
  const arpc = createHash('sha256')
    .update(Buffer.from(emv.cryptogram, 'hex'))
    .update(arc)
    .digest()
    .subarray(0, 8);
  const nodes = [tlv('91', Buffer.concat([arpc, arc])), tlv('8A', arc)];
  const template = SCRIPT_AMOUNTS[amount];
  if (template !== undefined && code === '00') nodes.push(script(template, arpc));
  return toHex(encodeTlv(nodes));
}
