import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPinBlock,
  CryptoError,
  decryptPinBlockAes,
  encryptPinBlockAes,
  iso4PanField,
  parsePinBlock,
  type PinBlockFormat,
} from '../../../drivers/crypto/index.ts';
import { caught } from './helpers/caught.ts';

interface PinVector {
  format: string;
  pin: string;
  pan?: string;
  clear_pin_block?: string;
  fill_digits?: string;
  intermediate_pin_block?: string;
  pan_as_printed_by_IBM?: string;
  aes_key?: string;
  random_fill?: string;
  pin_field?: string;
  pan_field?: string;
  decrypted_pin_field?: string;
  encrypted_pin_block?: string;
}
const vectors = (
  JSON.parse(
    readFileSync(
      new URL('../../fixtures/vectors/pin_blocks_iso9564.json', import.meta.url),
      'utf8',
    ),
  ) as { vectors: PinVector[] }
).vectors;

const hex = (text: string): Buffer => Buffer.from(text, 'hex');
const up = (bytes: Buffer): string => bytes.toString('hex').toUpperCase();
const formatOf = (v: PinVector): PinBlockFormat => Number(v.format.slice(-1)) as PinBlockFormat;

describe('ISO 9564-1 published PIN blocks, formats 0 to 3', () => {
  const clearVectors = vectors.filter(
    (v) => v.format !== 'ISO-4' && v.pan_as_printed_by_IBM === undefined,
  );

  it.each(clearVectors.map((v) => [v.format, v.pin.length, v] as const))(
    '%s, %i-digit PIN',
    (_f, _l, v) => {
      const format = formatOf(v);
      const block = hex(v.clear_pin_block ?? '');
      expect(parsePinBlock(format, block, v.pan)).toBe(v.pin);
      if (format === 0 || format === 2) {
        expect(up(buildPinBlock(format, v.pin, v.pan))).toBe(v.clear_pin_block);
      }
    },
  );

  it('builds the IBM format 1 example from its fill digits', () => {
    const v = vectors.find((x) => x.format === 'ISO-1');
    const fill = (v?.fill_digits ?? '').slice(0, 8);
    expect(up(buildPinBlock(1, v?.pin ?? '', undefined, { fill }))).toBe(v?.clear_pin_block);
  });

  it('builds the IBM format 3 example, whose PAN block omits a check digit', () => {
    const v = vectors.find((x) => x.pan_as_printed_by_IBM !== undefined);
    const fill = (v?.intermediate_pin_block ?? '').slice(8);
    const panWithCheckDigit = `${v?.pan_as_printed_by_IBM ?? ''}0`;
    const block = buildPinBlock(3, v?.pin ?? '', panWithCheckDigit, { fill });
    expect(up(block)).toBe(v?.clear_pin_block);
    expect(up(buildPinBlock(3, '123456', '111222333444555', { fill }))).toBe('361226749C8A8989');
  });

  it('rebuilds the psec format 3 blocks, whose fill digits are all F', () => {
    for (const v of vectors.filter((x) => x.format === 'ISO-3' && x.pan === '5555555551234567')) {
      const fill = 'F'.repeat(14 - v.pin.length);
      expect(up(buildPinBlock(3, v.pin, v.pan, { fill }))).toBe(v.clear_pin_block);
    }
  });
});

describe('ISO 9564-1 format 4 (AES)', () => {
  const aesVectors = vectors.filter(
    (v) => v.format === 'ISO-4' && /^[0-9A-F]{32}$/.test(v.aes_key ?? ''),
  );

  it.each(aesVectors.map((v) => [v.aes_key, v.pan, v] as const))('key %s, PAN %s', (_k, _p, v) => {
    const key = hex(v.aes_key ?? '');
    const pan = v.pan ?? '';
    const encrypted = hex(v.encrypted_pin_block ?? '');
    expect(up(iso4PanField(pan))).toBe(v.pan_field);
    const pinField = decryptPinBlockAes(key, encrypted, pan);
    expect(up(pinField)).toBe(v.pin_field ?? v.decrypted_pin_field);
    expect(parsePinBlock(4, pinField)).toBe(v.pin);
    expect(up(encryptPinBlockAes(key, pinField, pan))).toBe(v.encrypted_pin_block);
    if (v.random_fill !== undefined) {
      expect(up(buildPinBlock(4, v.pin, pan, { fill: v.random_fill }))).toBe(v.pin_field);
    }
  });

  it('builds the X9.24-3 supplement PIN field and PAN field', () => {
    const v = vectors.find((x) => x.format === 'ISO-4' && x.random_fill === '2F69ADDE2E9E7ACE');
    expect(up(buildPinBlock(4, v?.pin ?? '', undefined, { fill: v?.random_fill ?? '' }))).toBe(
      v?.pin_field,
    );
    expect(up(iso4PanField(v?.pan ?? ''))).toBe(v?.pan_field);
  });

  it('fails to recover the PIN under the wrong PAN', () => {
    const key = hex('00112233445566778899AABBCCDDEEFF');
    const block = encryptPinBlockAes(key, buildPinBlock(4, '1234'), '4111111111111111');
    expect(() => parsePinBlock(4, decryptPinBlockAes(key, block, '4111111111111112'))).toThrowError(
      CryptoError,
    );
  });
});

