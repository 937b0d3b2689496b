import { describe, expect, it } from 'vitest';
import {
  checkDigits,
  checkEmail,
  checkIdentifier,
  checkIsoNumeric,
  checkNonEmpty,
  checkPhone,
  checkPipeList,
  checkPriority,
  checkTimestamp,
  checkYesNo,
  checkZip,
} from '../../../protocol/rules/simple-values.ts';
import { expectProtocolError } from './expect-error.ts';

type Check = (value: string, field: string) => void;

const cases: readonly [string, Check, string, readonly string[], readonly string[]][] = [
  ['yes/no flags', checkYesNo, 'yesno.format', ['yes', 'no'], ['YES', 'No', 'y', 'true', '']],
  ['priority', checkPriority, 'priority.format', ['low', 'normal', 'high'], ['LOW', 'urgent', '']],
  [
    'digits',
    checkDigits,
    'digits.format',
    ['0', '30', '123456789012345'],
    ['', '1.5', '-1', '1234567890123456'],
  ],
  [
    'numeric ISO codes',
    checkIsoNumeric,
    'iso_numeric.format',
    ['840', '036'],
    ['USD', '84', '8400', ''],
  ],
  [
    'pipe lists',
    checkPipeList,
    'pipe_list.member',
    ['', 'REST', 'REST|GIFT|MINI'],
    ['|', 'REST|', '|REST', 'REST||GIFT'],
  ],
  [
    'identifiers',
    checkIdentifier,
    'identifier.format',
    ['9032', 'order-2025.07_1~a', 'x'.repeat(64)],
    ['', 'a/b', 'a b', 'x'.repeat(65), 'é'],
  ],
  [
    'e-mail addresses',
    checkEmail,
    'email.format',
    ['a@b.co', 'first.last+tag@example.com'],
    ['', 'a@b', 'a b@c.d', '@b.co', 'a@@b.co', `${'a'.repeat(250)}@b.co`],
  ],
  [
    'phone numbers',
    checkPhone,
    'phone.format',
    ['+13525551234', '(352) 555-1234', '555.1234'],
    ['', '555-123', '+1234567890123456', '352-555-CALL', 'tel:5551234'],
  ],
  ['non-empty data', checkNonEmpty, 'text.empty', ['x', ' '], ['']],
  [
    'Unix timestamps',
    checkTimestamp,
    'timestamp.format',
    ['0', '1509556482', '253402300799'],
    ['', '-1', '1.5', '2025-01-01'],
  ],
];

describe.each(cases)('%s', (_name, check, rule, good, bad) => {
  it.each(good)('takes %j', (value) => {
    expect(() => check(value, 'field_x')).not.toThrow();
  });

  it.each(bad)('refuses %j', (value) => {
    expectProtocolError(() => check(value, 'field_x'), { kind: 'invalid', field: 'field_x', rule });
  });
});

describe('zip', () => {
  it('takes empty and up to 32 characters, counted as characters', () => {
    for (const value of ['', '32606', '32606-1234', 'z'.repeat(32), 'é'.repeat(32)]) {
      expect(() => checkZip(value)).not.toThrow();
    }
  });

  it('refuses 33 characters', () => {
    const error = expectProtocolError(() => checkZip('z'.repeat(33)), {
      kind: 'invalid',
      field: 'zip',
      rule: 'zip.length',
    });
    expect(error.verbiage).toBe('zip: must be at most 32 characters');
  });
});

describe('timestamps', () => {
  it('refuses an instant after 9999-12-31 23:59:59 UTC', () => {
    expectProtocolError(() => checkTimestamp('253402300800', 'last_modified_ts'), {
      kind: 'invalid',
      field: 'last_modified_ts',
      rule: 'timestamp.range',
    });
  });
});
