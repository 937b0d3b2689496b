import { describe, expect, it } from 'vitest';
import { ProtocolError, shownName } from '../../protocol/errors.ts';
import { MsoftCode } from '../../protocol/codes.ts';

describe('ProtocolError', () => {
  it('carries the field, the rule, the verbiage and the msoft_code of its kind', () => {
    const error = new ProtocolError({
      kind: 'invalid',
      field: 'amount',
      rule: 'amount.positive',
      verbiage: 'amount: must be above 0',
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.field).toBe('amount');
    expect(error.rule).toBe('amount.positive');
    expect(error.verbiage).toBe('amount: must be above 0');
    expect(error.msoftCode).toBe(MsoftCode.DATA_INVALIDFIELD);
  });

  it.each([
    ['missing', MsoftCode.DATA_MISSINGFIELD],
    ['unknown_parameter', MsoftCode.DATA_UNKNOWNFIELD],
    ['too_large', MsoftCode.DATA_TOOLARGE],
  ] as const)('answers a %s error with %s', (kind, msoft) => {
    expect(new ProtocolError({ kind, rule: 'r', verbiage: 'v' }).msoftCode).toBe(msoft);
  });
});

describe('shownName', () => {
  it.each([
    '4111111111111111',
    'ref_4111 1111 1111 1111',
    'x4111.1111.1111.1111',
    '4111/1111/1111/1111',
    '4111_1111_1111_1111',
    '4111, 1111, 1111, 1111',
    '4111 - 1111 - 1111 - 1111',
  ])('writes a name holding 13 digits however grouped, %j, as "parameter"', (name) => {
    expect(shownName(name)).toBe('parameter');
  });

  it.each(['order_2024_01_30', 'lane 12', 'amount'])('shows %j as it is', (name) => {
    expect(shownName(name)).toBe(name);
  });
});
