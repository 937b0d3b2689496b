import { describe, expect, it } from 'vitest';
import {
  WWW_AUTHENTICATE_BASIC,
  httpStatusFor,
  statusClass,
  statusForMsoftCode,
  type OperationKind,
  type StatusClass,
} from '../../../protocol/response/index.ts';
import type { MsoftCode } from '../../../protocol/codes.ts';

const decline = (msoft_code: string): Record<string, string> => ({ code: 'DENY', msoft_code });

type Row = [
  label: string,
  pairs: Record<string, string>,
  kind: OperationKind,
  v2: number,
  v1: number,
];

const rows: Row[] = [
  [
    'approval',
    { code: 'AUTH', msoft_code: 'INT_SUCCESS', phard_code: 'SUCCESS' },
    'transaction',
    200,
    200,
  ],
  [
    'partial approval',
    { code: 'AUTH', msoft_code: 'INT_SUCCESS', authamount: '1.00' },
    'transaction',
    200,
    200,
  ],
  [
    'issuer decline',
    { code: 'DENY', msoft_code: 'INT_SUCCESS', phard_code: 'GENERICFAIL' },
    'transaction',
    402,
    200,
  ],
  [
    'pickup',
    { code: 'PKUP', msoft_code: 'INT_SUCCESS', phard_code: 'PICKUP' },
    'transaction',
    402,
    200,
  ],
  ['deny list', decline('MERCH_DENYLIST'), 'transaction', 402, 200],
  ['duplicate', { code: 'DUPL', msoft_code: 'MERCH_DUPLICATE' }, 'transaction', 402, 200],
  ['partial approval refused', decline('MERCH_PARTIALAUTH'), 'transaction', 402, 200],
  ['fraud rule', decline('MERCH_FRAUDRULE'), 'transaction', 402, 200],
  ['missing field', decline('DATA_MISSINGFIELD'), 'transaction', 400, 200],
  ['invalid field', decline('DATA_INVALIDFIELD'), 'transaction', 400, 200],
  ['unknown field', decline('DATA_UNKNOWNFIELD'), 'transaction', 400, 200],
  ['bad transaction', decline('DATA_BADTRANS'), 'transaction', 400, 200],
  ['too large', decline('DATA_TOOLARGE'), 'transaction', 400, 200],
  ['record not found', decline('DATA_RECORDNOTFOUND'), 'transaction', 404, 200],
  ['move the state table forbids', decline('DATA_INVALIDMOD'), 'transaction', 405, 200],
  ['locked', decline('DATA_LOCKED'), 'transaction', 423, 200],
  ['failed authentication', decline('ACCT_AUTHFAIL'), 'transaction', 401, 401],
  ['bad username', decline('ACCT_BADUSERNAME'), 'transaction', 401, 401],
  ['MFA required', decline('ACCT_MFA_REQUIRED'), 'transaction', 401, 401],
  ['MFA invalid', decline('ACCT_MFA_INVALID'), 'transaction', 401, 401],
  ['MFA code to generate', decline('ACCT_MFA_GENERATE'), 'transaction', 401, 401],
  ['permission', decline('ACCT_PERMISSION'), 'transaction', 403, 200],
  ['dual authentication required', decline('ACCT_DUAL_REQUIRED'), 'transaction', 403, 200],
  ['password expired', decline('ACCT_PASSEXPIRED'), 'transaction', 403, 200],
  ['throttled', decline('ACCT_THROTTLED'), 'transaction', 429, 200],
  ['account locked', decline('ACCT_LOCKED'), 'transaction', 429, 200],
  ['setup', { code: 'SETUP', msoft_code: 'SYS_SETUP' }, 'transaction', 415, 200],
  ['send-queue timeout', { code: 'TIMEOUT', msoft_code: 'SYS_TIMEOUT' }, 'transaction', 504, 200],
  ['unavailable', decline('SYS_UNAVAILABLE'), 'transaction', 503, 200],
  ['failure', decline('SYS_FAILURE'), 'transaction', 500, 200],
  ['unknown', decline('UNKNOWN'), 'transaction', 500, 200],
  ['unlisted msoft code', decline('ZZZ_OTHER'), 'transaction', 500, 200],
  ['unreadable answer', { verbiage: 'what' }, 'transaction', 500, 200],
  ['report data', {}, 'report', 200, 200],
  ['failed report', decline('DATA_INVALIDFIELD'), 'report', 400, 400],
  ['report nobody may read', decline('ACCT_PERMISSION'), 'report', 403, 403],
  ['report without authentication', decline('ACCT_AUTHFAIL'), 'report', 401, 401],
  ['settle succeeded', { code: 'SUCCESS', msoft_code: 'INT_SUCCESS' }, 'other', 200, 200],
  ['detail not found', decline('DATA_RECORDNOTFOUND'), 'other', 404, 200],
  ['other without code', { msoft_code: 'INT_SUCCESS' }, 'other', 200, 200],
  ['other without authentication', decline('ACCT_AUTHFAIL'), 'other', 401, 401],
];

