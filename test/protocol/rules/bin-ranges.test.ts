import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  matchBinRange,
  parseBinRanges,
  type BinRange,
} from '../../../protocol/rules/bin-ranges.ts';
import { expectProtocolError } from './expect-error.ts';

const GIFT = '6035710110009768';

describe('parseBinRanges', () => {
  it('reads every part of the formula', () => {
    expect(parseBinRanges('603571-603572:16-19:GIFT:2')).toEqual([
      {
        minPrefix: '603571',
        maxPrefix: '603572',
        minLength: 16,
        maxLength: 19,
        cardtype: 'GIFT',
        pclevel: 2,
      },
    ]);
  });

  it('reads the optional parts as absent', () => {
    expect(parseBinRanges('6035710;6036:16;6037:16:GIFT;0-9')).toEqual([
      { minPrefix: '6035710', maxPrefix: '6035710' },
      { minPrefix: '6036', maxPrefix: '6036', minLength: 16 },
      { minPrefix: '6037', maxPrefix: '6037', minLength: 16, cardtype: 'GIFT' },
      { minPrefix: '0', maxPrefix: '9' },
    ]);
  });

  it('reads an empty text as no custom range', () => {
    expect(parseBinRanges('')).toEqual([]);
  });

  it.each([
    ['60-5', '1', 'bin_range.max_prefix_length'],
    ['6035;65-60', '2', 'bin_range.max_prefix_order'],
    ['6035:0', '1', 'bin_range.length'],
    ['6035:20', '1', 'bin_range.length'],
    ['6035:16-100', '1', 'bin_range.length'],
    ['0-9;6035:19-16', '2', 'bin_range.length_order'],
    ['6035:16:GIFT:3', '1', 'bin_range.pclevel'],
    ['6035:16:GIFT:01', '1', 'bin_range.pclevel'],
    [';', '1', 'bin_range.syntax'],
    ['6035;;7000', '2', 'bin_range.syntax'],
    ['6035;', '2', 'bin_range.syntax'],
    ['6035:16::1', '1', 'bin_range.syntax'],
    ['abc', '1', 'bin_range.syntax'],
    ['6035-', '1', 'bin_range.syntax'],
    ['6035:16:GI FT', '1', 'bin_range.syntax'],
    ['6035:16-19:GIFT:1:x', '1', 'bin_range.syntax'],
    [' 6035', '1', 'bin_range.syntax'],
    ['6035:-19', '1', 'bin_range.syntax'],
  ])('refuses %j naming range %s', (text, position, rule) => {
    const error = expectProtocolError(() => parseBinRanges(text, 'gift_bins'), {
      kind: 'invalid',
      field: 'gift_bins',
      rule,
    });
    expect(error.verbiage).toContain(`gift_bins: range ${position}:`);
  });

  it('reads back every range it can write', () => {
    const range = fc
      .record({
        prefix: fc.stringMatching(/^\d{1,6}$/),
        span: fc.nat(999_999),
        minLength: fc.option(fc.integer({ min: 1, max: 19 }), { nil: undefined }),
        extra: fc.nat(19),
        cardtype: fc.option(fc.stringMatching(/^[A-Z_]{1,8}$/), { nil: undefined }),
        pclevel: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
      })
      .map(({ prefix, span, minLength, extra, cardtype, pclevel }): BinRange => {
        const top = Math.min(Number(prefix) + span, 10 ** prefix.length - 1);
        const maxPrefix = String(top).padStart(prefix.length, '0');
        const maxLength = minLength === undefined ? undefined : Math.min(19, minLength + extra);
        return {
          minPrefix: prefix,
          maxPrefix,
          ...(minLength !== undefined && { minLength, maxLength }),
          ...(minLength !== undefined && cardtype !== undefined && { cardtype }),
          ...(minLength !== undefined &&
            cardtype !== undefined &&
            pclevel !== undefined && { pclevel }),
        };
      });
    const write = (r: BinRange): string =>
      [
        `${r.minPrefix}-${r.maxPrefix}`,
        r.minLength === undefined ? undefined : `${r.minLength}-${r.maxLength ?? ''}`,
        r.cardtype,
        r.pclevel === undefined ? undefined : String(r.pclevel),
      ]
        .filter((part) => part !== undefined)
        .join(':');
    fc.assert(
      fc.property(fc.array(range, { minLength: 1, maxLength: 5 }), (ranges) => {
        expect(parseBinRanges(ranges.map(write).join(';'))).toEqual(ranges);
      }),
    );
  });
});

describe('matchBinRange', () => {
  it('covers every account with 0-9', () => {
    const all = parseBinRanges('0-9');
    for (const account of [GIFT, '4111111111111111', '0', '9999999800009919']) {
      expect(matchBinRange(all, account)).toEqual({});
    }
  });

  it('compares the prefix over min_prefix digits, inclusive at both ends', () => {
    const ranges = parseBinRanges('600-650:16:GIFT');
    expect(matchBinRange(ranges, GIFT)).toEqual({ cardtype: 'GIFT' });
    expect(matchBinRange(ranges, '6000000000000000')).toEqual({ cardtype: 'GIFT' });
    expect(matchBinRange(ranges, '6509999999999999')).toEqual({ cardtype: 'GIFT' });
    expect(matchBinRange(ranges, '6510000000000000')).toBeNull();
    expect(matchBinRange(ranges, '5990000000000000')).toBeNull();
  });

  it('keeps the account within the length bounds', () => {
    const ranges = parseBinRanges('6035:16-16:GIFT:1');
    expect(matchBinRange(ranges, GIFT)).toEqual({ cardtype: 'GIFT', pclevel: 1 });
    expect(matchBinRange(ranges, GIFT.slice(0, 15))).toBeNull();
    expect(matchBinRange(ranges, `${GIFT}0`)).toBeNull();
    expect(matchBinRange(parseBinRanges('6035:16'), `${GIFT}123`)).toEqual({});
  });

  it('lets the longest min_prefix win over a catch-all, wherever it is written', () => {
    const ranges = parseBinRanges('0-9:16:GIFT;6035:16:PREMIUM:2');
    expect(matchBinRange(ranges, GIFT)).toEqual({ cardtype: 'PREMIUM', pclevel: 2 });
    expect(matchBinRange(ranges, '4111111111111111')).toEqual({ cardtype: 'GIFT' });
  });

  it('takes the first written of equally long prefixes', () => {
    const ranges = parseBinRanges('6035:16:FIRST;6030-6039:16:SECOND');
    expect(matchBinRange(ranges, GIFT)).toEqual({ cardtype: 'FIRST' });
  });

  it('matches nothing for accounts shorter than the prefix, not all digits, or no ranges', () => {
    expect(matchBinRange(parseBinRanges('603571'), '6035')).toBeNull();
    expect(matchBinRange(parseBinRanges('0-9'), '6035 7101')).toBeNull();
    expect(matchBinRange(parseBinRanges('0-9'), '')).toBeNull();
    expect(matchBinRange([], GIFT)).toBeNull();
  });
});
