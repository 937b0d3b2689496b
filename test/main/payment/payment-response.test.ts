import { describe, expect, it } from 'vitest';
import { PaymentResponse, maskPairs, maskValue } from '../../../main/payment/payment-response.ts';

describe('PaymentResponse', () => {
  const response = new PaymentResponse({
    code: 'AUTH',
    msoft_code: 'INT_SUCCESS',
    ttid: '42',
    auth: '123456',
    account: 'XXXXXXXXXXXX1111',
    authamount: '12.50',
    balance: '0.00',
    avs: 'GOOD',
    cv: 'BAD',
    verbiage: '',
    txnstatus: 'APPROVED|ADJUSTED',
    rcpt_host_ts: '010716171136',
    card_prepaid: 'no',
  });

  it('reads the common fields, amounts in minor units, empty values as absent', () => {
    expect(response.ttid).toBe('42');
    expect(response.authAmount).toBe(1250);
    expect(response.balance).toBe(0);
    expect(response.verbiage).toBeUndefined();
    expect(response.txnstatus).toEqual(['APPROVED', 'ADJUSTED']);
    expect(response.receipt).toEqual({ rcpt_host_ts: '010716171136' });
    expect(response.card).toEqual({ card_prepaid: 'no' });
  });

  it('masks a bare account number a non-conforming service answers', () => {
    expect(new PaymentResponse({ account: '4111111111111111' }).account).toBe('XXXXXXXXXXXX1111');
  });

  it('masks card data for display but keeps results that share a key with it', () => {
    expect(maskValue('account', '4111111111111111')).toBe('XXXXXXXXXXXX1111');
    expect(maskValue('token', '9000123412341234')).toBe('XXXXXXXXXXXX1234');
    expect(maskValue('expdate', '1230')).toBe('XXXX');
    expect(maskValue('trackdata', '%B4111^X^25')).toBe('XXXXXXXXXXX');
    expect(maskValue('cv', '999')).toBe('XXX');
    expect(maskValue('cv', 'GOOD')).toBe('GOOD');
    expect(maskValue('verbiage', 'APPROVED')).toBe('APPROVED');
    expect({ ...maskPairs({ account: '5454545454545454', ttid: '1' }) }).toEqual({
      account: 'XXXXXXXXXXXX5454',
      ttid: '1',
    });
  });

  it('shows no digit of other card data, even when it is a card-length number', () => {
    expect(maskValue('pin', '1234567890123456')).toBe('XXXXXXXXXXXXXXXX');
    expect(maskValue('e_track', '123456789012')).toBe('XXXXXXXXXXXX');
    expect(maskValue('account', '4111111111111111=2512')).toBe('XXXXXXXXXXXXXXXXXXXXX');
  });

  it('reads keys in any case: report columns keep the case the service sent', () => {
    expect({ ...maskPairs({ Account: '4111111111111111', ExpDate: '1230' }) }).toEqual({
      Account: 'XXXXXXXXXXXX1111',
      ExpDate: 'XXXX',
    });
  });
});
