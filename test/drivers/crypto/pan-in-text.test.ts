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
    ['0000 0000 00000 (Luhn-valid, no brand)', 'XXXX XXXX X0000 (Luhn-valid, no brand)'],
    ['tel 32606\n4111.1111.1111.1111 ok', 'tel 32606\nXXXX.XXXX.XXXX.1111 ok'],
    ['４１１１ １１１１ １１１１ １１１１', 'XXXX XXXX XXXX 1111'],
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
    ['prose and amounts', 'paid 12.00 of 40.00 at lane 4, clerk 17'],
    ['a Luhn-valid number of no brand, split by two spaces', '9111  1111  1111  1110'],
    ['a date, a time and an amount', 'on 30.01.2024 at 12:30:45 paid 1,234.56'],
    ['an address and a phone number', 'host 192.168.100.200, call +1 (352) 555-1234'],
    ['text with compatibility characters', 'Acme™ ﬁne café ½ lane ４'],
    ['a Luhn-valid number of no brand, split by dots', '0000.0000.00000'],
    ['a receipt heading', 'FL 32606\n  (352) 555-0100\n  2026-11-29 02:26:10 +0000\nAUTH 607529'],
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

/** Card numbers of the test cards, each with a brand's prefix and a passing Luhn check. */
const BRANDED = [
  '4111111111111111',
  '5454545454545454',
  '371449635398431',
  '6011000990139424',
  '3566002020140006',
  '36227206271667',
  '2223000048400011',
  '4012345678909',
];

describe('maskCardNumbers on card numbers spelled other ways', () => {
  it.each([
    ['4111.1111.1111.1111', 'XXXX.XXXX.XXXX.1111'],
    ['4111/1111/1111/1111', 'XXXX/XXXX/XXXX/1111'],
    ['4111_1111_1111_1111', 'XXXX_XXXX_XXXX_1111'],
    ['4111,1111,1111,1111', 'XXXX,XXXX,XXXX,1111'],
    ['4111  1111  1111  1111', 'XXXX  XXXX  XXXX  1111'],
    ['4111 - 1111 - 1111 - 1111', 'XXXX - XXXX - XXXX - 1111'],
    ['4111\u00a01111\u00a01111\u00a01111', 'XXXX XXXX XXXX 1111'],
    ['4111\u202f1111\u30001111\t1111', 'XXXX XXXX XXXX\t1111'],
    ['card: 4111 ./ 1111 -_ 1111,\n1111!', 'card: XXXX ./ XXXX -_ XXXX,\n1111!'],
    ['５４５４５４５４５４５４５４５４', 'XXXXXXXXXXXX5454'],
    ['٥٤٥٤ ٥٤٥٤ ٥٤٥٤ ٥٤٥٤', 'XXXX XXXX XXXX 5454'],
    ['𝟑𝟕𝟏𝟒-𝟒𝟗𝟔𝟑𝟓𝟑-𝟗𝟖𝟒𝟑𝟏 on file', 'XXXX-XXXXXX-X8431 on file'],
  ])('masks %j', (text, masked) => {
    expect(maskCardNumbers(text)).toBe(masked);
    expect(findCardData(text)).toBe('pan');
  });

  it('masks every branded card number whatever separators group it, wherever it stands', () => {
    const separator = fc.string({
      unit: fc.constantFrom(...' \u00a0\u2007\u202f\u3000\t\n./_,-·:;|#*()+'),
      minLength: 1,
      maxLength: 4,
    });
    const spelled = fc
      .tuple(fc.constantFrom(...BRANDED), fc.array(separator, { minLength: 18, maxLength: 18 }))
      .chain(([pan, joints]) =>
        fc.subarray([...Array(pan.length - 1).keys()].map((k) => k + 1)).map((cuts) => ({
          pan,
          text: [...pan].map((digit, k) => (cuts.includes(k) ? joints[k] : '') + digit).join(''),
        })),
      );
    const fullwidth = (text: string) =>
      text.replace(/[0-9]/g, (digit) => String.fromCharCode(0xff10 + Number(digit)));
    fc.assert(
      fc.property(
        fc.string(),
        separator,
        spelled,
        separator,
        fc.string(),
        fc.boolean(),
        (before, open, { pan, text }, close, after, wide) => {
          const written = `${before}${open}${wide ? fullwidth(text) : text}${close}${after}`;
          const masked = maskCardNumbers(written);
          const digitsLeft = masked.normalize('NFKC').replace(/[^0-9]/g, '');
          expect(digitsLeft).not.toContain(pan);
          expect(findCardData(`${open}${text}${close}`)).toBe('pan');
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('returns text without digits as it came, compatibility characters and all', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        fc.pre(!/\p{N}/u.test(text));
        expect(maskCardNumbers(text)).toBe(text);
      }),
    );
  });

  it('returns ASCII text of at most 11 digits as it came, and finds no card data in it', () => {
    const ascii = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode),
    });
    fc.assert(
      fc.property(ascii, (text) => {
        fc.pre((text.match(/[0-9]/g) ?? []).length <= 11);
        expect(maskCardNumbers(text)).toBe(text);
        expect(findCardData(text)).toBeUndefined();
      }),
    );
  });

  it('masks ASCII text piece by piece as it masks the same text read in its screening form', () => {
    // A non-ASCII letter at the end sends the text through the passes over its whole screening
    // form; without it, ASCII text without a track is masked piece by piece (text-pieces.ts).
    const part = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 19 }),
      fc.constantFrom(' ', '-', '  ', ' - ', '.', '/', '\n', ':', '+', 'a', 'F', 'g', 'Z', 'X'),
      fc.constantFrom('4111 1111 1111 1111', '4222 2222 22222', '2026-11-29 10:30:12 +0000'),
      fc.uuid(),
    );
    const text = fc.array(part, { maxLength: 24 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.constantFrom('X', '*'), (ascii, maskChar) => {
        expect(maskCardNumbers(ascii, maskChar) + 'é').toBe(maskCardNumbers(`${ascii}é`, maskChar));
      }),
      { numRuns: 2000 },
    );
  });

  it('still masks a 13-digit card number in fullwidth digits and one in Arabic-Indic digits', () => {
    expect(maskCardNumbers('ref ４２２２２２２２２２２２２')).toBe('ref XXXXXXXXX2222');
    expect(maskCardNumbers('٤٢٢٢٢٢٢٢٢٢٢٢٢')).toBe('XXXXXXXXX2222');
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
    ['order 4111.1111.1111.1111', 'pan'],
    ['ref 2024/01/30-4111/1111/1111/1111', 'pan'],
    ['order 1732665600002.1732665600002', undefined],
    ['2024-01-30 12:30:45.123', undefined],
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
