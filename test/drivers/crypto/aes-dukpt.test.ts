import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  aesCbcDecrypt,
  aesCbcEncrypt,
  aesCmac,
  aesEcb,
  aesDukptInitialKey,
  aesDukptKey,
  aesDukptTransactionKey,
  buildPinBlock,
  CryptoError,
  decryptPinBlockAes,
  encryptPinBlockAes,
  parsePinBlock,
  type AesDukptKeyType,
  type AesKeyUsage,
} from '../../../drivers/crypto/index.ts';
import { caught } from './helpers/caught.ts';

interface Row {
  ksn: string;
  transaction_derivation_key: string;
  [key: string]: string | number;
}
interface Setup {
  bdk: string;
  initial_key_id: string;
  initial_key: string;
  pan?: string;
  pin?: string;
  first_eight: Row[];
  other_counters: Row[];
  request_response_working_data_moov?: { data_ascii: string; rows: Row[] };
}
const vectors = JSON.parse(
  readFileSync(
    new URL('../../fixtures/vectors/aes_dukpt_x9_24_3_2017.json', import.meta.url),
    'utf8',
  ),
) as { aes128: Setup; aes256: Setup };

const hex = (text: string): Buffer => Buffer.from(text, 'hex');
const up = (bytes: Buffer): string => bytes.toString('hex').toUpperCase();
const ISO4_FILL = '2F69ADDE2E9E7ACE';

describe.each(['aes128', 'aes256'] as const)('AES DUKPT supplement vectors, %s BDK', (size) => {
  const setup = vectors[size];
  const bdk = hex(setup.bdk);

  it('derives the initial key from the BDK and the initial key ID', () => {
    expect(up(aesDukptInitialKey(bdk, hex(setup.initial_key_id)))).toBe(setup.initial_key);
    expect(up(aesDukptInitialKey(bdk, hex(`${setup.initial_key_id}00000001`)))).toBe(
      setup.initial_key,
    );
  });

  it.each([...setup.first_eight, ...setup.other_counters].map((r) => [r.ksn, r] as const))(
    'derives the transaction key for KSN %s',
    (ksn, row) => {
      expect(up(aesDukptTransactionKey(bdk, hex(ksn)))).toBe(row.transaction_derivation_key);
    },
  );

  const columns: [string, AesKeyUsage, AesDukptKeyType][] = [
    ['pin_key_aes128', 'pin', 'aes128'],
    ['pin_key_aes256', 'pin', 'aes256'],
    ['mac_generation_key_aes128', 'mac-generate', 'aes128'],
    ['mac_generation_key_aes256', 'mac-generate', 'aes256'],
    ['data_encryption_key_aes128', 'data-encrypt', 'aes128'],
    ['data_encryption_key_aes256', 'data-encrypt', 'aes256'],
  ];

  it.each(setup.first_eight.map((r) => [r.ksn, r] as const))(
    'derives the working keys for KSN %s',
    (ksn, row) => {
      let checked = 0;
      for (const [column, usage, type] of columns) {
        if (row[column] !== undefined) {
          expect(up(aesDukptKey(bdk, hex(ksn), usage, type))).toBe(row[column]);
          checked += 1;
        }
      }
      expect(checked).toBe(size === 'aes128' ? 3 : 6);
    },
  );
});

