import { describe, expect, it } from 'vitest';
import type { Params } from '../../../protocol/params.ts';
import { flattenJsonBody } from '../../../protocol/request/flatten-json.ts';
import { parseBinRanges } from '../../../protocol/rules/bin-ranges.ts';
import {
  validateRequest,
  type ValidationContext,
} from '../../../protocol/rules/validate-request.ts';
import type { OperationName } from '../../../protocol/operations.ts';
import { expectProtocolError, type ExpectedError } from './expect-error.ts';

const NOW = new Date('2025-07-15T16:30:45Z');
const V1: ValidationContext = { version: 'v1', timeZone: 'America/New_York', now: NOW };
const V2: ValidationContext = { ...V1, version: 'v2' };
const KEYED = { account: '4111111111111111', expdate: '1229' };

const ok = (op: OperationName, params: Params, ctx = V2): void => {
  expect(() => validateRequest(op, params, ctx)).not.toThrow();
};
const fails = (op: OperationName, params: Params, ctx: ValidationContext, e: ExpectedError) =>
  expectProtocolError(() => validateRequest(op, params, ctx), e);

describe('validateRequest, phase 1: operation and keys', () => {
  it('refuses an operation the version does not offer', () => {
    const error = fails('incremental', { ttid: '1', amount: '1.00' }, V1, {
      kind: 'wrong_version',
      field: undefined,
      rule: 'operation.version',
    });
    expect(error.verbiage).toBe('incremental: not offered in v1');
  });

  it('refuses transport and credential keys, even where custom parameters are allowed', () => {
    for (const key of ['password', 'username', 'action', 'auth_apikey_secret', 'mfa_code']) {
      fails('sale', { ...KEYED, amount: '1.00', [key]: 'x' }, V2, {
        kind: 'unknown_parameter',
        field: key,
        rule: 'param.transport_key',
        secret: 'x',
      });
    }
  });

  it('refuses a v2-only parameter on v1 as wrong_version', () => {
    const error = fails('sale', { ...KEYED, amount: '1.00', profile_id: '7' }, V1, {
      kind: 'wrong_version',
      field: 'profile_id',
      rule: 'param.version',
    });
    expect(error.verbiage).toBe('profile_id: not a parameter of v1, only of v2');
    fails('capture', { ttid: '1', ksn: 'FFFF9876543210E00001' }, V1, {
      kind: 'wrong_version',
      field: 'ksn',
      rule: 'param.version',
    });
  });

  it('refuses a v1-only parameter on v2 as wrong_version', () => {
    fails('sale', { ...KEYED, amount: '1.00', ptrannum: '55' }, V2, {
      kind: 'wrong_version',
      field: 'ptrannum',
      rule: 'param.version',
    });
  });

  it('refuses a key the operation takes only in the other version as wrong_version', () => {
    const error = fails('sale', { amount: '1.00', ttid: '9032' }, V1, {
      kind: 'wrong_version',
      field: 'ttid',
      rule: 'param.operation_version',
    });
    expect(error.verbiage).toBe('ttid: sale accepts it in v2 only, not in v1');
    fails('sale', { ...KEYED, amount: '1.00', order_id: 'A-1' }, V1, {
      kind: 'wrong_version',
      field: 'order_id',
      rule: 'param.operation_version',
    });
    fails('balanceinq', { trackdata: ';4111=2912?', rcpt: 'yes' }, V1, {
      kind: 'wrong_version',
      field: 'rcpt',
      rule: 'param.operation_version',
    });
  });

  it('refuses a catalogued key the operation does not take, even with custom parameters', () => {
    const error = fails('sale', { ...KEYED, amount: '1.00', payment_id: 'P1' }, V2, {
      kind: 'unknown_parameter',
      field: 'payment_id',
      rule: 'param.not_accepted',
    });
    expect(error.verbiage).toBe('payment_id: not a parameter of sale');
  });

  it('takes uncatalogued keys as custom parameters only where the operation allows them', () => {
    ok('sale', { ...KEYED, amount: '1.00', email: 'a@b.co', city: 'Gainesville', State: 'FL' });
    ok('capture', { ttid: '1', note: 'x' });
    fails('void', { ttid: '1', email: 'a@b.co' }, V2, {
      kind: 'unknown_parameter',
      field: 'email',
      rule: 'param.unknown',
    });
    fails('mfa_cookie', { anything: '' }, V1, {
      kind: 'unknown_parameter',
      field: 'anything',
      rule: 'param.unknown',
    });
  });

  it('refuses a custom parameter name outside the allowed characters', () => {
    for (const key of ['bad key', 'a=b', 'x'.repeat(65), 'é']) {
      fails('sale', { ...KEYED, amount: '1.00', [key]: 'v' }, V2, {
        kind: 'invalid',
        field: key,
        rule: 'custom.key',
        subject: 'custom parameter name',
      });
    }
  });

  it('checks keys before presence, and in code-unit order', () => {
    fails('void', { zzz: '1', aaa: '2' }, V2, {
      kind: 'unknown_parameter',
      field: 'aaa',
      rule: 'param.unknown',
    });
    fails('void', { Zed: '1', alpha: '2' }, V2, {
      kind: 'unknown_parameter',
      field: 'Zed',
      rule: 'param.unknown',
    });
  });

  it('treats prototype names as plain keys', () => {
    const params = flattenJsonBody(JSON.parse('{"ttid":"1","constructor":"x"}'));
    fails('void', params, V2, {
      kind: 'unknown_parameter',
      field: 'constructor',
      rule: 'param.unknown',
    });
  });
});

