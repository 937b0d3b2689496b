import { describe, expect, it } from 'vitest';
import { type TlvNode, encodeTlv } from '../../../drivers/crypto/index.ts';
import { emvReadFromTlv } from '../../../drivers/emv/emv-result.ts';

const tlv = (tag: string, hex: string): TlvNode => ({ tag, value: Buffer.from(hex, 'hex') });

/** A contact read's answer as the reader profile gives it, with `extra` tags. */
const chipAnswer = (extra: TlvNode[]): Buffer =>
  encodeTlv([
    tlv('4F', 'A0000000031010'),
    tlv('95', '0000008000'),
    ...extra,
    tlv('9F26', '1A2B3C4D5E6F7081'),
    tlv('9F27', '80'),
    tlv('9F39', '05'),
    tlv('DFEE12', 'FFFF9876543210E00001'),
    tlv('DFEE13', '00112233445566778899AABBCCDDEEFF'),
    { tag: 'DFEE14', value: Buffer.from('411111XXXXXX1111', 'latin1') },
  ]);

describe('EMV answer → what the offline decision reads', () => {
  it("gives the first GENERATE AC's cryptogram type, TVR and the card's IAC-Default (9F0D)", () => {
    const read = emvReadFromTlv(chipAnswer([tlv('9F0D', 'FC50ACA000')]));
    expect(read).toMatchObject({
      kind: 'emv',
      iacDefault: 'FC50ACA000',
      receipt: { cryptogramType: 'ARQC', tvr: '0000008000' },
    });
  });

  it('leaves iacDefault absent when the card gives none (the decision then reads every bit set)', () => {
    const read = emvReadFromTlv(chipAnswer([]));
    expect(read.kind).toBe('emv');
    expect(read).not.toHaveProperty('iacDefault');
  });
});
