import { describe, expect, it } from 'vitest';
import {
  amountToMinorUnits,
  isApprovalCode,
  outcomeOf,
  type Outcome,
} from '../../../protocol/response/index.ts';

type Row = [label: string, pairs: Record<string, string>, expected: Outcome];

const rows: Row[] = [
  ['approval', { code: 'AUTH', msoft_code: 'INT_SUCCESS', phard_code: 'SUCCESS' }, 'approved'],
  [
    'approval, lower case',
    { code: 'auth', msoft_code: 'int_success', phard_code: 'success' },
    'approved',
  ],
  ['admin success', { code: 'SUCCESS', msoft_code: 'INT_SUCCESS' }, 'approved'],
  [
    'AUTH without phard_code (answered offline)',
    { code: 'AUTH', msoft_code: 'INT_SUCCESS' },
    'approved',
  ],
  ['AUTH without msoft_code', { code: 'AUTH' }, 'approved'],
  [
    'issuer decline',
    { code: 'DENY', msoft_code: 'INT_SUCCESS', phard_code: 'GENERICFAIL' },
    'declined_processor',
  ],
  [
    'DENY with phard SUCCESS',
    { code: 'DENY', msoft_code: 'INT_SUCCESS', phard_code: 'SUCCESS' },
    'declined_processor',
  ],
  ['DENY without phard_code', { code: 'DENY', msoft_code: 'INT_SUCCESS' }, 'declined_processor'],
  [
    'AUTH with a failing phard_code',
    { code: 'AUTH', msoft_code: 'INT_SUCCESS', phard_code: 'GENERICFAIL' },
    'declined_processor',
  ],
  ['CALL', { code: 'CALL', msoft_code: 'INT_SUCCESS', phard_code: 'CALL' }, 'declined_processor'],
  ['CALL without phard_code', { code: 'CALL', msoft_code: 'INT_SUCCESS' }, 'declined_processor'],
  ['PKUP', { code: 'PKUP', msoft_code: 'INT_SUCCESS', phard_code: 'PICKUP' }, 'declined_processor'],
  [
    'RETRY',
    { code: 'RETRY', msoft_code: 'INT_SUCCESS', phard_code: 'RETRY' },
    'declined_processor',
  ],
  [
    'DUPL from the processor',
    { code: 'DUPL', msoft_code: 'INT_SUCCESS', phard_code: 'GENERICFAIL' },
    'declined_processor',
  ],
  ['DUPL from the service', { code: 'DUPL', msoft_code: 'MERCH_DUPLICATE' }, 'declined_service'],
  [
    'TIMEOUT from the processor',
    { code: 'TIMEOUT', msoft_code: 'INT_SUCCESS', phard_code: 'TIMEOUT' },
    'declined_processor',
  ],
  ['TIMEOUT in the send queue', { code: 'TIMEOUT', msoft_code: 'SYS_TIMEOUT' }, 'declined_service'],
  ['SETUP from the service', { code: 'SETUP', msoft_code: 'SYS_SETUP' }, 'declined_service'],
  ['FAIL from an admin action', { code: 'FAIL', msoft_code: 'INT_SUCCESS' }, 'declined_processor'],
  [
    'validation error',
    { code: 'DENY', msoft_code: 'DATA_MISSINGFIELD', phard_code: 'UNKNOWN' },
    'declined_service',
  ],
  ['deny list', { code: 'DENY', msoft_code: 'MERCH_DENYLIST' }, 'declined_service'],
  ['msoft decline without code', { msoft_code: 'ACCT_AUTHFAIL' }, 'declined_service'],
  ['msoft not a known value', { code: 'DENY', msoft_code: 'SOMETHING_ELSE' }, 'declined_service'],
  ['nothing', {}, 'error'],
  ['only verbiage', { verbiage: 'APPROVED' }, 'error'],
  ['code not of the interface', { code: 'MAYBE', msoft_code: 'INT_SUCCESS' }, 'error'],
  ['empty code', { code: '', msoft_code: 'INT_SUCCESS' }, 'error'],
  [
    'empty msoft_code and phard_code count as absent',
    { code: 'AUTH', msoft_code: '', phard_code: '' },
    'approved',
  ],
];

describe('outcomeOf', () => {
  it.each(rows)('%s', (_label, pairs, expected) => {
    expect(outcomeOf(pairs)).toBe(expected);
  });

  it.each([
    ['12.00', '6.75', 'partial'],
    ['12.00', '11.99', 'partial'],
    ['12.00', '12.00', 'approved'],
    ['12', '12.00', 'approved'],
    ['6.5', '6.50', 'approved'],
    ['12.00', '13.00', 'approved'],
  ] as const)('asked %s, authorized %s: %s', (requestedAmount, authamount, expected) => {
    const pairs = { code: 'AUTH', msoft_code: 'INT_SUCCESS', phard_code: 'SUCCESS', authamount };
    expect(outcomeOf(pairs, { requestedAmount })).toBe(expected);
  });

  it('is approved without authamount, or without a requested amount', () => {
    expect(outcomeOf({ code: 'AUTH' }, { requestedAmount: '5.00' })).toBe('approved');
    expect(outcomeOf({ code: 'AUTH', authamount: '1.00' })).toBe('approved');
  });

  it('reads a declined partial as declined, whatever the amounts', () => {
    const pairs = { code: 'DENY', msoft_code: 'MERCH_PARTIALAUTH', authamount: '1.00' };
    expect(outcomeOf(pairs, { requestedAmount: '5.00' })).toBe('declined_service');
  });

  it('is an error when an approval carries an unreadable authamount', () => {
    expect(outcomeOf({ code: 'AUTH', authamount: 'lots' }, { requestedAmount: '5.00' })).toBe(
      'error',
    );
  });

  it('refuses an unreadable requested amount, naming amount', () => {
    expect(() => outcomeOf({ code: 'AUTH' }, { requestedAmount: '5,00' })).toThrowError(
      expect.objectContaining({ kind: 'invalid', field: 'amount', rule: 'amount.format' }),
    );
  });

  it('does not read inherited keys', () => {
    const pairs = Object.create({ code: 'AUTH' }) as Record<string, string>;
    expect(outcomeOf(pairs)).toBe('error');
  });
});

describe('amountToMinorUnits and isApprovalCode', () => {
  it.each([
    ['0', 0],
    ['12', 1200],
    ['12.3', 1230],
    ['12.34', 1234],
    ['12.345', undefined],
    ['-1.00', undefined],
    ['.50', undefined],
    ['1e3', undefined],
  ] as const)('%s is %s minor units', (text, minor) => {
    expect(amountToMinorUnits(text)).toBe(minor);
  });

  it.each([
    ['AUTH', true],
    ['success', true],
    ['DENY', false],
    [undefined, false],
  ] as const)('%s is an approval code: %s', (code, expected) => {
    expect(isApprovalCode(code)).toBe(expected);
  });
});
