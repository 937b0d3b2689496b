import { describe, expect, it } from 'vitest';
import { parseBinRanges } from '../../../protocol/rules/bin-ranges.ts';
import type { ValidationContext } from '../../../protocol/rules/validate-request.ts';
import { V1, V2, validates, validationFails } from './validation-helpers.ts';

const KEYED = { account: '4111111111111111', expdate: '1229' };

describe('validateRequest, phase 2: presence', () => {
  it('names a missing required key before a missing account entry', () => {
    const error = validationFails('sale', {}, V2, {
      kind: 'missing',
      field: 'amount',
      rule: 'param.required',
    });
    expect(error.verbiage).toBe('amount: required by sale');
  });

  it('names account_data and every choice when no entry is begun', () => {
    const error = validationFails('sale', { amount: '1.00' }, V1, {
      kind: 'missing',
      field: 'account_data',
      rule: 'entry.required',
    });
    expect(error.verbiage).toBe(
      'account_data: one of these is required: account+expdate, trackdata, icc, token, ' +
        'e_trackdata+e_id, e_account+e_id+expdate, e_datafield, ' +
        'cardshieldticket, icc+trackdata, icc+e_trackdata+e_id, abaroute+account+checknum',
    );
    const v2 = validationFails('sale', { amount: '1.00' }, V2, {
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
      { abaroute: '021000021', account: '12345678' },
      'checknum',
      'required with abaroute and account (check entry)',
    ],
  ])('names the missing key of a begun entry %j', (entry, field, words) => {
    const error = validationFails('sale', { amount: '1.00', ...entry }, V2, {
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
    ['encrypted field, format read from the bytes', { e_datafield: 'A1B2' }],
    ['emv with track 2 beside it', { icc: '9F2701', trackdata: ';4111=2912?' }],
    [
      'emv with an encrypted track beside it',
      { icc: '9F2701', e_trackdata: 'A1B2', e_id: 'FFFF9876543210E00001' },
    ],
    ['ticket', { cardshieldticket: 'T-1' }],
    ['check', { abaroute: '021000021', account: '12345678', checknum: '1001' }],
  ])('takes a sale by %s entry in both versions', (_name, entry) => {
    validates('sale', { amount: '1.00', ...entry }, V1);
    validates('sale', { amount: '1.00', ...entry }, V2);
  });

  it('takes a v2 sale duplicating a prior transaction by ttid without account data', () => {
    validates('sale', { amount: '1.00', ttid: '9032', cv: '999', zip: '32606' });
    validates('preauth', { amount: '1.00', ttid: '9032' });
  });

  it('refuses two complete entries, such as a ttid and a card, or track and chip', () => {
    const error = validationFails(
      'sale',
      { amount: '1.00', ttid: '9032', trackdata: ';4111=2912?' },
      V2,
      {
        kind: 'exclusive',
        field: 'account_data',
        rule: 'entry.multiple',
      },
    );
    expect(error.verbiage).toBe('account_data: send one of trackdata, ttid, not several');
    validationFails('sale', { amount: '1.00', token: 'TKN-1', icc: '9F02' }, V1, {
      kind: 'exclusive',
      field: 'account_data',
      rule: 'entry.multiple',
    });
    const chipAndBothTracks = {
      amount: '1.00',
      icc: '9F02',
      trackdata: ';4111=2912?',
      e_trackdata: 'A1B2',
      e_id: 'FFFF9876543210E00001',
    };
    validationFails('sale', chipAndBothTracks, V1, {
      kind: 'exclusive',
      field: 'account_data',
      rule: 'entry.multiple',
    });
    const both = { abaroute: '021000021', account: '12345678', checknum: '1', expdate: '1229' };
    validationFails('refund', { amount: '1.00', ...both }, V1, {
      kind: 'exclusive',
      field: 'account_data',
      rule: 'entry.multiple',
    });
  });

  it('counts an empty value as present, and leaves it to the value rules', () => {
    validationFails('sale', { amount: '', trackdata: ';4111=2912?' }, V2, {
      kind: 'invalid',
      field: 'amount',
      rule: 'amount.format',
    });
    validationFails('sale', { amount: '1.00', trackdata: '' }, V2, {
      kind: 'invalid',
      field: 'trackdata',
      rule: 'text.empty',
    });
  });

  it('takes cardholder data beside any entry', () => {
    validates('sale', {
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
      validates(op, { account: GIFT }, V1);
    }
    validates('issue', { account: GIFT, amount: '25.00' }, V1);
    validates('merchreturn', { account: GIFT, amount: '25.00' }, V1);
    validates('merchreturn', { ttid: '77', amount: '25.00' }, V1);
  });

  it('takes a keyed sale without expdate only for an account in the gift BIN ranges', () => {
    validates('sale', { amount: '40.00', account: GIFT }, withRanges);
    validationFails('sale', { amount: '40.00', account: GIFT }, V2, {
      kind: 'missing',
      field: 'expdate',
      rule: 'entry.incomplete',
    });
    validationFails('sale', { amount: '40.00', account: '4111111111111111' }, withRanges, {
      kind: 'missing',
      field: 'expdate',
      rule: 'entry.incomplete',
    });
  });

  it('takes a plain PIN on gift operations and for gift BIN accounts, keyed or swiped, only', () => {
    validates('activate', { account: GIFT, pin: '1234' }, V1);
    validates('balanceinq', { account: GIFT, pin: '123456' }, V1);
    validates('sale', { amount: '5.00', account: GIFT, pin: '1234' }, withRanges);
    validationFails('sale', { ...KEYED, amount: '5.00', pin: '1234' }, V2, {
      kind: 'invalid',
      field: 'pin',
      rule: 'pin.format',
      secret: '1234',
    });
    validates(
      'sale',
      { amount: '5.00', trackdata: `;${GIFT}=24051200000?`, pin: '1234' },
      withRanges,
    );
    validates(
      'sale',
      { amount: '5.00', trackdata: `%B${GIFT}^GIFT CARD^2405120?`, pin: '1234' },
      withRanges,
    );
    validationFails(
      'sale',
      { amount: '5.00', trackdata: ';4111111111111111=30121011000000?', pin: '1234' },
      withRanges,
      { kind: 'invalid', field: 'pin', rule: 'pin.format', secret: '1234' },
    );
    validationFails('activate', { account: GIFT, pin: '12' }, V1, {
      kind: 'invalid',
      field: 'pin',
      rule: 'pin.gift_format',
    });
  });
  it('takes a plain PIN with chip or encrypted data, whose card only the service can read, when the merchant has gift ranges', () => {
    const hidden: Record<string, string>[] = [
      { icc: '9F270180' },
      { e_datafield: '02AB03' },
      { e_trackdata: 'ABCD', e_id: 'FFFF9876543210E00001' },
      { e_account: 'ABCD', e_id: 'FFFF9876543210E00001', expdate: '1230' },
    ];
    for (const entry of hidden) {
      validates('sale', { amount: '5.00', ...entry, pin: '1234' }, withRanges);
      validationFails('sale', { amount: '5.00', ...entry, pin: '1234' }, V2, {
        kind: 'invalid',
        field: 'pin',
        rule: 'pin.format',
        secret: '1234',
      });
      validationFails(
        'sale',
        { amount: '5.00', ...entry, pin: '1234' },
        { ...V2, giftBinRanges: [] },
        { kind: 'invalid', field: 'pin', rule: 'pin.format', secret: '1234' },
      );
    }
    validationFails(
      'sale',
      {
        amount: '5.00',
        icc: '9F270180',
        trackdata: ';4111111111111111=30121011000000?',
        pin: '1234',
      },
      withRanges,
      { kind: 'invalid', field: 'pin', rule: 'pin.format', secret: '1234' },
    );
    validates(
      'sale',
      { amount: '5.00', icc: '9F270180', trackdata: `;${GIFT}=24051200000?`, pin: '1234' },
      withRanges,
    );
  });
});