describe('validateRequest, phase 2: presence', () => {
  it('names a missing required key before a missing account entry', () => {
    const error = fails('sale', {}, V2, {
      kind: 'missing',
      field: 'amount',
      rule: 'param.required',
    });
    expect(error.verbiage).toBe('amount: required by sale');
  });

  it('names account_data and every choice when no entry is begun', () => {
    const error = fails('sale', { amount: '1.00' }, V1, {
      kind: 'missing',
      field: 'account_data',
      rule: 'entry.required',
    });
    expect(error.verbiage).toBe(
      'account_data: one of these is required: account+expdate, trackdata, icc, token, ' +
        'e_trackdata+e_id, e_account+e_id+expdate, e_datafield+e_datafieldfmt, ' +
        'cardshieldticket, abaroute+account+checknum',
    );
    const v2 = fails('sale', { amount: '1.00' }, V2, {
      kind: 'missing',
      field: 'account_data',
      rule: 'entry.required',
    });
    expect(v2.verbiage).toMatch(/, ttid$/);
  });

  it.each([
    [{ account: '4111111111111111' }, 'expdate', 'required with account (keyed entry)'],
    [{ expdate: '1229' }, 'account', 'required with expdate (keyed entry)'],
    [{ e_trackdata: 'ABCD' }, 'e_id', 'required with e_trackdata (encrypted_track entry)'],
    [
      { e_account: 'ABCD', e_id: 'FFFF9876543210E00001' },
      'expdate',
      'required with e_account and e_id (encrypted_keyed entry)',
    ],
    [
      { e_datafieldfmt: 'X' },
      'e_datafield',
      'required with e_datafieldfmt (encrypted_field entry)',
    ],
    [
      { abaroute: '021000021', account: '12345678' },
      'checknum',
      'required with abaroute and account (check entry)',
    ],
  ])('names the missing key of a begun entry %j', (entry, field, words) => {
    const error = fails('sale', { amount: '1.00', ...entry }, V2, {
      kind: 'missing',
      field,
      rule: 'entry.incomplete',
    });
    expect(error.verbiage).toBe(`${field}: ${words}`);
  });

  it.each([
    ['keyed', KEYED],
    ['track', { trackdata: '%B4111111111111111^TEST CARD/VI^2512101?' }],
    ['emv', { icc: '5A0841111111111111119F02060000000010' }],
    ['token', { token: 'TKN-1' }],
    ['encrypted track', { e_trackdata: 'A1B2', e_id: 'FFFF9876543210E00001' }],
    ['encrypted keyed', { e_account: 'A1B2', e_id: 'FFFF9876543210E00001', expdate: '1229' }],
    ['encrypted field', { e_datafield: 'A1B2', e_datafieldfmt: 'IDTECH' }],
    ['ticket', { cardshieldticket: 'T-1' }],
    ['check', { abaroute: '021000021', account: '12345678', checknum: '1001' }],
  ])('takes a sale by %s entry in both versions', (_name, entry) => {
    ok('sale', { amount: '1.00', ...entry }, V1);
    ok('sale', { amount: '1.00', ...entry }, V2);
  });

  it('takes a v2 sale duplicating a prior transaction by ttid without account data', () => {
    ok('sale', { amount: '1.00', ttid: '9032', cv: '999', zip: '32606' });
    ok('preauth', { amount: '1.00', ttid: '9032' });
  });

  it('refuses two complete entries, such as a ttid and a card, or track and chip', () => {
    const error = fails('sale', { amount: '1.00', ttid: '9032', trackdata: ';4111=2912?' }, V2, {
      kind: 'exclusive',
      field: 'account_data',
      rule: 'entry.multiple',
    });
    expect(error.verbiage).toBe('account_data: send one of trackdata, ttid, not several');
    fails('sale', { amount: '1.00', trackdata: ';4111=2912?', icc: '9F02' }, V1, {
      kind: 'exclusive',
      field: 'account_data',
      rule: 'entry.multiple',
    });
    const both = { abaroute: '021000021', account: '12345678', checknum: '1', expdate: '1229' };
    fails('refund', { amount: '1.00', ...both }, V1, {
      kind: 'exclusive',
      field: 'account_data',
      rule: 'entry.multiple',
    });
  });

  it('counts an empty value as present, and leaves it to the value rules', () => {
    fails('sale', { amount: '', trackdata: ';4111=2912?' }, V2, {
      kind: 'invalid',
      field: 'amount',
      rule: 'amount.format',
    });
    fails('sale', { amount: '1.00', trackdata: '' }, V2, {
      kind: 'invalid',
      field: 'trackdata',
      rule: 'text.empty',
    });
  });

  it('takes cardholder data beside any entry', () => {
    ok('sale', {
      amount: '1.00',
      icc: '9F02060000000001',
      cardholdername: 'TEST CARD',
      cardpresent: 'yes',
      rfid: 'yes',
      e_datafieldmasked: '411111XXXXXX1111',
    });
  });
});

