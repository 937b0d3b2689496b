import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCardData, luhnCheckDigit, maskCardNumbers } from '../../../drivers/crypto/index.ts';

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

describe('maskCardNumbers on track data', () => {
  it.each([
    [';4111111111111111=25121010000012345?', ';XXXXXXXXXXXX1111=XXXXXXXXXXXXXXXXX?'],
    [
      'swiped %B4111111111111111^TEST CARD/VI^2512101000000000000? by mistake',
      'swiped %XXXXXXXXXXXXX1111^XXXX XXXX/XX^XXXXXXXXXXXXXXXXXXX? by mistake',
    ],
    ['pasted 5454545454545454=3012101 here', 'pasted XXXXXXXXXXXX5454=XXXXXXX here'],
    ['tag 57 5454545454545454D30121010000', 'tag 57 XXXXXXXXXXXX5454XXXXXXXXXXXX'],
  ])('masks the whole track in %j but the last four', (text, masked) => {
    expect(maskCardNumbers(text)).toBe(masked);
  });
});

describe('findCardData', () => {
  it.each([
    ['order 4111-1111-1111-1111', 'pan'],
    ['ref 12345 4111111111111111', 'pan'],
    [';4111111111111111=2512101?', 'track'],
    ['%B4111111111111111^CARD/TEST^2512101?', 'track'],
    ['order 4111111111112', undefined],
    ['1b4e28ba-2fa1-11d2-883f-0016d3cca427', undefined],
    ['4111 1111 1111 1111', 'pan'],
    ['5454545454545454', 'pan'],
    ['371449635398431', 'pan'],
    ['1732665600002', undefined],
    ['90004111111111111111', undefined],
    ['order 99990000411111111111111111', undefined],
  ])('finds %j as %s', (text, kind) => {
    expect(findCardData(text)).toBe(kind);
  });

  it('takes no millisecond timestamp (2001 to 2033) for a card number, though one in ten passes the Luhn check', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000_000_000, max: 1_999_999_999_999 }), (ms) => {
        expect(findCardData(String(ms))).toBeUndefined();
        expect(findCardData(`order-${ms}`)).toBeUndefined();
      }),
      { numRuns: 5000 },
    );
  });

  it('finds a card number of whole groups wherever it stands among other digit groups', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,12}$/), fc.constantFrom(' ', '-'), (other, joint) => {
        expect(findCardData(`${other}${joint}4111111111111111`)).toBe('pan');
        expect(findCardData(`4111111111111111${joint}${other}`)).toBe('pan');
      }),
    );
  });

  it('passes over a UUID, whatever digits it holds, and still finds a card number beside it', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.boolean(), (uuid, upper) => {
        const id = upper ? uuid.toUpperCase() : uuid;
        expect(findCardData(id)).toBeUndefined();
        expect(maskCardNumbers(id)).toBe(id);
        expect(maskCardNumbers(`${id} 4111111111111111`)).toBe(`${id} XXXXXXXXXXXX1111`);
      }),
      { numRuns: 5000 },
    );
  });
});
