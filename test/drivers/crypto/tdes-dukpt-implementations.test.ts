// Known answers that public TDES DUKPT implementations publish beside the X9.24 ones, under the
// X9.24 test BDK (Shopify/dukpt, test/decrypter_test.rb and test/encryption_test.rb): PIN blocks
// of other key serial numbers, one for a 19-digit PAN whose EMV form carries an F pad, and the
// data key and plaintext of an EMV data block.
import { describe, expect, it } from 'vitest';
import {
  decodeTlv,
  decryptPinBlockTdes,
  emvCardTags,
  parseHex,
  parsePinBlock,
  tdesDukptKey,
} from '../../../drivers/crypto/index.ts';
import { TEST_BDK } from '../../../drivers/sim/simulated-keys.ts';

const bdk = parseHex('bdk', TEST_BDK);
const up = (bytes: Buffer): string => bytes.toString('hex').toUpperCase();

describe('TDES DUKPT PIN blocks published by Shopify/dukpt', () => {
  it.each([
    ['F8765432108D12400014', '129C4FC2537BB63E', '5413330089601109'],
    ['F8765432108D12400011', '8C3169A2ABC1632F', '6799998900000060919F'],
  ])('KSN %s, block %s, PAN %s: PIN 4315', (ksn, block, pan) => {
    const key = tdesDukptKey(bdk, parseHex('ksn', ksn), 'pin');
    const clear = decryptPinBlockTdes(key, parseHex('pin', block));
    // The EMV form of an odd-length PAN ends in an F pad, which is no digit of the PAN block.
    expect(parsePinBlock(0, clear, pan.replace(/F$/, ''))).toBe('4315');
    expect(() => parsePinBlock(0, clear, '5413330089601117')).toThrow();
  });
});

describe('TDES DUKPT EMV data block published by Shopify/dukpt', () => {
  it('derives the data key with the one-way step and reads the card data of its plaintext', () => {
    const key = tdesDukptKey(bdk, parseHex('ksn', 'FFFF01040DA058E00001'), 'data-request');
    expect(up(key)).toBe('2BF65D2366F0D6191AB1F1BE1DD5CE13');
    const plain = parseHex(
      'data',
      '5A0847617390010100105711' + '4761739001010010D15122011143878089',
    );
    const tags = emvCardTags(decodeTlv(plain));
    expect(tags.pan).toBe('4761739001010010');
    expect(tags.track2).toMatchObject({
      pan: '4761739001010010',
      expiry: '1512',
      serviceCode: '201',
    });
  });
});
