import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePairs, encodePairs, needsQuotes } from '../../../protocol/kv/index.ts';
import type { KvPairStyle } from '../../../protocol/kv/index.ts';
import { hasFramingByte, withoutFramingBytes } from './helpers/wire.ts';

describe('encodePairs', () => {
  const pairs: [string, string][] = [
    ['action', 'sale'],
    ['amount', '5.00'],
    ['cardholdername', 'JANE Q PUBLIC'],
    ['comments', 'a "quoted" word'],
    ['zip', ''],
  ];

  it('quotes every value and ends each pair with CRLF by default (PHP, Java, C#)', () => {
    expect(encodePairs(pairs)).toBe(
      'action="sale"\r\namount="5.00"\r\ncardholdername="JANE Q PUBLIC"\r\n' +
        'comments="a ""quoted"" word"\r\nzip=""\r\n',
    );
  });

  it('quotes only where the C library would and ends each pair with LF', () => {
    expect(encodePairs(pairs, 'lf-minimal')).toBe(
      'action=sale\namount="5.00"\ncardholdername=JANE Q PUBLIC\n' +
        'comments="a ""quoted"" word"\nzip=""\n',
    );
  });

  it('takes a Params record in key order', () => {
    expect(encodePairs({ code: 'AUTH', ttid: '96' }, 'lf-minimal')).toBe('code=AUTH\nttid=96\n');
  });

  it('writes no pairs as an empty body', () => {
    expect(encodePairs([])).toBe('');
  });

  it.each([
    ['', true],
    ['abc 123', false],
    ['ABCxyz09', false],
    [' lead', true],
    ['trail ', true],
    ['tab\there', true],
    ['a_b', true],
    ['a-b', true],
    ['12.00', true],
    ['two  spaces', false],
    ['é', true],
  ])('QUOTE_NON_ANS: %j needs quotes: %s', (value, expected) => {
    expect(needsQuotes(value)).toBe(expected);
  });

  it.each([
    ['', 'kv.key_empty'],
    ['a=b', 'kv.key_character'],
    ['a"b', 'kv.key_character'],
    ['a\nb', 'kv.key_character'],
    ['a\rb', 'kv.key_character'],
    [' key', 'kv.key_whitespace'],
    ['key\t', 'kv.key_whitespace'],
    ['k\x02', 'kv.framing_byte'],
  ])('refuses the key %j (%s)', (key, rule) => {
    expect(() =>
      encodePairs([
        ['ok', '1'],
        [key, 'v'],
      ]),
    ).toThrowError(expect.objectContaining({ kind: 'unencodable', field: 'pairs[1].key', rule }));
  });

  it.each(['\x02', '\x03', '\x1c'])('refuses a value holding %j, naming the key only', (c) => {
    const attempt = (): string => encodePairs([['trackdata', `;4111111111111111=2512${c}?`]]);
    expect(attempt).toThrowError(
      expect.objectContaining({ kind: 'unencodable', field: 'trackdata', rule: 'kv.framing_byte' }),
    );
    expect(attempt).not.toThrowError(/4111/);
  });
});

describe('decodePairs', () => {
  it.each([
    ['key="value"\r\n', [['key', 'value']]],
    ['key=value\n', [['key', 'value']]],
    ['key=value', [['key', 'value']]],
    ['  Key  =  spaced value \t\r\n', [['Key', 'spaced value']]],
    ['key="  kept  "\n', [['key', '  kept  ']]],
    ['key=""\n', [['key', '']]],
    ['key=\n', [['key', '']]],
    ['key="a""b"\n', [['key', 'a"b']]],
    ['key=""""\n', [['key', '"']]],
    ['key=a=b\n', [['key', 'a=b']]],
    ['key=un"quoted\n', [['key', 'un"quoted']]],
    [
      'key="line1\nline2"\nnext=1\n',
      [
        ['key', 'line1\nline2'],
        ['next', '1'],
      ],
    ],
    [
      '\r\n\n a=1 \n\n\tb="2"  \r\n\n',
      [
        ['a', '1'],
        ['b', '2'],
      ],
    ],
    [
      'ACTION=sale\naction=void\n',
      [
        ['ACTION', 'sale'],
        ['action', 'void'],
      ],
    ],
    ['', []],
  ] as const)('reads %j', (body, expected) => {
    expect(decodePairs(body)).toEqual(expected);
  });

  it('reads bytes as UTF-8', () => {
    expect(decodePairs(Buffer.from('name="Zoë"\n', 'utf8'))).toEqual([['name', 'Zoë']]);
  });

  it.each([
    ['a=1\nPING\n', 2, 'kv.no_equals'],
    ['a=1\r\nb=2\r\n4111111111111111\r\n', 3, 'kv.no_equals'],
    ['a="1\n2"\nb=3\nbad\n', 4, 'kv.no_equals'],
    ['a=1\nb="4111111111111111\n', 2, 'kv.unterminated_quote'],
    ['a="x"y\n', 1, 'kv.text_after_quote'],
    ['=value\n', 1, 'kv.empty_key'],
    ['"a"=1\n', 1, 'kv.quoted_key'],
  ] as const)('refuses %j at line %i (%s), without echoing it', (body, line, rule) => {
    const attempt = (): unknown => decodePairs(body);
    expect(attempt).toThrowError(expect.objectContaining({ kind: 'invalid', field: 'body', rule }));
    expect(attempt).toThrowError(`body: line ${line}:`);
    expect(attempt).not.toThrowError(/4111/);
  });
});

const key = fc
  .string({ minLength: 1, maxLength: 12, unit: 'binary' })
  .filter((k) => !/[="\r\n]/.test(k) && !hasFramingByte(k) && k.trim() === k);
const value = fc.string({ maxLength: 24, unit: 'binary' }).map(withoutFramingBytes);
const pairList = fc.array(fc.tuple(key, value), { maxLength: 12 });

describe('encodePairs → decodePairs', () => {
  it.each(['crlf-quoted', 'lf-minimal'] as const)(
    'is the identity for any pairs without forbidden characters (%s)',
    (style: KvPairStyle) => {
      fc.assert(
        fc.property(pairList, (pairs) => {
          expect(decodePairs(encodePairs(pairs, style))).toEqual(pairs);
        }),
        { numRuns: 500 },
      );
    },
  );

  it('is the identity for values drawn from the characters that matter most', () => {
    const tricky = fc
      .array(fc.constantFrom('"', ' ', '\t', '\r', '\n', '=', ',', 'a', '\v', '\f'), {
        maxLength: 10,
      })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('k', 'Key_2', 'a b'), tricky)), (pairs) => {
        expect(decodePairs(encodePairs(pairs, 'lf-minimal'))).toEqual(pairs);
        expect(decodePairs(encodePairs(pairs, 'crlf-quoted'))).toEqual(pairs);
      }),
      { numRuns: 500 },
    );
  });
});
