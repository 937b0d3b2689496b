import { describe, expect, it } from 'vitest';
import {
  CLASSIFY_SCAN_BYTES,
  classifyResponseBody,
  decodeResponseBody,
  encodeKvResponseBody,
} from '../../../protocol/kv/index.ts';

const pad = (n: number): string => 'a'.repeat(n);

describe('classifyResponseBody (libmonetra LM_conn_determine_response_type)', () => {
  it.each([
    ['', 'bulk'],
    ['=abc', 'bulk'],
    [',a,b\n', 'bulk'],
    ['code=AUTH\n', 'kv'],
    ['msoft_code=INT_SUCCESS\n', 'kv'],
    ['"code"="AUTH"\n', 'kv'],
    ['a-b c=1', 'kv'],
    ['BatchNum,Sub\n1,2\n', 'csv'],
    ['amount\n1.00\n', 'csv'],
    ['amount\r\n1.00\r\n', 'csv'],
    ['ttid,amount=1\n', 'csv'],
    ['{"report":[]}', 'bulk'],
    ['-----BEGIN CERTIFICATE-----\n', 'csv'],
    ['<MonetraResp>', 'bulk'],
    ['amount.total,x\n', 'bulk'],
    ['abc', 'bulk'],
    ['PING', 'bulk'],
    ['\ncode=AUTH', 'kv'],
    ['.=', 'kv'],
    ['a\t=1', 'bulk'],
    ['Zoë=1', 'bulk'],
  ] as const)('%j is %s', (body, kind) => {
    expect(classifyResponseBody(body)).toBe(kind);
    expect(classifyResponseBody(Buffer.from(body, 'utf8'))).toBe(kind);
  });

  it('scans exactly 32 bytes', () => {
    expect(CLASSIFY_SCAN_BYTES).toBe(32);
    expect(classifyResponseBody(`${pad(31)}=1`)).toBe('kv');
    expect(classifyResponseBody(`${pad(32)}=1`)).toBe('bulk');
    expect(classifyResponseBody(`${pad(31)},b\n`)).toBe('csv');
    expect(classifyResponseBody(`${pad(32)},b\n`)).toBe('bulk');
    expect(classifyResponseBody(`${pad(31)}\n`)).toBe('csv');
    expect(classifyResponseBody(`${pad(40)}`)).toBe('bulk');
    expect(classifyResponseBody(`${pad(30)}"=`)).toBe('kv');
  });

  it('counts bytes, not characters', () => {
    expect(classifyResponseBody(`${pad(30)}=`)).toBe('kv');
    expect(classifyResponseBody(`ü${pad(29)}=`)).toBe('bulk');
  });
});

describe('decodeResponseBody', () => {
  it('gives pairs for a key/value body', () => {
    expect(decodeResponseBody('code="AUTH"\r\nverbiage="APPROVED"\r\n')).toEqual({
      kind: 'kv',
      pairs: [
        ['code', 'AUTH'],
        ['verbiage', 'APPROVED'],
      ],
    });
  });

  it('gives header and rows for a CSV body', () => {
    expect(decodeResponseBody(Buffer.from('BatchNum,Sub\n12,0\n13,1\n'))).toEqual({
      kind: 'csv',
      header: ['BatchNum', 'Sub'],
      rows: [
        ['12', '0'],
        ['13', '1'],
      ],
    });
  });

  it('gives the raw bytes of a bulk body', () => {
    const body = decodeResponseBody('{"report":[{"amount":"1.00"}]}');
    expect(body.kind).toBe('bulk');
    if (body.kind === 'bulk') expect(body.data.toString()).toBe('{"report":[{"amount":"1.00"}]}');
  });

  it('reports a malformed key/value body by line', () => {
    expect(() => decodeResponseBody('code=AUTH\nbroken\n')).toThrowError('body: line 2:');
  });
});

describe('encodeKvResponseBody', () => {
  it('writes pairs that classify as key/value', () => {
    const text = encodeKvResponseBody([
      ['code', 'AUTH'],
      ['msoft_code', 'INT_SUCCESS'],
    ]);
    expect(text).toBe('code="AUTH"\r\nmsoft_code="INT_SUCCESS"\r\n');
    expect(classifyResponseBody(text)).toBe('kv');
  });

  it.each([[[[pad(32), 'x']]], [[['rcpt.line', 'x']]], [[]]] as const)(
    'refuses pairs a client would not read as key/value: %j',
    (pairs) => {
      expect(() => encodeKvResponseBody(pairs)).toThrowError(
        expect.objectContaining({ kind: 'unencodable', rule: 'kv.response_classifies' }),
      );
    },
  );
});
