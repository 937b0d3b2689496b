import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  brandByCode,
  cardBrands,
  CryptoError,
  detectBrand,
  isExpired,
  lastFour,
  luhnCheckDigit,
  luhnValid,
  maskPan,
  matchingBrands,
  panLengthValid,
  trackExpiryToExpdate,
} from '../../../drivers/crypto/index.ts';

interface TestCard {
  pan: string;
  luhn_valid: boolean;
  brand_best_match: string;
  length_ok_for_brand: boolean;
  other_prefix_matches: string[];
}
const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/vectors/card_bins_luhn.json', import.meta.url), 'utf8'),
) as {
  test_cards: TestCard[];
  luhn: { examples: { partial?: string; check_digit?: string; invalid?: string }[] };
};

/** The fixture names brands as braintree/credit-card-type does; LaneTerm uses the wire codes. */
const WIRE_CODE: Record<string, string> = {
  visa: 'VISA',
  mastercard: 'MC',
  'american-express': 'AMEX',
  discover: 'DISC',
  jcb: 'JCB',
  'diners-club': 'DINERS',
  unionpay: 'CUP',
  maestro: 'MAESTRO',
  mir: 'MIR',
};

describe('Luhn (ISO/IEC 7812-1 Annex B)', () => {
  it.each(fixture.test_cards.map((c) => [c.pan, c.luhn_valid] as const))(
    '%s is valid: %s',
    (pan, valid) => {
      expect(luhnValid(pan)).toBe(valid);
    },
  );

  it('computes the published check digits and rejects the published invalid number', () => {
    for (const example of fixture.luhn.examples) {
      if (example.partial !== undefined) {
        expect(luhnCheckDigit(example.partial)).toBe(example.check_digit);
      } else {
        expect(luhnValid(example.invalid ?? '')).toBe(false);
      }
    }
  });

  it('fails every single-digit change of a valid PAN and non-digit text', () => {
    const pan = '4111111111111111';
    for (let i = 0; i < pan.length; i += 1) {
      const digit = Number(pan[i]);
      const changed = pan.slice(0, i) + String((digit + 1) % 10) + pan.slice(i + 1);
      expect(luhnValid(changed)).toBe(false);
    }
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('4111 1111 1111 1111')).toBe(false);
    expect(luhnValid('41111111111111111111')).toBe(false);
  });

  it('names the field when the partial number is not digits', () => {
    expect(() => luhnCheckDigit('12a4')).toThrowError(
      expect.objectContaining({ field: 'partial', code: 'BAD_INPUT' }),
    );
  });
});

describe('brand detection by longest prefix', () => {
  it.each(fixture.test_cards.map((c) => [c.pan, c] as const))('%s', (pan, card) => {
    const brand = detectBrand(pan);
    expect(brand?.code).toBe(WIRE_CODE[card.brand_best_match]);
    expect(panLengthValid(pan, brand!)).toBe(card.length_ok_for_brand);
    expect(matchingBrands(pan).map((b) => b.code)).toEqual([
      WIRE_CODE[card.brand_best_match],
      ...card.other_prefix_matches.map((name) => WIRE_CODE[name]),
    ]);
  });

  it.each([
    ['2221000000000009', 'MC'],
    ['2720999999999996', 'MC'],
    ['2720990000000000', 'MC'],
    ['2721000000000000', null],
    ['2220990000000000', null],
    ['2200000000000004', 'MIR'],
    ['2204999999999999', 'MIR'],
    ['2205000000000000', null],
    ['4936980000000000', 'MAESTRO'],
    ['5000000000000000', 'MAESTRO'],
    ['5041750000000000', null],
    ['3095000000000000', 'DINERS'],
    ['3528000000000000', 'JCB'],
    ['3527000000000000', null],
    ['6440000000000000', 'DISC'],
    ['6221260000000000', 'CUP'],
    ['8100000000000000', 'CUP'],
    ['6000000000000000', 'MAESTRO'],
    ['1234567890123452', null],
  ])('%s is %s', (pan, code) => {
    expect(detectBrand(pan)?.code ?? null).toBe(code);
  });

  it('detects from a partial BIN and answers null for text that is not digits', () => {
    expect(detectBrand('37')?.name).toBe('American Express');
    expect(detectBrand('4111-1111')).toBeNull();
    expect(detectBrand('')).toBeNull();
  });

  it('carries every wire code once, with its lengths and security code size', () => {
    expect(cardBrands().map((b) => b.code)).toEqual([
      'VISA',
      'MC',
      'AMEX',
      'DISC',
      'JCB',
      'DINERS',
      'CUP',
      'MAESTRO',
      'MIR',
    ]);
    expect(brandByCode('AMEX')).toMatchObject({
      name: 'American Express',
      lengths: [15],
      securityCodeLength: 4,
    });
    expect(brandByCode('CUP')?.luhn).toBe(false);
    expect(brandByCode('NOPE')).toBeUndefined();
  });
});

describe('masking and last four', () => {
  it('keeps only the last four digits', () => {
    expect(maskPan('4111111111111111')).toBe('XXXXXXXXXXXX1111');
    expect(maskPan('378282246310005', '*')).toBe('***********0005');
    expect(lastFour('4012345678909')).toBe('8909');
  });

  it('masks text that is not a PAN whole, and never throws', () => {
    expect(maskPan('4111 1111')).toBe('XXXXXXXXX');
    expect(maskPan('1234')).toBe('XXXX');
    expect(maskPan('')).toBe('');
  });

  it('rejects a malformed PAN in lastFour without echoing it', () => {
    const error = (() => {
      try {
        lastFour('41111x1111111111');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(CryptoError);
    expect((error as CryptoError).rule).toBe('pan.digits');
    expect((error as CryptoError).message).not.toContain('41111');
  });
});

describe('expiry (valid through the last day of the month)', () => {
  it.each([
    ['1225', new Date(2025, 11, 31, 23, 59, 59), false],
    ['1225', new Date(2026, 0, 1, 0, 0, 0), true],
    ['0224', new Date(2024, 1, 29, 12), false],
    ['0224', new Date(2024, 2, 1), true],
    ['0130', new Date(2025, 5, 15), false],
    ['0599', new Date(2099, 4, 31), false],
  ] as const)('%s at %s expired: %s', (expdate, now, expired) => {
    expect(isExpired(expdate, now)).toBe(expired);
  });

  it.each(['1325', '0025', '125', '12/25', 'abcd'])('rejects %s naming expdate', (expdate) => {
    expect(() => isExpired(expdate, new Date())).toThrowError(
      expect.objectContaining({ code: 'BAD_INPUT', field: 'expdate', rule: 'expdate.mmyy' }),
    );
  });

  it('turns a track YYMM into the MMYY expdate', () => {
    expect(trackExpiryToExpdate('2512')).toBe('1225');
    expect(() => trackExpiryToExpdate('2513')).toThrowError(
      expect.objectContaining({ field: 'expiry' }),
    );
  });
});
