import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyResponseBody, decodeCsv, encodeCsv } from '../../../protocol/kv/index.ts';
import { withoutFramingBytes } from './helpers/wire.ts';

describe('encodeCsv', () => {
  it('writes the header and rows, every line ended by LF', () => {
    expect(
      encodeCsv(
        ['ttid', 'amount', 'account'],
        [
          ['96', '12.00', 'XXXXXXXXXXXX1111'],
          ['97', '5.00', 'XXXXXXXXXXXX4444'],
        ],
      ),
    ).toBe('ttid,amount,account\n96,12.00,XXXXXXXXXXXX1111\n97,5.00,XXXXXXXXXXXX4444\n');
  });

  it('quotes cells holding a separator, a quote, a line break or edge whitespace', () => {
    expect(
      encodeCsv(
        ['name', 'note'],
        [
          ['Doe, Jane', 'say "hi"'],
          [' pad', 'two\nlines'],
          ['', 'x'],
        ],
      ),
    ).toBe('name,note\n"Doe, Jane","say ""hi"""\n" pad","two\nlines"\n,x\n');
  });

  it('writes a lone empty cell as "" so the row is not a blank line', () => {
    const text = encodeCsv(['comments'], [[''], ['x']]);
    expect(text).toBe('comments\n""\nx\n');
    expect(decodeCsv(text)).toEqual({ header: ['comments'], rows: [[''], ['x']] });
  });

  it('ends a header without rows with LF, so even one column classifies as CSV', () => {
    expect(encodeCsv(['amount'], [])).toBe('amount\n');
    expect(classifyResponseBody(encodeCsv(['amount'], []))).toBe('csv');
  });

  it.each([
    [['code=AUTH', 'x']],
    [['amount.total']],
    [['a'.repeat(32), 'b']],
    [['', 'b']],
    [['Zoë', 'b']],
  ])('refuses a header the C library would not read as CSV: %j', (header) => {
    expect(() => encodeCsv(header, [])).toThrowError(
      expect.objectContaining({
        kind: 'unencodable',
        field: 'header[0]',
        rule: 'csv.header_classifies',
      }),
    );
  });

  it('takes "=" in a later header column, where it no longer matters', () => {
    expect(classifyResponseBody(encodeCsv(['ttid', 'a=b'], []))).toBe('csv');
  });

  it('refuses an empty header, a ragged row and framing bytes, naming the position', () => {
    expect(() => encodeCsv([], [])).toThrowError(
      expect.objectContaining({ field: 'header', rule: 'csv.header_empty' }),
    );
    expect(() => encodeCsv(['a', 'b'], [['1', '2'], ['3']])).toThrowError(
      expect.objectContaining({ field: 'rows[1]', rule: 'csv.row_width' }),
    );
    const framed = (): string => encodeCsv(['a', 'b'], [['1', '4111111111111111\x03']]);
    expect(framed).toThrowError(
      expect.objectContaining({ field: 'rows[0][1]', rule: 'kv.framing_byte' }),
    );
    expect(framed).not.toThrowError(/4111/);
  });
});

describe('decodeCsv', () => {
  it.each([
    ['a,b\n1,2\n', ['a', 'b'], [['1', '2']]],
    ['a,b\r\n1,2\r\n', ['a', 'b'], [['1', '2']]],
    ['a,b\n1,2', ['a', 'b'], [['1', '2']]],
    [' a , b \n 1 ,"2 "\n', ['a', 'b'], [['1', '2 ']]],
    ['a,b\n\n1,2\n\n', ['a', 'b'], [['1', '2']]],
    ['a,b\n,\n', ['a', 'b'], [['', '']]],
    ['a\n"x\ny"\n', ['a'], [['x\ny']]],
    ['', [], []],
  ] as const)('reads %j', (body, header, rows) => {
    expect(decodeCsv(body)).toEqual({ header, rows });
  });

  it.each([
    ['a,b\n1,"2\n', 2, 'csv.unterminated_quote'],
    ['a,b\n1,"2"x\n', 2, 'csv.text_after_quote'],
  ] as const)('refuses %j at line %i', (body, line, rule) => {
    expect(() => decodeCsv(body)).toThrowError(expect.objectContaining({ field: 'body', rule }));
    expect(() => decodeCsv(body)).toThrowError(`body: line ${line}:`);
  });

  it('gives back any table encodeCsv writes', () => {
    const cell = fc.string({ maxLength: 12, unit: 'binary' }).map(withoutFramingBytes);
    const table = fc.integer({ min: 1, max: 5 }).chain((width) =>
      fc.tuple(
        fc.array(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,10}$/), {
          minLength: width,
          maxLength: width,
        }),
        fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 6 }),
      ),
    );
    fc.assert(
      fc.property(table, ([header, rows]) => {
        expect(decodeCsv(encodeCsv(header, rows))).toEqual({ header, rows });
      }),
      { numRuns: 500 },
    );
  });
});