describe('httpStatusFor', () => {
  it.each(rows)('%s: v2 %#', (_label, pairs, kind, v2) => {
    expect(httpStatusFor(pairs, 'v2', kind)).toBe(v2);
  });

  it.each(rows)('%s: v1 %#', (_label, pairs, kind, _v2, v1) => {
    expect(httpStatusFor(pairs, 'v1', kind)).toBe(v1);
  });
});

describe('statusForMsoftCode', () => {
  const expected: Record<Exclude<MsoftCode, 'INT_SUCCESS'>, number> = {
    DATA_MISSINGFIELD: 400,
    DATA_INVALIDFIELD: 400,
    DATA_UNKNOWNFIELD: 400,
    DATA_BADTRANS: 400,
    DATA_INVALIDMOD: 405,
    DATA_RECORDNOTFOUND: 404,
    DATA_LOCKED: 423,
    DATA_TOOLARGE: 400,
    ACCT_AUTHFAIL: 401,
    ACCT_BADUSERNAME: 401,
    ACCT_MFA_REQUIRED: 401,
    ACCT_MFA_INVALID: 401,
    ACCT_PASSEXPIRED: 403,
    ACCT_PERMISSION: 403,
    ACCT_DUAL_REQUIRED: 403,
    ACCT_THROTTLED: 429,
    ACCT_LOCKED: 429,
    MERCH_DENYLIST: 402,
    MERCH_DUPLICATE: 402,
    MERCH_PARTIALAUTH: 402,
    MERCH_FRAUDRULE: 402,
    SYS_SETUP: 415,
    SYS_TIMEOUT: 504,
    SYS_UNAVAILABLE: 503,
    SYS_FAILURE: 500,
    UNKNOWN: 500,
  };

  it.each(Object.entries(expected))('maps %s to %i', (msoft, status) => {
    expect(statusForMsoftCode(msoft)).toBe(status);
  });

  it.each([
    ['acct_throttled', 429],
    ['ACCT_NEWTHING', 403],
    ['ACCT_MFA_NEWTHING', 401],
    ['SYS_NEWTHING', 500],
  ] as const)('%s is %i', (msoft, status) => {
    expect(statusForMsoftCode(msoft)).toBe(status);
  });
});

describe('statusClass', () => {
  it.each([
    [200, 'approved'],
    [402, 'declined_processor_or_merchant'],
    [401, 'unauthenticated'],
    [429, 'throttled'],
    [400, 'declined_service'],
    [403, 'declined_service'],
    [404, 'declined_service'],
    [405, 'declined_service'],
    [415, 'declined_service'],
    [423, 'declined_service'],
    [451, 'declined_service'],
    [500, 'declined_service'],
    [503, 'declined_service'],
    [504, 'declined_service'],
    [304, 'declined_service'],
  ] as const)('%i is %s', (status, expected: StatusClass) => {
    expect(statusClass(status)).toBe(expected);
  });

  it('reads back the class of every status httpStatusFor gives', () => {
    expect(statusClass(httpStatusFor({ code: 'AUTH' }, 'v2', 'transaction'))).toBe('approved');
    expect(statusClass(httpStatusFor(decline('MERCH_DENYLIST'), 'v2', 'transaction'))).toBe(
      'declined_processor_or_merchant',
    );
    expect(statusClass(httpStatusFor(decline('ACCT_AUTHFAIL'), 'v1', 'transaction'))).toBe(
      'unauthenticated',
    );
    expect(statusClass(httpStatusFor(decline('ACCT_THROTTLED'), 'v2', 'other'))).toBe('throttled');
    expect(statusClass(httpStatusFor(decline('DATA_LOCKED'), 'v2', 'transaction'))).toBe(
      'declined_service',
    );
  });
});

describe('WWW_AUTHENTICATE_BASIC', () => {
  it('is the challenge of the interface', () => {
    expect(WWW_AUTHENTICATE_BASIC).toBe('Basic realm="Payment Server Resource"');
  });
});
