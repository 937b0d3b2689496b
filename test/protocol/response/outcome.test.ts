import { describe, expect, it } from 'vitest';
import { isApprovalCode, outcomeOf, type Outcome } from '../../../protocol/response/index.ts';

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
    ['12.00', '0.00', 'partial'],
    ['12.00', '0', 'partial'],
    ['0.5', '0.05', 'partial'],
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

  it.each(['lots', '1e3', '-1.00', '.50', '12.345', '100000000.00'])(
    'is an error when an approval carries the unreadable authamount %j',
    (authamount) => {
      expect(outcomeOf({ code: 'AUTH', authamount }, { requestedAmount: '5.00' })).toBe('error');
    },
  );

  it.each([
    ['5,00', 'amount.format'],
    ['0.00', 'amount.positive'],
  ])('refuses the requested amount %j, naming amount (%s)', (requestedAmount, rule) => {
    expect(() => outcomeOf({ code: 'AUTH' }, { requestedAmount })).toThrowError(
      expect.objectContaining({ kind: 'invalid', field: 'amount', rule }),
    );
  });

  it('does not read inherited keys', () => {
    const pairs = Object.create({ code: 'AUTH' }) as Record<string, string>;
    expect(outcomeOf(pairs)).toBe('error');
  });
});

describe('isApprovalCode', () => {
  it.each([
    ['AUTH', true],
    ['success', true],
    ['DENY', false],
    [undefined, false],
  ] as const)('%s is an approval code: %s', (code, expected) => {
    expect(isApprovalCode(code)).toBe(expected);
  });
});
