import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnCheckDigit, maskCardNumbers } from '../../../drivers/crypto/index.ts';

describe('maskCardNumbers', () => {
  it.each([
    ['card 4111111111111111 declined', 'card XXXXXXXXXXXX1111 declined'],
    ['4111 1111 1111 1111', 'XXXX XXXX XXXX 1111'],
    ['amex 3714-496353-98431 ok', 'amex XXXX-XXXXXX-X8431 ok'],
    ['bogus_4111111111111111', 'bogus_XXXXXXXXXXXX1111'],
    ['two: 5454545454545454, 371449635398431', 'two: XXXXXXXXXXXX5454, XXXXXXXXXXX8431'],
  ])('masks the card numbers in %j', (text, masked) => {
    expect(maskCardNumbers(text)).toBe(masked);
  });

  it('finds a card number glued to other digits', () => {
    const masked = maskCardNumbers('ref 12345 4111111111111111');
    expect(masked).not.toContain('4111111111111111');
    expect(masked.endsWith('1111')).toBe(true);
  });

  it.each([
    ['a 13-digit number failing the Luhn check', 'order 4111111111112'],
    ['12 digits', 'lane 411111111111'],
    ['digits split by two spaces', '4111  1111  1111  1111'],
    ['prose and amounts', 'paid 12.00 of 40.00 at lane 4, clerk 17'],
  ])('leaves %s alone', (_label, text) => {
    expect(maskCardNumbers(text)).toBe(text);
  });

  it('never leaves a valid card number of 13 to 19 digits in the clear, wherever it stands', () => {
    const digits = (min: number, max: number): fc.Arbitrary<string> =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
    const pan = digits(12, 18).map((partial) => partial + luhnCheckDigit(partial));
    fc.assert(
      fc.property(fc.string(), pan, fc.string(), (before, number, after) => {
        expect(maskCardNumbers(before + number + after)).not.toContain(number);
      }),
    );
  });
});
