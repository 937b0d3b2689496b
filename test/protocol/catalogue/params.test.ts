import { describe, expect, it } from 'vitest';
import {
  GROUP_NAMES,
  GROUPS,
  PARAM_SPECS,
  PARAM_TYPE_RULES,
  PARAM_TYPES,
  SENSITIVE_PARAMS,
  TRANSPORT_KEYS,
  isSensitiveKey,
} from '../../../protocol/catalogue/index.ts';

const spec = (key: string) => {
  const found = PARAM_SPECS.get(key);
  if (found === undefined) throw new Error(`no spec for ${key}`);
  return found;
};

describe('groups', () => {
  it('holds the order group with ptrannum in v1 and order_id in v2', () => {
    expect(GROUPS.order).toEqual({
      v1: ['custref', 'ordernum', 'ptrannum'],
      v2: ['custref', 'ordernum', 'order_id'],
    });
  });

  it('offers ecomm, health, pin_data and recurring_data in v2 only', () => {
    for (const group of ['ecomm', 'health', 'pin_data', 'recurring_data'] as const) {
      expect(GROUPS[group].v1).toBeUndefined();
      expect(GROUPS[group].v2?.length).toBeGreaterThan(0);
    }
  });

  it('offers every other group with the same fields in both versions', () => {
    for (const group of GROUP_NAMES) {
      if (['order', 'ecomm', 'health', 'pin_data', 'recurring_data'].includes(group)) continue;
      expect(GROUPS[group].v1).toEqual(GROUPS[group].v2);
    }
  });

  it('lists the interface fields of each group', () => {
    expect(GROUPS.money.v1).toHaveLength(11);
    expect(GROUPS.account_data.v2).toHaveLength(19);
    expect(GROUPS.pin_data.v2).toEqual(['ksn', 'pin']);
    expect(GROUPS.ecomm.v2).toEqual(['3ds_txnid', 'cavv', 'xid', 'goods', 'cust_regdate']);
  });

  it('has a spec naming its group for every field', () => {
    for (const group of GROUP_NAMES) {
      for (const key of [...(GROUPS[group].v1 ?? []), ...(GROUPS[group].v2 ?? [])]) {
        expect(spec(key).group).toBe(group);
      }
    }
  });
});

describe('parameter specs', () => {
  it('keys every parameter by a lowercase wire key and describes it', () => {
    for (const [key, param] of PARAM_SPECS) {
      expect(key).toMatch(/^[a-z0-9_]+$/);
      expect(param.key).toBe(key);
      expect(param.description.length).toBeGreaterThan(5);
      expect(param.versions.length).toBeGreaterThan(0);
    }
  });

  it('holds every standalone parameter of the interface as standalone', () => {
    const standalone = [
      'ttid',
      'profile_id',
      'amount',
      'tax',
      'zip',
      'pin',
      'cv',
      'nsf',
      'tokenize',
      'matching_token',
      'carddenylist_check',
      'carddenylist_decline',
      'priority',
      'timeout',
      'rcpt',
      'rcpt_user_notes',
      'rcpt_email',
      'rcpt_sms',
      'rcpt_duplicate',
      'rcpt_merch_copy',
      'order_id',
      'payment_id',
    ];
    for (const key of standalone) expect(spec(key).standalone).toBe(true);
  });

  it.each([
    ['profile_id', ['v2']],
    ['rcpt_user_notes', ['v2']],
    ['carddenylist_check', ['v2']],
    ['carddenylist_decline', ['v2']],
    ['ksn', ['v1', 'v2']],
    ['3ds_txnid', ['v2']],
    ['cof_transid', ['v2']],
    ['healthcare', ['v2']],
    ['ptrannum', ['v1']],
    ['order_id', ['v1', 'v2']],
    ['payment_id', ['v1', 'v2']],
    ['pin', ['v1', 'v2']],
    ['amount', ['v1', 'v2']],
    ['account', ['v1', 'v2']],
  ])('gives %s the versions %j', (key, versions) => {
    expect(spec(key).versions).toEqual(versions);
  });

  it('types the values the interface types', () => {
    const types: Record<string, string> = {
      amount: 'amount',
      tax: 'tax',
      examount: 'amount',
      currency: 'iso_numeric',
      shipcountry: 'iso_numeric',
      advancedeposit: 'yesno',
      cardpresent: 'yesno',
      rfid: 'yesno',
      capture: 'yesno',
      duplcheck: 'yesno',
      bdate: 'time',
      edate: 'time',
      excharges: 'pipe_list',
      accounttype: 'accounttype',
      expdate: 'expdate',
      icc: 'icc',
      zip: 'zip',
      cv: 'cv',
      pin: 'pin',
      priority: 'priority',
      timeout: 'digits',
      profile_id: 'digits',
      rcpt: 'rcpt',
      rcpt_duplicate: 'yesno',
    };
    for (const [key, type] of Object.entries(types)) expect(spec(key).type).toBe(type);
  });

  it('words the rule of every value type, and uses every type', () => {
    const used = new Set([...PARAM_SPECS.values()].map((param) => param.type));
    for (const type of PARAM_TYPES) {
      expect(PARAM_TYPE_RULES[type].length).toBeGreaterThan(5);
      if (type !== 'timestamp') expect(used.has(type)).toBe(true);
    }
  });

  it('marks only batch, tip, sub and reversal_reason as LaneTerm additions', () => {
    const added = [...PARAM_SPECS.values()].filter((param) => param.origin === 'decision');
    expect(added.map((param) => param.key)).toEqual(['batch', 'tip', 'sub', 'reversal_reason']);
  });
});

describe('sensitive and transport keys', () => {
  it('marks card and account data as sensitive, and nothing else', () => {
    expect([...SENSITIVE_PARAMS].sort()).toEqual(
      [
        'account',
        'cardshieldticket',
        'cv',
        'e_account',
        'e_datafield',
        'e_datafieldfmt',
        'e_datafieldmasked',
        'e_id',
        'e_trackdata',
        'expdate',
        'icc',
        'ksn',
        'pin',
        'token',
        'trackdata',
      ].sort(),
    );
    for (const key of ['abaroute', 'checknum', 'cardholdername', 'zip', 'street', 'ttid']) {
      expect(SENSITIVE_PARAMS.has(key)).toBe(false);
    }
  });

  it('treats any e_* key as sensitive, catalogued or not', () => {
    expect(isSensitiveKey('e_newfield')).toBe(true);
    expect(isSensitiveKey('email')).toBe(false);
  });

  it('lists the transport and credential keys, none of them a parameter', () => {
    expect([...TRANSPORT_KEYS].sort()).toEqual(
      [
        'action',
        'action_trans',
        'admin',
        'auth_apikey_id',
        'auth_apikey_secret',
        'mfa_code',
        'mfa_code_dual',
        'mfa_cookie',
        'password',
        'pwd',
        'user',
        'username',
      ].sort(),
    );
    for (const key of TRANSPORT_KEYS) expect(PARAM_SPECS.has(key)).toBe(false);
  });
});
