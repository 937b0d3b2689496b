import { describe, expect, it } from 'vitest';
import {
  checkAbaRoute,
  checkAccountType,
  checkAccount,
  checkCv,
  checkExpdate,
  checkIcc,
  checkKsn,
  checkPin,
  effectiveCv,
} from '../../../protocol/rules/card-values.ts';
import { expectProtocolError } from './expect-error.ts';

describe('cv', () => {
  it.each(['123', '1234', '999', 'NR', 'NA', 'N'])('takes %s', (value) => {
    expect(() => checkCv(value)).not.toThrow();
  });

  it.each(['', '12', '12345', 'nr', 'na', 'n', 'NX', '12a', '１２３'])('refuses %j', (value) => {
    expectProtocolError(() => checkCv(value), {
      kind: 'invalid',
      field: 'cv',
      rule: 'cv.format',
      secret: value,
    });
  });

  it('is N when absent, and the value sent when present', () => {
    expect(effectiveCv({})).toBe('N');
    expect(effectiveCv({ cv: '999' })).toBe('999');
    expect(effectiveCv({ cv: 'NR' })).toBe('NR');
    expect(effectiveCv({ cv: '' })).toBe('');
  });
});

describe('pin', () => {
  const hex = (length: number): string => 'A1b2C3d4E5f60789'.repeat(3).slice(0, length);

  it.each(['PINLESS', 'pinless', 'PinLess'])('takes %s', (value) => {
    expect(() => checkPin(value, false)).not.toThrow();
  });

  it.each([16, 20, 24, 28, 32])('takes an encrypted block of %i hex digits', (length) => {
    expect(() => checkPin(hex(length), false)).not.toThrow();
  });

  it.each([0, 4, 15, 17, 18, 22, 30, 36, 48])('refuses %i hex digits', (length) => {
    expectProtocolError(() => checkPin(hex(length), false), {
      kind: 'invalid',
      field: 'pin',
      rule: 'pin.format',
    });
  });

  it('refuses a block with a non-hex digit', () => {
    expectProtocolError(() => checkPin('123456789012345G', false), {
      kind: 'invalid',
      field: 'pin',
      rule: 'pin.format',
      secret: '123456789012345G',
    });
  });

  it('takes a plain PIN of 4–12 digits only where plain PINs are allowed', () => {
    for (const value of ['1234', '123456', '123456789012']) {
      expect(() => checkPin(value, true)).not.toThrow();
      expectProtocolError(() => checkPin(value, false), {
        kind: 'invalid',
        field: 'pin',
        rule: 'pin.format',
        secret: value,
      });
    }
  });

  it.each(['123', '1234567890123', '12a4', ''])('refuses %j as a gift PIN', (value) => {
    expectProtocolError(() => checkPin(value, true), {
      kind: 'invalid',
      field: 'pin',
      rule: 'pin.gift_format',
      secret: value,
    });
  });
});

describe('expdate', () => {
  it.each(['0126', '1299', '0100'])('takes %s', (value) => {
    expect(() => checkExpdate(value)).not.toThrow();
  });

  it.each(['', '126', '01260', '12/26', 'ab12'])('refuses %j with expdate.format', (value) => {
    expectProtocolError(() => checkExpdate(value), {
      kind: 'invalid',
      field: 'expdate',
      rule: 'expdate.format',
      secret: value,
    });
  });

  it.each(['0026', '1326', '9912'])('refuses month of %s', (value) => {
    expectProtocolError(() => checkExpdate(value), {
      kind: 'invalid',
      field: 'expdate',
      rule: 'expdate.month',
      secret: value,
    });
  });
});

describe('ksn, icc, account, abaroute', () => {
  it('takes KSNs of 16, 20 and 24 hex digits', () => {
    for (const value of ['6543210987654321', 'FFFF9876543210E00001', '0123456789abcdef01234567']) {
      expect(() => checkKsn(value)).not.toThrow();
    }
  });

  it.each(['', '654321098765432', 'FFFF9876543210E0000', 'FFFF9876543210E0000Z'])(
    'refuses ksn %j',
    (value) => {
      expectProtocolError(() => checkKsn(value, 'e_id'), {
        kind: 'invalid',
        field: 'e_id',
        rule: 'ksn.format',
      });
    },
  );

  it('takes icc of whole hex bytes in either case', () => {
    expect(() => checkIcc('9F0206000000001000')).not.toThrow();
    expect(() => checkIcc('9f02')).not.toThrow();
  });

  it.each(['', '9F0', '9G02', '9F 02'])('refuses icc %j', (value) => {
    expectProtocolError(() => checkIcc(value), {
      kind: 'invalid',
      field: 'icc',
      rule: 'icc.format',
    });
  });

  it('takes card and check account numbers and refuses the rest without echoing them', () => {
    for (const value of ['4111111111111111', '1234', '6035710110009768123']) {
      expect(() => checkAccount(value)).not.toThrow();
    }
    for (const value of ['123', '41111111111111111111', '4111 1111 1111 1111', '']) {
      expectProtocolError(() => checkAccount(value), {
        kind: 'invalid',
        field: 'account',
        rule: 'account.format',
        secret: value,
      });
    }
  });

  it('takes 9-digit routing numbers only', () => {
    expect(() => checkAbaRoute('021000021')).not.toThrow();
    for (const value of ['02100002', '0210000211', '02100002a']) {
      expectProtocolError(() => checkAbaRoute(value), {
        kind: 'invalid',
        field: 'abaroute',
        rule: 'aba.format',
      });
    }
  });

  it('checks the routing number checksum: digits weighted 3, 7, 1 sum to a multiple of 10', () => {
    for (const value of ['021000021', '011000015', '123456780', '091000019']) {
      expect(() => checkAbaRoute(value)).not.toThrow();
    }
    // One digit changed, or two neighbours swapped, breaks the sum.
    for (const value of ['021000022', '120000021', '011000051', '123456789']) {
      expectProtocolError(() => checkAbaRoute(value), {
        kind: 'invalid',
        field: 'abaroute',
        rule: 'aba.checksum',
        secret: value,
      });
    }
  });
});

describe('accounttype', () => {
  it('takes PERSONAL or BUSINESS and CHECKING or SAVINGS in any case, one of each pair', () => {
    for (const value of ['personal|checking', 'BUSINESS|SAVINGS', 'Savings', 'business']) {
      expect(() => checkAccountType(value)).not.toThrow();
    }
  });

  it.each([
    ['money', 'accounttype.member'],
    ['personal|', 'accounttype.member'],
    ['', 'accounttype.member'],
    ['checking|savings', 'accounttype.pair'],
    ['personal|business|checking', 'accounttype.pair'],
    ['checking|checking', 'accounttype.pair'],
  ])('refuses %j (%s)', (value, rule) => {
    expectProtocolError(() => checkAccountType(value), {
      kind: 'invalid',
      field: 'accounttype',
      rule,
    });
  });
});