describe('validateRequest: gift cards', () => {
  const GIFT = '6035710110009768';
  const ranges = parseBinRanges('6035:16-19:GIFT');
  const withRanges: ValidationContext = { ...V2, giftBinRanges: ranges };

  it('takes a keyed account without expdate on gift operations, balanceinq and cardtype', () => {
    for (const op of ['activate', 'cashout', 'balanceinq', 'cardtype'] as const) {
      ok(op, { account: GIFT }, V1);
    }
    ok('issue', { account: GIFT, amount: '25.00' }, V1);
    ok('merchreturn', { account: GIFT, amount: '25.00' }, V1);
    ok('merchreturn', { ttid: '77', amount: '25.00' }, V1);
  });

  it('takes a keyed sale without expdate only for an account in the gift BIN ranges', () => {
    ok('sale', { amount: '40.00', account: GIFT }, withRanges);
    fails('sale', { amount: '40.00', account: GIFT }, V2, {
      kind: 'missing',
      field: 'expdate',
      rule: 'entry.incomplete',
    });
    fails('sale', { amount: '40.00', account: '4111111111111111' }, withRanges, {
      kind: 'missing',
      field: 'expdate',
      rule: 'entry.incomplete',
    });
  });

  it('takes a plain PIN on gift operations and for gift BIN accounts only', () => {
    ok('activate', { account: GIFT, pin: '1234' }, V1);
    ok('balanceinq', { account: GIFT, pin: '123456' }, V1);
    ok('sale', { amount: '5.00', account: GIFT, pin: '1234' }, withRanges);
    fails('sale', { ...KEYED, amount: '5.00', pin: '1234' }, V2, {
      kind: 'invalid',
      field: 'pin',
      rule: 'pin.format',
      secret: '1234',
    });
    fails('activate', { account: GIFT, pin: '12' }, V1, {
      kind: 'invalid',
      field: 'pin',
      rule: 'pin.gift_format',
    });
  });
});