describe('AES-128 PIN blocks and request/response data', () => {
  const setup = vectors.aes128;
  const bdk = hex(setup.bdk);
  const pan = setup.pan ?? '';
  const pin = setup.pin ?? '';

  it.each(setup.first_eight.map((r) => [r.ksn, r] as const))(
    'enciphers the ISO 4 PIN block for KSN %s',
    (ksn, row) => {
      const pinKey = aesDukptKey(bdk, hex(ksn), 'pin');
      const pinField = buildPinBlock(4, pin, pan, { fill: ISO4_FILL });
      const encrypted = encryptPinBlockAes(pinKey, pinField, pan);
      expect(up(encrypted)).toBe(row.encrypted_pin_block_iso4);
      expect(parsePinBlock(4, decryptPinBlockAes(pinKey, encrypted, pan))).toBe(pin);
    },
  );

  const moov = setup.request_response_working_data_moov;
  const message = Buffer.from(moov?.data_ascii ?? '', 'ascii');
  const padded = Buffer.concat([message, Buffer.alloc(32 - message.length)]);

  it.each((moov?.rows ?? []).map((r) => [r.ksn, r] as const))(
    'MACs and data for KSN %s',
    (ksnHex, row) => {
      const ksn = hex(ksnHex);
      const key = (usage: AesKeyUsage, type?: AesDukptKeyType): Buffer =>
        aesDukptKey(bdk, ksn, usage, type);
      expect(up(key('mac-verify'))).toBe(row.mac_verification_key_aes128);
      expect(up(key('data-decrypt'))).toBe(row.data_decryption_key_aes128);
      expect(up(key('mac-generate', 'hmac128'))).toBe(row.hmac128_generation_key);
      expect(up(aesCmac(key('mac-generate'), message))).toBe(row.cmac_request);
      expect(up(aesCmac(key('mac-verify'), message))).toBe(row.cmac_response);
      const hmac = (k: Buffer): string =>
        createHmac('sha256', k).update(message).digest('hex').toUpperCase();
      expect(hmac(key('mac-generate', 'hmac128'))).toBe(row.hmac_sha256_request);
      expect(hmac(key('mac-verify', 'hmac128'))).toBe(row.hmac_sha256_response);
      const request = aesCbcEncrypt(key('data-encrypt'), padded);
      expect(up(request)).toBe(row.data_request_aes128_cbc_iv0);
      expect(up(aesCbcEncrypt(key('data-decrypt'), padded))).toBe(row.data_response_aes128_cbc_iv0);
      expect(aesCbcDecrypt(key('data-encrypt'), request)).toEqual(padded);
    },
  );
});

describe("AES DUKPT derivation data (X9.24-3:2017 §6.3, the supplement's examples)", () => {
  const { examples } = (
    JSON.parse(
      readFileSync(
        new URL('../../fixtures/vectors/aes_dukpt_x9_24_3_2017.json', import.meta.url),
        'utf8',
      ),
    ) as { derivation_data_layout: { examples: Record<string, string> } }
  ).derivation_data_layout;
  const { aes128, aes256 } = vectors;
  const first = aes128.first_eight[0]!;
  const ecb = (key: string, block: string | undefined): string =>
    up(aesEcb(hex(key), hex(block ?? '')));

  it('gives the initial key, the counter 1 key and its PIN key under AES-ECB', () => {
    expect(ecb(aes128.bdk, examples.initial_key_aes128)).toBe(aes128.initial_key);
    expect(ecb(aes128.initial_key, examples.intermediate_key_tc1_aes128)).toBe(
      first.transaction_derivation_key,
    );
    expect(ecb(first.transaction_derivation_key, examples.pin_key_aes128_tc1)).toBe(
      first.pin_key_aes128,
    );
  });

  it('gives the AES-256 initial key from two blocks, key block counters 1 and 2', () => {
    expect(
      ecb(aes256.bdk, examples.initial_key_aes256_block1) +
        ecb(aes256.bdk, examples.initial_key_aes256_block2),
    ).toBe(aes256.initial_key);
  });
});

describe('AES DUKPT input rules', () => {
  const bdk128 = hex(vectors.aes128.bdk);
  const rule = (run: () => unknown): string => caught(CryptoError, run).rule;

  it('rejects counter 0x1FFFF (17 one-bits) and counter 0', () => {
    expect(rule(() => aesDukptTransactionKey(bdk128, hex('12345678901234560001FFFF')))).toBe(
      'ksn.counter-bits',
    );
    expect(rule(() => aesDukptKey(bdk128, hex('123456789012345600000000'), 'pin'))).toBe(
      'ksn.counter-zero',
    );
  });

  it('refuses a working key stronger than its derivation key', () => {
    const ksn = hex('123456789012345600000001');
    expect(rule(() => aesDukptKey(bdk128, ksn, 'pin', 'aes256'))).toBe('keyType.strength');
    expect(rule(() => aesDukptKey(bdk128, ksn, 'mac-both', 'hmac256'))).toBe('keyType.strength');
    expect(aesDukptKey(bdk128, ksn, 'data-both', '3tdea')).toHaveLength(24);
    expect(aesDukptKey(bdk128, ksn, 'pin', '2tdea')).toHaveLength(16);
  });

  it('names the field of a key or KSN of the wrong length', () => {
    expect(rule(() => aesDukptInitialKey(bdk128.subarray(0, 8), hex('1234567890123456')))).toBe(
      'bdk.length',
    );
    expect(rule(() => aesDukptInitialKey(bdk128, hex('12345678')))).toBe('initialKeyId.length');
    expect(rule(() => aesDukptTransactionKey(bdk128, hex('1234567890123456')))).toBe('ksn.length');
  });
});
