import { describe, expect, it } from 'vitest';
import type { Params } from '../../../protocol/params.ts';
import { flattenJsonBody } from '../../../protocol/request/normalise.ts';
import { validateRequest } from '../../../protocol/rules/validate-request.ts';
import type { ExpectedError } from './expect-error.ts';
import { V1, V2, validates, validationFails } from './validation-helpers.ts';

const SALE = { amount: '10.00', account: '4111111111111111', expdate: '1229' };

const sale = (extra: Params, ctx = V2): void => validateRequest('sale', { ...SALE, ...extra }, ctx);
const saleFails = (extra: Params, e: ExpectedError, ctx = V2) =>
  validationFails('sale', { ...SALE, ...extra }, ctx, e);

describe('validateRequest, phase 3: values', () => {
  it('takes a full lane sale by chip with an encrypted PIN in v2', () => {
    const body = {
      account_data: { icc: '5F2A020840820258009F02060000000010009F2608A1B2C3D4E5F60718' },
      pin_data: { pin: '0123456789ABCDEF', ksn: 'FFFF9876543210E00001' },
      money: { amount: '10.00', tax: 'NT', currency: '840', cashbackamount: '20.00' },
      order: { order_id: 'lane4-20250715-0001', ordernum: 'INV 1001' },
      lane: { laneid: '4', clerkid: '17', stationid: 'S4' },
      processing_options: { priority: 'high', timeout: '30', capture: 'yes' },
      verification: { zip: '', cv: 'NR' },
      nsf: 'yes',
      rcpt: 'type=text;line_len=40',
      rcpt_user_notes: 'Thank you',
      carddenylist_check: 'yes',
    };
    expect(() => validateRequest('sale', flattenJsonBody(body), V2)).not.toThrow();
  });

  it('takes the interface edge values: zip of 32, cv NR/NA/N or absent, tax NT/nt/0.00', () => {
    const cases: Params[] = [
      { zip: 'z'.repeat(32) },
      { zip: '' },
      { cv: 'NR' },
      { cv: 'NA' },
      { cv: 'N' },
      {},
      { tax: 'NT' },
      { tax: 'nt' },
      { tax: '0.00' },
    ];
    for (const extra of cases) {
      expect(() => sale(extra)).not.toThrow();
    }
  });

  it.each<[Params, ExpectedError]>([
    [{ amount: '0.00' }, { kind: 'invalid', field: 'amount', rule: 'amount.positive' }],
    [{ tax: '-1.00' }, { kind: 'invalid', field: 'tax', rule: 'tax.format' }],
    [{ examount: '1.5.0' }, { kind: 'invalid', field: 'examount', rule: 'amount.format' }],
    [{ zip: 'z'.repeat(33) }, { kind: 'invalid', field: 'zip', rule: 'zip.length' }],
    [{ cv: '12' }, { kind: 'invalid', field: 'cv', rule: 'cv.format', secret: '12' }],
    [{ expdate: '1329' }, { kind: 'invalid', field: 'expdate', rule: 'expdate.month' }],
    [{ nsf: 'YES' }, { kind: 'invalid', field: 'nsf', rule: 'yesno.format' }],
    [{ priority: 'urgent' }, { kind: 'invalid', field: 'priority', rule: 'priority.format' }],
    [{ timeout: '30s' }, { kind: 'invalid', field: 'timeout', rule: 'digits.format' }],
    [{ currency: 'USD' }, { kind: 'invalid', field: 'currency', rule: 'iso_numeric.format' }],
    [
      { excharges: 'GIFT||MINI' },
      { kind: 'invalid', field: 'excharges', rule: 'pipe_list.member' },
    ],
    [{ profile_id: 'abc' }, { kind: 'invalid', field: 'profile_id', rule: 'digits.format' }],
    [{ rcpt: 'no' }, { kind: 'invalid', field: 'rcpt', rule: 'rcpt.format' }],
    [{ order_id: 'a/b' }, { kind: 'invalid', field: 'order_id', rule: 'identifier.format' }],
    [{ bdate: 'tomorrow' }, { kind: 'invalid', field: 'bdate', rule: 'time.format' }],
    [{ cust_regdate: '2025-02-30' }, { kind: 'invalid', field: 'cust_regdate', rule: 'time.date' }],
  ])('refuses %j', (extra, expected) => {
    saleFails(extra, expected);
  });

  it('refuses a bad account number without echoing it', () => {
    const error = saleFails(
      { account: '4111 1111 1111 1111' },
      { kind: 'invalid', field: 'account', rule: 'account.format', secret: '4111' },
    );
    expect(error.verbiage).toBe('account: must be 4–19 digits');
  });

  it('refuses BOD in v1 naming the version rule, and takes it in v2', () => {
    saleFails(
      { bdate: 'BOD' },
      { kind: 'wrong_version', field: 'bdate', rule: 'time.version' },
      V1,
    );
    expect(() => sale({ bdate: 'BOD', edate: 'EOD' })).not.toThrow();
  });

  it('refuses an edate before bdate, resolving both in the merchant zone', () => {
    saleFails(
      { bdate: '2025-07-10', edate: '2025-07-09 23:59:59' },
      { kind: 'invalid', field: 'edate', rule: 'time.order' },
    );
    expect(() => sale({ bdate: '2025-07-10', edate: '2025-07-10' })).not.toThrow();
    expect(() => sale({ bdate: '-1 day', edate: 'now' }, V1)).not.toThrow();
    validates('report_settled', { bdate: '-7 days', edate: 'now' }, V1);
    validationFails('report_settled', { bdate: 'now', edate: '-7 days' }, V1, {
      kind: 'invalid',
      field: 'edate',
      rule: 'time.order',
    });
  });

  it('checks custom *_ts keys as Unix seconds and takes other custom values as they are', () => {
    expect(() => sale({ visit_ts: '1752597045', note: '' })).not.toThrow();
    saleFails(
      { visit_ts: '2025-07-15' },
      { kind: 'invalid', field: 'visit_ts', rule: 'timestamp.format' },
    );
  });

  it('checks values in code-unit order of keys', () => {
    saleFails(
      { amount: 'x', zip: 'z'.repeat(40) },
      { kind: 'invalid', field: 'amount', rule: 'amount.format' },
    );
    saleFails({ cv: '1', bdate: 'x' }, { kind: 'invalid', field: 'bdate', rule: 'time.format' });
  });

  it('never echoes a sensitive value in any error', () => {
    const secrets: Params = {
      pin: '12345',
      ksn: 'ABC',
      cv: '12345',
      expdate: '9999',
      icc: '9F0',
      e_id: 'XYZ',
    };
    for (const [key, value] of Object.entries(secrets)) {
      let verbiage = '';
      try {
        const entry: Params = key === 'icc' ? { amount: '1.00' } : SALE;
        const pin: Params = key === 'ksn' ? { pin: 'PINLESS' } : {};
        validateRequest('sale', { ...entry, ...pin, [key]: value }, V2);
      } catch (error) {
        verbiage = (error as Error).message;
      }
      expect(verbiage.startsWith(`${key}: `)).toBe(true);
      expect(verbiage).not.toContain(value);
    }
  });
});
