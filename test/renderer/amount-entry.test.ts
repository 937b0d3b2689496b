// Till-style amount entry: digits shift in from the right, pasted or typed text gives the amount
// its digits spell, and nothing goes past the lane's largest amount.
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR } from '../../main/lane-api/index.ts';
import {
  AMOUNT_LIMIT_MINOR,
  amountFromText,
  amountText,
  dropDigit,
  keyDigits,
} from '../../renderer/src/ui/amount-entry.ts';

describe('amount entry', () => {
  it('keys digits like a till: 1, 2, 5 is 1.25 and 00 multiplies by a hundred', () => {
    const keyed = ['1', '2', '5'].reduce(keyDigits, 0);
    expect(keyed).toBe(125);
    expect(amountText(keyed)).toBe('1.25');
    expect(keyDigits(125, '00')).toBe(12_500);
    expect(dropDigit(12_500)).toBe(1_250);
    expect(dropDigit(7)).toBe(0);
  });

  it('reads the amount a field shows after typing or pasting into it', () => {
    expect(amountFromText('0.005')).toBe(5);
    expect(amountFromText('12.50')).toBe(1250);
    expect(amountFromText('$1,234.56')).toBe(123_456);
    expect(amountFromText('0.0')).toBe(0);
    expect(amountFromText('abc')).toBe(0);
  });

  it('never goes past the lane API maximum', () => {
    expect(AMOUNT_LIMIT_MINOR).toBe(MAX_AMOUNT_MINOR);
    expect(keyDigits(99_999_999, '1')).toBe(99_999_999);
    expect(keyDigits(9_999_999, '9')).toBe(99_999_999);
    expect(amountFromText('1234567890')).toBe(AMOUNT_LIMIT_MINOR);
    expect(amountText(AMOUNT_LIMIT_MINOR)).toBe('999999.99');
  });
});
