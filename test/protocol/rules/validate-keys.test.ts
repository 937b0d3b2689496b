import { describe, expect, it } from 'vitest';
import { flattenJsonBody } from '../../../protocol/request/normalise.ts';
import { sortedKeys } from '../../../protocol/rules/key-rules.ts';
import { V1, V2, validates, validationFails } from './validation-helpers.ts';

const KEYED = { account: '4111111111111111', expdate: '1229' };

describe('validateRequest, phase 1: operation and keys', () => {
  it('refuses an operation the version does not offer', () => {
    const error = validationFails('incremental', { ttid: '1', amount: '1.00' }, V1, {
      kind: 'wrong_version',
      field: undefined,
      rule: 'operation.version',
    });
    expect(error.verbiage).toBe('incremental: not offered in v1');
  });

  it('refuses transport and credential keys, even where custom parameters are allowed', () => {
    for (const key of ['password', 'username', 'action', 'auth_apikey_secret', 'mfa_code']) {
      validationFails('sale', { ...KEYED, amount: '1.00', [key]: 'x' }, V2, {
        kind: 'unknown_parameter',
        field: key,
        rule: 'param.transport_key',
        secret: 'x',
      });
    }
  });

  it('refuses a v2-only parameter on v1 as wrong_version', () => {
    const error = validationFails('sale', { ...KEYED, amount: '1.00', profile_id: '7' }, V1, {
      kind: 'wrong_version',
      field: 'profile_id',
      rule: 'param.version',
    });
    expect(error.verbiage).toBe('profile_id: not a parameter of v1, only of v2');
    validationFails('capture', { ttid: '1', cavv: 'AAABBB' }, V1, {
      kind: 'wrong_version',
      field: 'cavv',
      rule: 'param.version',
    });
  });

  it('refuses a v1-only parameter on v2 as wrong_version', () => {
    validationFails('sale', { ...KEYED, amount: '1.00', ptrannum: '55' }, V2, {
      kind: 'wrong_version',
      field: 'ptrannum',
      rule: 'param.version',
    });
  });

  it('refuses a key the operation takes only in the other version as wrong_version', () => {
    const error = validationFails('sale', { amount: '1.00', ttid: '9032' }, V1, {
      kind: 'wrong_version',
      field: 'ttid',
      rule: 'param.operation_version',
    });
    expect(error.verbiage).toBe('ttid: sale accepts it in v2 only, not in v1');
    validationFails('balanceinq', { trackdata: ';4111=2912?', rcpt: 'yes' }, V1, {
      kind: 'wrong_version',
      field: 'rcpt',
      rule: 'param.operation_version',
    });
  });

  it('takes on v1 the order id, the PIN block with its KSN, and the timeout hint anywhere', () => {
    const debit = { pin: '1234567891123456', ksn: 'FFFF9876543210E00001' };
    validates('sale', { ...KEYED, amount: '1.00', order_id: 'A-1', ...debit }, V1);
    validates('void', { ttid: '1', timeout: '30' }, V1);
    validates('report_unsettled', { timeout: '30' }, V1);
  });

  it('refuses a catalogued key the operation does not take, even with custom parameters', () => {
    const error = validationFails('sale', { ...KEYED, amount: '1.00', payment_id: 'P1' }, V2, {
      kind: 'unknown_parameter',
      field: 'payment_id',
      rule: 'param.not_accepted',
    });
    expect(error.verbiage).toBe('payment_id: not a parameter of sale');
  });

  it('takes uncatalogued keys as custom parameters only where the operation allows them', () => {
    validates('sale', {
      ...KEYED,
      amount: '1.00',
      email: 'a@b.co',
      city: 'Gainesville',
      State: 'FL',
    });
    validates('capture', { ttid: '1', note: 'x' });
    validates('void', { ttid: '1', identifier: '1' });
    validates('refund', { ttid: '1', identifier: '1' });
    validationFails('reversal', { ttid: '1', email: 'a@b.co' }, V2, {
      kind: 'unknown_parameter',
      field: 'email',
      rule: 'param.unknown',
    });
    validationFails('trandetail', { ttid: '1', anything: '' }, V1, {
      kind: 'unknown_parameter',
      field: 'anything',
      rule: 'param.unknown',
    });
  });

  it('takes uncatalogued keys to echo where the interface shows no parameters (monetra_cli identifier)', () => {
    for (const op of [
      'report_failed',
      'report_unsettled',
      'report_settled',
      'report_batches',
    ] as const) {
      validates(op, { identifier: '1' }, V1);
    }
    validates('settle', { batch: '1', sub: '3', identifier: '1' }, V1);
    validates('mfa_cookie', { identifier: '1' }, V1);
    validates('chkpwd', { identifier: '1' }, V2);
    validationFails('report_unsettled', { 'bad key': '1' }, V1, {
      kind: 'invalid',
      field: 'bad key',
      rule: 'custom.key',
      subject: 'custom parameter name',
    });
    validationFails('report_unsettled', { amount: '1.00' }, V1, {
      kind: 'unknown_parameter',
      field: 'amount',
      rule: 'param.not_accepted',
    });
  });

  it('refuses a custom parameter name outside the allowed characters', () => {
    for (const key of ['bad key', 'a=b', 'x'.repeat(65), 'é']) {
      validationFails('sale', { ...KEYED, amount: '1.00', [key]: 'v' }, V2, {
        kind: 'invalid',
        field: key,
        rule: 'custom.key',
        subject: 'custom parameter name',
      });
    }
  });

  it('writes a key that could be a card number as "parameter" in the verbiage', () => {
    for (const key of ['4111111111111111', '4111 1111 1111 1111', 'x4111-1111-1111-1111_ts']) {
      const error = validationFails('reversal', { ttid: '1', [key]: 'v' }, V2, {
        kind: 'unknown_parameter',
        field: key,
        rule: 'param.unknown',
        subject: 'parameter',
      });
      expect(error.verbiage).not.toMatch(/1111/);
    }
  });

  it('checks keys before presence, and in code-unit order', () => {
    validationFails('reversal', { zzz: '1', aaa: '2' }, V2, {
      kind: 'unknown_parameter',
      field: 'aaa',
      rule: 'param.unknown',
    });
    validationFails('reversal', { Zed: '1', alpha: '2' }, V2, {
      kind: 'unknown_parameter',
      field: 'Zed',
      rule: 'param.unknown',
    });
  });

  it('orders keys by UTF-16 code unit, not by locale or code point', () => {
    const keys = ['b', '\uFFFF', 'B', '\u{1F600}', '_', 'é', 'a10', 'a9', 'Z'];
    expect(sortedKeys(Object.fromEntries(keys.map((key) => [key, '1'])))).toEqual([
      'B',
      'Z',
      '_',
      'a10',
      'a9',
      'b',
      'é',
      '\u{1F600}',
      '\uFFFF',
    ]);
  });

  it('treats prototype names as plain keys', () => {
    const params = flattenJsonBody(JSON.parse('{"ttid":"1","constructor":"x"}'));
    validationFails('reversal', params, V2, {
      kind: 'unknown_parameter',
      field: 'constructor',
      rule: 'param.unknown',
    });
  });
});
