import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PARAM_SPECS } from '../../../protocol/catalogue/param-specs.ts';
import { ProtocolError } from '../../../protocol/errors.ts';
import { OPERATIONS, type OperationName } from '../../../protocol/operations.ts';
import type { Params } from '../../../protocol/params.ts';
import { validateRequest } from '../../../protocol/rules/validate-request.ts';
import { V1, V2, validates, validationFails } from './validation-helpers.ts';

const TRACK = { trackdata: '%B4111111111111111^TEST CARD/VI^2512101?' };

/** The smallest valid request of every operation. */
const MINIMAL: Readonly<Record<OperationName, Params>> = {
  sale: { amount: '10.00', ...TRACK },
  preauth: { amount: '10.00', ...TRACK },
  preauthcomplete: { ttid: '9032' },
  capture: { ttid: '9032' },
  incremental: { ttid: '9032', amount: '20.00' },
  adjust: { ttid: '9032' },
  reversal: { ttid: '9032' },
  void: { ttid: '9032' },
  refund: { amount: '5.00', ttid: '9032' },
  balanceinq: TRACK,
  cardtype: { account: '4111111111111111' },
  activate: { account: '6035710110009768' },
  issue: { account: '6035710110009768', amount: '25.00' },
  cashout: { account: '6035710110009768' },
  merchreturn: { ttid: '9032', amount: '5.00' },
  trandetail: { ttid: '9032' },
  report_failed: {},
  report_unsettled: {},
  report_settled: {},
  report_batches: {},
  report_settled_batches: {},
  settle: {},
  mfa_cookie: {},
  chkpwd: {},
  ticket_session: { allowed_origin: 'https://shop.example' },
};

describe('every operation', () => {
  it.each(OPERATIONS)('%s takes its smallest request in every version offering it', (op) => {
    for (const ctx of [V1, V2]) {
      if (op === 'incremental' && ctx.version === 'v1') continue;
      expect(() => validateRequest(op, MINIMAL[op], ctx)).not.toThrow();
    }
  });

  const profiled = OPERATIONS.filter((op) => op !== 'mfa_cookie' && op !== 'chkpwd');
  it.each(profiled)('%s takes profile_id in v2', (op) => {
    expect(() => validateRequest(op, { ...MINIMAL[op], profile_id: '3' }, V2)).not.toThrow();
  });
});

describe('required keys', () => {
  it.each([
    ['sale', { ...TRACK }, 'amount'],
    ['preauth', { ...TRACK }, 'amount'],
    ['preauthcomplete', {}, 'ttid'],
    ['capture', {}, 'ttid'],
    ['incremental', { ttid: '1' }, 'amount'],
    ['incremental', { amount: '1.00' }, 'ttid'],
    ['adjust', { tax: 'NT' }, 'ttid'],
    ['reversal', { amount: '1.00' }, 'ttid'],
    ['void', {}, 'ttid'],
    ['issue', { account: '6035710110009768' }, 'amount'],
    ['merchreturn', { ttid: '1' }, 'amount'],
  ] as const)('%s without %j names %s', (op, params, field) => {
    validationFails(op, params, V2, { kind: 'missing', field, rule: 'param.required' });
  });

  it.each(['balanceinq', 'cardtype', 'activate', 'cashout'] as const)(
    '%s needs an account entry',
    (op) => {
      validationFails(op, {}, V1, {
        kind: 'missing',
        field: 'account_data',
        rule: 'entry.required',
      });
    },
  );

  it('refund needs amount with account data, not with a prior ttid', () => {
    validates('refund', { ttid: '9032' }, V1);
    const error = validationFails('refund', TRACK, V1, {
      kind: 'missing',
      field: 'amount',
      rule: 'param.required_with_entry',
    });
    expect(error.verbiage).toBe('amount: required by refund with account data');
  });

  it('refund and merchreturn need a ttid or an account entry', () => {
    validationFails('refund', { amount: '1.00' }, V1, {
      kind: 'missing',
      field: 'account_data',
      rule: 'entry.required',
    });
    expect(() => validateRequest('refund', { amount: '1.00', ...TRACK }, V1)).not.toThrow();
    validationFails('merchreturn', { amount: '1.00' }, V1, {
      kind: 'missing',
      field: 'account_data',
      rule: 'entry.required',
    });
  });
});

