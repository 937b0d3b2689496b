import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildPinBlock,
  CryptoError,
  decryptPinBlockTdes,
  encryptPinBlockTdes,
  parsePinBlock,
  retailMac,
  tdesCbcDecrypt,
  tdesCbcEncrypt,
  tdesCmac,
  tdesDukptIpek,
  tdesDukptKey,
  tdesDukptKeyFromIpek,
  tdesDukptTransactionKey,
  tdesKsnCounter,
  type TdesKeyUsage,
} from '../../../drivers/crypto/index.ts';
import { caught } from './helpers/caught.ts';

interface KsnVector {
  ksn: string;
  transaction_counter: number;
  transaction_key: string;
  pin_key_variant: string;
  encrypted_pin_block: string;
  mac_request_key_variant: string;
  mac_response_key_variant: string;
  request_mac_x919_first4: string;
  request_mac_x919_full8: string;
  response_mac_x919_first4: string;
  response_mac_x919_full8: string;
  request_cmac_tdes: string;
  response_cmac_tdes: string;
  data_request_key_after_owf: string;
  data_response_key_after_owf: string;
  encrypted_request_data_tdes_cbc_iv0: string;
  encrypted_response_data_tdes_cbc_iv0: string;
}
const vectors = JSON.parse(
  readFileSync(
    new URL('../../fixtures/vectors/tdes_dukpt_x9_24_1_2009.json', import.meta.url),
    'utf8',
  ),
) as {
  inputs: Record<string, string>;
  ipek: string;
  initial_sequence: KsnVector[];
  rollover_sequence: KsnVector[];
};

const hex = (text: string): Buffer => Buffer.from(text, 'hex');
const up = (bytes: Buffer): string => bytes.toString('hex').toUpperCase();
const BDK = hex(vectors.inputs.bdk ?? '');
const IKSN = hex(vectors.inputs.initial_ksn ?? '');
const PIN = vectors.inputs.pin ?? '';
const PAN = vectors.inputs.pan ?? '';
const MESSAGE = Buffer.from(vectors.inputs.mac_and_data_input_ascii ?? '', 'ascii');
const PADDED_MESSAGE = Buffer.concat([MESSAGE, Buffer.alloc(24 - MESSAGE.length)]);

describe('TDES DUKPT initial key (X9.24-1:2009 A.4)', () => {
  it('derives the published IPEK from the BDK and the initial KSN', () => {
    expect(up(tdesDukptIpek(BDK, IKSN))).toBe(vectors.ipek);
  });

  it('takes an 8-byte KSN as the 10-byte KSN without its leading FFFF', () => {
    expect(up(tdesDukptIpek(BDK, IKSN.subarray(2)))).toBe(vectors.ipek);
    const ksn = hex('9876543210E00001');
    expect(up(tdesDukptTransactionKey(BDK, ksn))).toBe(
      vectors.initial_sequence[0]?.transaction_key,
    );
  });
});

const allKsns = [...vectors.initial_sequence, ...vectors.rollover_sequence].map(
  (v) => [v.ksn, v] as const,
);

describe.each(allKsns)('TDES DUKPT vectors for KSN %s', (ksnHex, v) => {
  const ksn = hex(ksnHex);
  const key = (usage: TdesKeyUsage): Buffer => tdesDukptKey(BDK, ksn, usage);

  it('reads the counter and derives the transaction key', () => {
    expect(tdesKsnCounter(ksn)).toBe(v.transaction_counter);
    expect(up(tdesDukptTransactionKey(BDK, ksn))).toBe(v.transaction_key);
    expect(up(tdesDukptKeyFromIpek(hex(vectors.ipek), ksn, 'pin'))).toBe(v.pin_key_variant);
  });

  it('derives the PIN, MAC and data working keys', () => {
    expect(up(key('pin'))).toBe(v.pin_key_variant);
    expect(up(key('mac-request'))).toBe(v.mac_request_key_variant);
    expect(up(key('mac-response'))).toBe(v.mac_response_key_variant);
    expect(up(key('data-request'))).toBe(v.data_request_key_after_owf);
    expect(up(key('data-response'))).toBe(v.data_response_key_after_owf);
  });

  it('encrypts the ISO 0 PIN block and decrypts it back to the PIN', () => {
    const clear = buildPinBlock(0, PIN, PAN);
    expect(up(clear)).toBe(vectors.inputs.clear_pin_block_iso0);
    const encrypted = encryptPinBlockTdes(key('pin'), clear);
    expect(up(encrypted)).toBe(v.encrypted_pin_block);
    expect(parsePinBlock(0, decryptPinBlockTdes(key('pin'), encrypted), PAN)).toBe(PIN);
  });

  it('computes the X9.19 request and response MACs and the TDES-CMACs', () => {
    const request = retailMac(key('mac-request'), MESSAGE);
    const response = retailMac(key('mac-response'), MESSAGE);
    expect(up(request)).toBe(v.request_mac_x919_full8);
    expect(up(request.subarray(0, 4))).toBe(v.request_mac_x919_first4);
    expect(up(response)).toBe(v.response_mac_x919_full8);
    expect(up(response.subarray(0, 4))).toBe(v.response_mac_x919_first4);
    expect(up(tdesCmac(key('mac-request'), MESSAGE))).toBe(v.request_cmac_tdes);
    expect(up(tdesCmac(key('mac-response'), MESSAGE))).toBe(v.response_cmac_tdes);
  });

  it('encrypts request and response data with TDES-CBC and a zero IV, and decrypts them', () => {
    const request = tdesCbcEncrypt(key('data-request'), PADDED_MESSAGE);
    const response = tdesCbcEncrypt(key('data-response'), PADDED_MESSAGE);
    expect(up(request)).toBe(v.encrypted_request_data_tdes_cbc_iv0);
    expect(up(response)).toBe(v.encrypted_response_data_tdes_cbc_iv0);
    expect(tdesCbcDecrypt(key('data-request'), request)).toEqual(PADDED_MESSAGE);
  });
});

describe('TDES DUKPT input rules', () => {
  const rule = (run: () => unknown): string => caught(CryptoError, run).rule;

  it('rejects a counter with more than 10 one-bits and the zero counter', () => {
    expect(rule(() => tdesDukptKey(BDK, hex('FFFF9876543210E007FF'), 'pin'))).toBe(
      'ksn.counter-bits',
    );
    expect(rule(() => tdesDukptKey(BDK, IKSN, 'pin'))).toBe('ksn.counter-zero');
    expect(up(tdesDukptKey(BDK, hex('FFFF9876543210E003FF'), 'pin'))).toHaveLength(32);
  });

  it('names the field of a key or KSN of the wrong length', () => {
    expect(rule(() => tdesDukptKey(BDK.subarray(0, 8), IKSN, 'pin'))).toBe('bdk.length');
    expect(rule(() => tdesDukptKey(BDK, hex('FFFF98765432'), 'pin'))).toBe('ksn.length');
    expect(rule(() => tdesCbcEncrypt(BDK, Buffer.alloc(7)))).toBe('data.blocks');
    expect(rule(() => tdesCbcEncrypt(Buffer.alloc(15), Buffer.alloc(8)))).toBe('key.length');
    expect(rule(() => encryptPinBlockTdes(BDK, Buffer.alloc(16)))).toBe('pinBlock.length');
  });
});
