import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasParam } from '../../../protocol/params.ts';
import { pairsToParams } from '../../../protocol/request/normalise.ts';
import { expectProtocolError } from '../rules/expect-error.ts';

const INSENSITIVE = { caseInsensitiveKeys: true };
const SENSITIVE = { caseInsensitiveKeys: false };

describe('pairsToParams', () => {
  it('lowercases keys for the key/value protocol and keeps values as sent', () => {
    const params = pairsToParams(
      [
        ['PTranNum', 'AbC'],
        ['Amount', '1.00'],
      ],
      INSENSITIVE,
    );
    expect({ ...params }).toEqual({ ptrannum: 'AbC', amount: '1.00' });
  });

  it('keeps keys as sent when keys are case-sensitive', () => {
    expect(Object.keys(pairsToParams([['Amount', '1.00']], SENSITIVE))).toEqual(['Amount']);
  });

  it('refuses the same key twice with different values after lowercasing', () => {
    expectProtocolError(
      () =>
        pairsToParams(
          [
            ['CV', '999'],
            ['cv', '123'],
          ],
          INSENSITIVE,
        ),
      { kind: 'conflicting_values', field: 'cv', rule: 'value.conflict', secret: '999' },
    );
  });

  it('takes the same key twice with the same value', () => {
    const pairs: [string, string][] = [
      ['ttid', '9032'],
      ['TTID', '9032'],
    ];
    expect({ ...pairsToParams(pairs, INSENSITIVE) }).toEqual({ ttid: '9032' });
  });

  it('keeps empty values present and refuses empty keys', () => {
    const params = pairsToParams([['zip', '']], SENSITIVE);
    expect(hasParam(params, 'zip')).toBe(true);
    expectProtocolError(() => pairsToParams([['', 'x']], SENSITIVE), {
      kind: 'invalid',
      field: undefined,
      rule: 'key.empty',
    });
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['STX', '\u0002'],
    ['ETX', 'r\u0003x'],
    ['FS', 'o\u001c'],
    ['ESC', '\u001b@'],
    ['DEL', 'x\u007f'],
  ])('refuses a value holding %s naming the key, never the value', (_name, value) => {
    expectProtocolError(() => pairsToParams([['custref', value]], SENSITIVE), {
      kind: 'invalid',
      field: 'custref',
      rule: 'value.control',
      secret: value,
    });
  });

  it('keeps tab, CR and LF in a value', () => {
    const params = pairsToParams([['comments', 'a\tb\r\nc']], SENSITIVE);
    expect(params.comments).toBe('a\tb\r\nc');
  });

  it('accepts any iterable of pairs, such as URLSearchParams', () => {
    const params = pairsToParams(new URLSearchParams('rcpt=yes&order_id=A-1&zip='), SENSITIVE);
    expect({ ...params }).toEqual({ rcpt: 'yes', order_id: 'A-1', zip: '' });
  });

  it('preserves every pair of a set of distinct keys', () => {
    const pairs = fc.dictionary(fc.string({ minLength: 1 }), fc.string(), { maxKeys: 30 });
    fc.assert(
      fc.property(pairs, (flat) => {
        expect({ ...pairsToParams(Object.entries(flat), SENSITIVE) }).toEqual({ ...flat });
      }),
    );
  });
});