describe('trandetail', () => {
  it('needs ttid or order_id', () => {
    const error = validationFails('trandetail', { rcpt: 'yes' }, V1, {
      kind: 'missing',
      field: 'ttid',
      rule: 'entry.required',
    });
    expect(error.verbiage).toBe('ttid: one of these is required: ttid, order_id, order_id+ttid');
  });

  it('takes ttid with order_id (the order routes list ttid) in both versions', () => {
    for (const ctx of [V1, V2]) {
      expect(() =>
        validateRequest('trandetail', { ttid: '1', order_id: 'A-1', payment_id: '2' }, ctx),
      ).not.toThrow();
    }
  });

  it('takes payment_id only with order_id', () => {
    expect(() =>
      validateRequest('trandetail', { order_id: 'A-1', payment_id: 'P-2' }, V1),
    ).not.toThrow();
    const error = validationFails('trandetail', { ttid: '1', payment_id: 'P-2' }, V1, {
      kind: 'requires',
      field: 'payment_id',
      rule: 'param.requires',
    });
    expect(error.verbiage).toBe('payment_id: requires order_id');
  });

  it('takes the receipt options', () => {
    const params = {
      ttid: '1',
      rcpt: 'type=html',
      rcpt_email: 'a@b.co',
      rcpt_sms: '+13525551234',
      rcpt_duplicate: 'yes',
      rcpt_merch_copy: 'no',
    };
    expect(() => validateRequest('trandetail', params, V1)).not.toThrow();
  });
});

describe('companions', () => {
  it('ksn needs pin', () => {
    validationFails('sale', { ...MINIMAL.sale, ksn: 'FFFF9876543210E00001' }, V2, {
      kind: 'requires',
      field: 'ksn',
      rule: 'param.requires',
    });
    const debit = { ...MINIMAL.sale, ksn: 'FFFF9876543210E00001', pin: '0123456789ABCDEF' };
    expect(() => validateRequest('sale', debit, V2)).not.toThrow();
  });

  it('installments come in pairs, the number not above the total', () => {
    validationFails('sale', { ...MINIMAL.sale, installment_num: '1' }, V2, {
      kind: 'requires',
      field: 'installment_num',
      rule: 'param.requires',
    });
    validationFails('sale', { ...MINIMAL.sale, installment_total: '3' }, V2, {
      kind: 'requires',
      field: 'installment_total',
      rule: 'param.requires',
    });
    validationFails('sale', { ...MINIMAL.sale, installment_num: '4', installment_total: '3' }, V2, {
      kind: 'invalid',
      field: 'installment_num',
      rule: 'installment.order',
    });
    const ok = { ...MINIMAL.sale, installment_num: '3', installment_total: '3' };
    expect(() => validateRequest('sale', ok, V2)).not.toThrow();
  });
});

describe('phase order', () => {
  it('reports presence before exclusivity before companions before values', () => {
    validationFails('refund', { amount: '1.00', ttid: '9', token: '', zip: 'z'.repeat(40) }, V1, {
      kind: 'exclusive',
      field: 'account_data',
      rule: 'entry.multiple',
    });
    validationFails('trandetail', { ttid: 'bad id', payment_id: 'P' }, V1, {
      kind: 'requires',
      field: 'payment_id',
      rule: 'param.requires',
    });
    validationFails('void', { ttid: 'bad id' }, V1, {
      kind: 'invalid',
      field: 'ttid',
      rule: 'identifier.format',
    });
  });
});

describe('any input', () => {
  const keys = fc.oneof(fc.constantFrom(...PARAM_SPECS.keys(), 'password', 'x_ts'), fc.string());
  const values = fc.oneof(
    fc.string(),
    fc.constantFrom('', '0.00', 'NT', 'BOD', '+1 day', 'yes', '4111111111111111', '1229'),
  );

  it('either validates or throws a ProtocolError, for every operation and version', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPERATIONS),
        fc.constantFrom(V1, V2),
        fc.dictionary(keys, values, { maxKeys: 12 }),
        (op, ctx, params) => {
          try {
            validateRequest(op, params, ctx);
          } catch (error) {
            expect(error).toBeInstanceOf(ProtocolError);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
