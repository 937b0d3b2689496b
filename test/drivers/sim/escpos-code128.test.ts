import { describe, expect, it } from 'vitest';
import { parseEscPosCode128 } from '../../../drivers/sim/printer/escpos-code128.ts';

const payload = (...parts: (string | number[])[]): string =>
  parts.map((part) => (typeof part === 'string' ? part : String.fromCharCode(...part))).join('');

describe('parseEscPosCode128', () => {
  it('starts in the code set the data names and gives set B characters as value − 32', () => {
    expect(parseEscPosCode128('{BABC-123')).toEqual({
      codewords: [104, 33, 34, 35, 13, 17, 18, 19],
      text: 'ABC-123',
    });
  });

  it('reads set C bytes 0–99 as digit pairs', () => {
    expect(parseEscPosCode128(payload('{C', [12, 34, 5]))).toEqual({
      codewords: [105, 12, 34, 5],
      text: '123405',
    });
  });

  it('switches code sets, shifts one character, and places FNC1–FNC4 per set', () => {
    expect(parseEscPosCode128(payload('{AAB{C', [99], '{B', 'x{SC{1{2{3{4{{'))).toEqual({
      codewords: [103, 33, 34, 99, 99, 100, 88, 98, 35, 102, 97, 96, 100, 91],
      text: 'AB99xC{',
    });
    expect(parseEscPosCode128(payload('{A', [0x09], '{4{S', 'a'))).toEqual({
      codewords: [103, 73, 101, 98, 65],
      text: ' a',
    });
  });

  it.each([
    ['ABC', 'data must start with {A, {B or {C'],
    ['{Dx', 'data must start with {A, {B or {C'],
    ['{B', 'data holds no characters'],
    ['{BAB{', 'data ends with a lone {'],
    ['{BA{X', '{ must be followed by A, B, C, S, 1, 2, 3, 4 or { (byte 4)'],
    [payload('{C', [100]), 'code set C takes bytes 0–99 (byte 2 is 100)'],
    ['{C{2', '{2 is not available in code set C'],
    ['{Aa', 'code set A has no character 0x61'],
    ['{BA{S', '{S must be followed by a character'],
    ['{BA{S{1', '{S must be followed by a character'],
  ])('refuses %j: %s', (data, rule) => {
    expect(() => parseEscPosCode128(data)).toThrow(
      expect.objectContaining({
        code: 'BAD_INPUT',
        field: 'barcode.data',
        message: `barcode.data: ${rule}`,
      }),
    );
  });
});
