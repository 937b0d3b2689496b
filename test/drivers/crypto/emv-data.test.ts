import { describe, expect, it } from 'vitest';
import {
  CryptoError,
  cryptogramTypeOf,
  decodeTlv,
  emvCardTags,
  emvReceiptTags,
  encodeTlv,
  parseHex,
  profileCardNodes,
  tdesCbcDecrypt,
  tdesCbcEncrypt,
  tdesDukptKey,
  zeroPad,
  type TlvNode,
} from '../../../drivers/crypto/index.ts';
import { TEST_BDK } from '../../../drivers/sim/simulated-keys.ts';
import { caught } from './helpers/caught.ts';

const node = (tag: string, hex: string): TlvNode => ({ tag, value: Buffer.from(hex, 'hex') });
const bdk = parseHex('bdk', TEST_BDK);

describe('cryptogramTypeOf (9F27 bits 8–7)', () => {
  it.each([
    [0x80, 'ARQC'],
    [0x40, 'TC'],
    [0x00, 'AAC'],
    [0xc0, 'AAC'],
    [0x88, 'ARQC'],
  ] as const)('%i is %s', (cid, type) => {
    expect(cryptogramTypeOf(cid)).toBe(type);
  });
});

describe('emvReceiptTags', () => {
  it('reads the receipt tags, 84 when there is no 4F and 9F12 when there is no 50', () => {
    const nodes = decodeTlv(
      encodeTlv([
        node('84', 'A0000000041010'),
        node('9F12', Buffer.from('MASTERCARD', 'latin1').toString('hex')),
        node('95', '0000008000'),
        node('9B', 'E800'),
        node('9F26', '1A2B3C4D5E6F7081'),
        node('9F27', '40'),
        node('9F34', '1F0302'),
        node('9F10', '0102'),
        node('9F6E', '20700000'),
      ]),
    );
    expect(emvReceiptTags(nodes)).toEqual({
      aid: 'A0000000041010',
      applicationLabel: 'MASTERCARD',
      tvr: '0000008000',
      tsi: 'E800',
      cryptogram: '1A2B3C4D5E6F7081',
      cryptogramType: 'TC',
      cvmResults: '1F0302',
      iad: '0102',
      formFactor: '20700000',
    });
  });
});

describe('emvCardTags', () => {
  it('reads 5A without its F padding, 57 as track 2, 5F24 as YYMM and 5F20 trimmed', () => {
    const tags = emvCardTags([
      node('5A', '4012345678909F'),
      node('57', '4012345678909D3012201000F'),
      node('5F24', '301231'),
      node('5F20', Buffer.from('DOE/JANE   ', 'latin1').toString('hex')),
    ]);
    expect(tags).toEqual({
      pan: '4012345678909',
      track2: { pan: '4012345678909', expiry: '3012', serviceCode: '201', discretionary: '000' },
      expiry: '3012',
      name: 'DOE/JANE',
    });
  });

  it('refuses a 5A or 5F24 that breaks its format, naming the tag only', () => {
    expect(caught(CryptoError, () => emvCardTags([node('5A', '41ABCD')])).rule).toBe('emv.pan');
    expect(caught(CryptoError, () => emvCardTags([node('5F24', '301331')])).field).toBe('5F24');
  });
});

describe('profileCardNodes (DFEE13 under the KSN in DFEE12)', () => {
  const ksn = parseHex('ksn', 'FFFF9876543210E00004');
  const key = tdesDukptKey(bdk, ksn, 'data-request');
  const secret = encodeTlv([node('5A', '4111111111111111'), node('5F24', '301231')]);
  const profile = [
    node('DFEE12', ksn.toString('hex')),
    { tag: 'DFEE13', value: tdesCbcEncrypt(key, zeroPad(secret, 8)) },
  ];
  const decrypt = (k: Buffer) => (_ksn: Buffer, data: Buffer) => tdesCbcDecrypt(k, data);

  it('decrypts the card tags with the key of its KSN', () => {
    const seen: string[] = [];
    const nodes = profileCardNodes(profile, (given, data) => {
      seen.push(given.toString('hex').toUpperCase());
      return tdesCbcDecrypt(key, data);
    });
    expect(seen).toEqual(['FFFF9876543210E00004']);
    expect(emvCardTags(nodes ?? []).pan).toBe('4111111111111111');
    expect(profileCardNodes([node('9F26', '00')], decrypt(key))).toBeUndefined();
  });

  it('says a wrong key is a wrong key, and refuses DFEE13 without its KSN', () => {
    const wrong = tdesDukptKey(
      parseHex('bdk', 'FEDCBA9876543210F1F1F1F1F1F1F1F1'),
      ksn,
      'data-request',
    );
    const error = caught(CryptoError, () => profileCardNodes(profile, decrypt(wrong)));
    expect([error.field, error.rule]).toEqual(['DFEE13', 'emv.decrypt']);
    const noKsn = caught(CryptoError, () => profileCardNodes(profile.slice(1), decrypt(key)));
    expect(noKsn.code).toBe('KEY_EXHAUSTED');
  });
});
