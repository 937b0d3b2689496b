import { describe, expect, it } from 'vitest';
import { type TlvNode, decodeTlv, encodeTlv } from '../../../drivers/crypto/index.ts';
import {
  emvCompletionFromTlv,
  hostResponseData,
  iccWithFinalData,
} from '../../../drivers/emv/emv-completion.ts';
import { secondGenerateAc } from '../../../drivers/sim/emv-card-completion.ts';
import { NO_FAULT, chipOnline } from '../sim/helpers/chip-online.ts';

const tlv = (tag: string, hex: string): TlvNode => ({ tag, value: Buffer.from(hex, 'hex') });

const FIRST_ANSWER = [
  tlv('4F', 'A0000000031010'),
  tlv('50', Buffer.from('VISA CREDIT').toString('hex')),
  tlv('95', '0000008000'),
  tlv('9F26', '1A2B3C4D5E6F7081'),
  tlv('9F27', '80'),
  tlv('9F34', '420300'),
];

describe('host response data (60-12)', () => {
  it('passes the issuer data through unchanged, and gives 8A Z3 when no answer came', () => {
    const issuer = '910A112233445566778830308A023030';
    expect(hostResponseData(issuer).toString('hex').toUpperCase()).toBe(issuer);
    expect(hostResponseData(undefined).toString('hex').toUpperCase()).toBe('8A025A33');
  });

  it("gives the terminal's own 8A when it could not go online: Y3 approves, Z3 declines", () => {
    expect(hostResponseData({ arc: 'Y3' }).toString('hex').toUpperCase()).toBe('8A025933');
    expect(hostResponseData({ arc: 'Z3' }).toString('hex').toUpperCase()).toBe('8A025A33');
  });

  it.each([
    ['odd hex', '8A0'],
    ['truncated TLV', '8A0230'],
    ['no 8A', '910A11223344556677883030'],
  ])('refuses %s naming issuerData', (_what, data) => {
    expect(() => hostResponseData(data)).toThrow(
      expect.objectContaining({ code: 'BAD_INPUT', field: 'issuerData' }),
    );
  });
});

describe('the final data of the simulated card, read as the lane reads it', () => {
  it('repeats the receipt tags, with TC on 00 and AAC when the card declines or the host did', () => {
    const { pending, hostData } = chipOnline('visa', 1500);
    const approved = emvCompletionFromTlv(secondGenerateAc(pending(), hostData('00'), NO_FAULT));
    expect(approved).toMatchObject({
      cryptogramType: 'TC',
      receipt: { aid: 'A0000000031010', tvr: '0000008000', cvmResults: '420300', tsi: 'F800' },
    });
    expect(approved.receipt.cryptogram).toMatch(/^[0-9A-F]{16}$/);
    const refused = secondGenerateAc(pending(), hostData('05'), NO_FAULT);
    expect(emvCompletionFromTlv(refused).cryptogramType).toBe('AAC');
    const cardDeclines = secondGenerateAc(pending(), hostData('00'), {
      ...NO_FAULT,
      cardDeclines: true,
    });
    expect(emvCompletionFromTlv(cardDeclines).cryptogramType).toBe('AAC');
    expect(decodeTlv(cardDeclines).map((node) => node.tag)).not.toContain('9F5B');
  });

  it('answers TC to 8A Y3 (offline approved) and AAC to Z3, unless the card declines on its own', () => {
    const { pending } = chipOnline('visa', 1500);
    const y3 = emvCompletionFromTlv(
      secondGenerateAc(pending(), hostResponseData({ arc: 'Y3' }), NO_FAULT),
    );
    expect(y3.cryptogramType).toBe('TC');
    expect(
      decodeTlv(Buffer.from(y3.icc, 'hex'))
        .find((node) => node.tag === '8A')
        ?.value.toString(),
    ).toBe('Y3');
    const z3 = secondGenerateAc(pending(), hostResponseData({ arc: 'Z3' }), NO_FAULT);
    expect(emvCompletionFromTlv(z3).cryptogramType).toBe('AAC');
    const declines = secondGenerateAc(pending(), hostResponseData({ arc: 'Y3' }), {
      ...NO_FAULT,
      cardDeclines: true,
    });
    expect(emvCompletionFromTlv(declines).cryptogramType).toBe('AAC');
  });

  it('refuses final data that is no TC or AAC, or carries a card number in the clear', () => {
    const arqc = encodeTlv([...FIRST_ANSWER]);
    expect(() => emvCompletionFromTlv(arqc)).toThrow(
      expect.objectContaining({ code: 'PROTOCOL', field: '9F27' }),
    );
    const clear = encodeTlv([tlv('5A', '4111111111111111'), tlv('9F26', '00'), tlv('9F27', '40')]);
    expect(() => emvCompletionFromTlv(clear)).toThrow(
      expect.objectContaining({ code: 'PROTOCOL', field: '5A' }),
    );
  });
});

describe("a chip read's icc with the card's final data (forwarding an offline approval)", () => {
  it('replaces each final tag where it stands, adds the new ones, keeps the rest', () => {
    const first = encodeTlv([...FIRST_ANSWER, tlv('DFEE13', 'CAFE')]).toString('hex');
    const final = encodeTlv([
      tlv('95', '0000008040'),
      tlv('9F26', '0102030405060708'),
      tlv('9F27', '40'),
      tlv('8A', '5933'),
    ]).toString('hex');
    const merged = decodeTlv(Buffer.from(iccWithFinalData(first, final), 'hex'));
    expect(merged.map((node) => [node.tag, node.value.toString('hex').toUpperCase()])).toEqual([
      ['4F', 'A0000000031010'],
      ['50', Buffer.from('VISA CREDIT').toString('hex').toUpperCase()],
      ['95', '0000008040'],
      ['9F26', '0102030405060708'],
      ['9F27', '40'],
      ['9F34', '420300'],
      ['DFEE13', 'CAFE'],
      ['8A', '5933'],
    ]);
  });

  it('names the field that is not hex', () => {
    expect(() => iccWithFinalData('9F270140', 'zz')).toThrow(/finalIcc/);
  });
});
