import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX_MINOR,
  checkTax,
  formatAmount,
  formatSignedAmount,
  parseAmount,
  parseTax,
} from '../../../protocol/rules/amount.ts';
import { expectProtocolError } from './expect-error.ts';

describe('parseAmount', () => {
  it.each([
    ['1', 100],
    ['1.5', 150],
    ['12.34', 1234],
    ['0.01', 1],
    ['007.00', 700],
    ['99999999.99', AMOUNT_MAX_MINOR],
  ])('reads %s as %i minor units', (text, minor) => {
    expect(parseAmount(text)).toBe(minor);
  });

  it.each(['', '1.234', '.50', '5.', '-1.00', '+1', '1,00', ' 1.00', '1.00 ', '1e3', 'NT', '١٢'])(
    'refuses %j with amount.format',
    (text) => {
      expectProtocolError(() => parseAmount(text, 'cashbackamount'), {
        kind: 'invalid',
        field: 'cashbackamount',
        rule: 'amount.format',
      });
    },
  );

  it.each(['0', '0.0', '0.00', '000.00'])('refuses %s as not above 0', (text) => {
    const error = expectProtocolError(() => parseAmount(text), {
      kind: 'invalid',
      field: 'amount',
      rule: 'amount.positive',
    });
    expect(error.verbiage).toBe('amount: must be above 0');
  });

  it('refuses amounts above the cap, however many digits they have', () => {
    for (const text of ['100000000', '100000000.00', '9'.repeat(400)]) {
      expectProtocolError(() => parseAmount(text), {
        kind: 'invalid',
        field: 'amount',
        rule: 'amount.maximum',
      });
    }
  });

  it('words the format rule without echoing the value', () => {
    const error = expectProtocolError(() => parseAmount('12.345'), {
      kind: 'invalid',
      field: 'amount',
      rule: 'amount.format',
      secret: '12.345',
    });
    expect(error.verbiage).toBe('amount: must be digits with at most two decimal places');
  });
});

describe('formatAmount', () => {
  it.each([
    [1234, '12.34'],
    [5, '0.05'],
    [100, '1.00'],
    [0, '0.00'],
  ])('writes %i as %s', (minor, text) => {
    expect(formatAmount(minor)).toBe(text);
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 53])('refuses %d', (minor) => {
    expect(() => formatAmount(minor)).toThrow(RangeError);
  });

  it('round-trips every amount the interface takes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: AMOUNT_MAX_MINOR }), (minor) => {
        expect(parseAmount(formatAmount(minor))).toBe(minor);
      }),
    );
  });
});

describe('formatSignedAmount', () => {
  it.each([
    [1234, '12.34'],
    [0, '0.00'],
    [-5, '-0.05'],
    [-123456, '-1234.56'],
  ])('writes %i as %s', (minor, text) => {
    expect(formatSignedAmount(minor)).toBe(text);
  });

  it('refuses a fraction of a minor unit', () => {
    expect(() => formatSignedAmount(-1.5)).toThrow(RangeError);
  });
});

describe('checkTax and parseTax', () => {
  it.each(['NT', 'nt', 'Nt', 'nT', '1.00', '0.07'])('takes %s', (text) => {
    expect(() => checkTax(text)).not.toThrow();
  });

  it.each([
    ['NT', 'exempt'],
    ['nt', 'exempt'],
    ['1.25', 125],
    ['0.07', 7],
  ] as const)('reads %s as %s', (text, value) => {
    expect(parseTax(text)).toBe(value);
  });

  it.each(['0', '0.0', '0.00', '000.00'])(
    'takes %s: taxable, no tax collected (docs/interface.md › What the service does §6)',
    (text) => {
      expect(parseTax(text)).toBe(0);
      expect(() => checkTax(text)).not.toThrow();
    },
  );

  it('refuses tax above the cap like any monetary parameter', () => {
    expectProtocolError(() => checkTax('100000000.00'), {
      kind: 'invalid',
      field: 'tax',
      rule: 'amount.maximum',
    });
  });

  it.each(['', 'N', 'NTX', 'exempt', '1.001'])('refuses %j with tax.format', (text) => {
    expectProtocolError(() => checkTax(text), {
      kind: 'invalid',
      field: 'tax',
      rule: 'tax.format',
    });
  });
});