describe('PIN block round trips (property)', () => {
  const pin = fc.stringMatching(/^[0-9]{4,12}$/);
  const pan = fc.stringMatching(/^[0-9]{8,19}$/);
  const format = fc.constantFrom<PinBlockFormat>(0, 1, 2, 3, 4);

  it('parse(build(pin)) is the PIN for every format, with random fill', () => {
    fc.assert(
      fc.property(format, pin, pan, (f, p, a) => {
        expect(parsePinBlock(f, buildPinBlock(f, p, a), a)).toBe(p);
      }),
    );
  });

  it('format 4 encipher → decipher recovers the PIN', () => {
    fc.assert(
      fc.property(pin, pan, fc.uint8Array({ minLength: 16, maxLength: 16 }), (p, a, k) => {
        const key = Buffer.from(k);
        const block = encryptPinBlockAes(key, buildPinBlock(4, p), a);
        expect(parsePinBlock(4, decryptPinBlockAes(key, block, a))).toBe(p);
      }),
      { numRuns: 50 },
    );
  });

  it('fills formats 1, 3 and 4 from crypto random: two blocks differ', () => {
    for (const f of [1, 3, 4] as const) {
      expect(buildPinBlock(f, '1234', '4111111111111111')).not.toEqual(
        buildPinBlock(f, '1234', '4111111111111111'),
      );
    }
    expect(buildPinBlock(3, '1234', '4111111111111111').toString('hex')).toMatch(/^[0-9a-f]+$/);
  });
});

describe('PIN block rules', () => {
  const failure = (run: () => unknown): CryptoError => caught(CryptoError, run);

  it.each([
    [() => buildPinBlock(0, '123', '4111111111111111'), 'pin.digits'],
    [() => buildPinBlock(0, '1234567890123', '4111111111111111'), 'pin.digits'],
    [() => buildPinBlock(0, '12a4', '4111111111111111'), 'pin.digits'],
    [() => buildPinBlock(0, '1234'), 'pan.required'],
    [() => buildPinBlock(3, '1234', '41111'), 'pan.digits'],
    [() => buildPinBlock(3, '1234', '4111111111111111', { fill: '0123456789' }), 'fill.digits'],
    [() => buildPinBlock(1, '1234', undefined, { fill: 'ABC' }), 'fill.digits'],
    [() => parsePinBlock(0, Buffer.alloc(16), '4111111111111111'), 'pinBlock.length'],
    [() => parsePinBlock(2, hex('041234FFFFFFFFFF')), 'pinBlock.format'],
    [() => parsePinBlock(2, hex('231234FFFFFFFFFF')), 'pinBlock.pin-length'],
    [() => parsePinBlock(2, hex('2D1234FFFFFFFFFF')), 'pinBlock.pin-length'],
    [() => parsePinBlock(2, hex('2412A4FFFFFFFFFF')), 'pinBlock.pin-digits'],
    [() => parsePinBlock(2, hex('241234FFFFFFFFFE')), 'pinBlock.fill'],
    [() => parsePinBlock(3, hex('341234FFFFFFFFF0'), '4000000000000000'), 'pinBlock.fill'],
    [() => parsePinBlock(4, hex('441234AAAAAAAAAB0000000000000000')), 'pinBlock.fill'],
  ])('%#: %s', (run, rule) => {
    const error = failure(run);
    expect(error.rule).toBe(rule);
    expect(error.message).not.toMatch(/1234|4111/);
  });

  it('marks a block that breaks its format MALFORMED and a wrong argument BAD_INPUT', () => {
    expect(failure(() => parsePinBlock(2, hex('041234FFFFFFFFFF'))).code).toBe('MALFORMED');
    expect(failure(() => buildPinBlock(0, '12', '4111111111111111')).code).toBe('BAD_INPUT');
  });
});
