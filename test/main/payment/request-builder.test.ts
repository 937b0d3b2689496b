import { describe, expect, it } from 'vitest';
import { PaymentRequestError } from '../../../main/payment/errors.ts';
import { caught } from '../../drivers/crypto/helpers/caught.ts';
import {
  flattenInput,
  prepareRequest,
  type RequestContext,
} from '../../../main/payment/request-builder.ts';

const context: RequestContext = {
  version: 'v2',
  timeZone: 'America/New_York',
  now: new Date('2026-03-01T12:00:00Z'),
  newOrderId: () => 'order-1',
};
const card = { account: '4111111111111111', expdate: '1230' };

function refusal(run: () => unknown): PaymentRequestError {
  return caught(PaymentRequestError, run);
}

describe('flattenInput', () => {
  it('moves grouped pairs to the top level and keeps flat ones', () => {
    const params = flattenInput({
      money: { amount: '5.00', tax: 'NT' },
      account_data: card,
      cv: '999',
    });
    expect({ ...params }).toEqual({ amount: '5.00', tax: 'NT', ...card, cv: '999' });
  });

  it('writes amounts given in minor units as two-decimal strings, and counts as digits', () => {
    const params = flattenInput({ money: { amount: 1250, tax: 7 }, timeout: 30 });
    expect({ ...params }).toEqual({ amount: '12.50', tax: '0.07', timeout: '30' });
  });

  it('sends an empty value as empty and leaves an undefined one out', () => {
    const params = flattenInput({ zip: '', street: undefined, verification: { cv: undefined } });
    expect({ ...params }).toEqual({ zip: '' });
    expect(Object.keys(params)).toEqual(['zip']);
  });

  it('refuses a number where the interface takes text, and a fractional amount', () => {
    expect(
      refusal(() => prepareRequest('sale', { ...card, amount: 5, zip: 32606 }, context)).rule,
    ).toBe('value.string');
    expect(refusal(() => prepareRequest('sale', { ...card, amount: 5.5 }, context)).rule).toBe(
      'number.whole',
    );
  });

  it('names a key that could be a card number "parameter" in the message, as protocol does', () => {
    const error = refusal(() =>
      prepareRequest('sale', { ...card, '4111111111111111': 1.5 }, context),
    );
    expect(error.rule).toBe('number.whole');
    expect(error.message).toBe('parameter: must be a whole, non-negative number');
  });

  it('refuses the same key twice with different values, naming the key', () => {
    const error = refusal(() =>
      prepareRequest('sale', { ...card, amount: '5.00', money: { amount: '6.00' } }, context),
    );
    expect(error.field).toBe('amount');
    expect(error.rule).toBe('value.conflict');
  });
});

describe('prepareRequest', () => {
  it('gives a new transaction an order id when the caller gives none, and keeps the caller’s', () => {
    const generated = prepareRequest('sale', { ...card, amount: '5.00' }, context);
    expect(generated.orderId).toBe('order-1');
    expect(generated.params.order_id).toBe('order-1');
    const given = prepareRequest('refund', { ...card, amount: '5.00', order_id: 'mine' }, context);
    expect(given.orderId).toBe('mine');
  });

  it('gives moves on an existing transaction no order id, and reads their ttid', () => {
    const capture = prepareRequest('capture', { ttid: '17' }, context);
    expect(capture.orderId).toBeUndefined();
    expect(capture.params.order_id).toBeUndefined();
    expect(capture.ttid).toBe('17');
  });

  it('gives v1 sales an order id as well', () => {
    const v1 = prepareRequest('sale', { ...card, amount: '5.00' }, { ...context, version: 'v1' });
    expect(v1.orderId).toBe('order-1');
  });

  it('keeps the requested amount of sales and preauths for the partial-approval check', () => {
    expect(prepareRequest('preauth', { ...card, amount: 1250 }, context).requestedAmount).toBe(
      '12.50',
    );
    expect(
      prepareRequest('reversal', { ttid: '3', amount: '1.00' }, context).requestedAmount,
    ).toBeUndefined();
  });

  it.each([
    [{ ...card, amount: '0.00' }, 'amount', 'amount.positive'],
    [{ ...card, amount: '5.001' }, 'amount', 'amount.format'],
    [{ ...card, amount: '5.00', cv: '12' }, 'cv', 'cv.format'],
    [{ ...card, amount: '5.00', zip: '1'.repeat(33) }, 'zip', 'zip.length'],
    [{ amount: '5.00' }, 'account_data', 'entry.required'],
    [{ ...card, amount: '5.00', username: 'x' }, 'username', 'param.transport_key'],
  ])(
    'refuses a request breaking a rule before sending: %# names %s and %s',
    (input, field, rule) => {
      const error = refusal(() => prepareRequest('sale', input, context));
      expect(error.field).toBe(field);
      expect(error.rule).toBe(rule);
      expect(error.code).toBe('invalid_request');
    },
  );

  it('never echoes the refused value: a bad account number is named, not shown', () => {
    const error = refusal(() =>
      prepareRequest(
        'sale',
        { account: '41111111x1111111', expdate: '1230', amount: '1.00' },
        context,
      ),
    );
    expect(error.message).not.toContain('41111111');
    expect(error.field).toBe('account');
  });

  it('refuses v2-only operations and parameters in v1', () => {
    const v1 = { ...context, version: 'v1' as const };
    expect(
      refusal(() => prepareRequest('incremental', { ttid: '1', amount: '9.00' }, v1)).kind,
    ).toBe('wrong_version');
    expect(refusal(() => prepareRequest('sale', { ttid: '1', amount: '9.00' }, v1)).kind).toBe(
      'wrong_version',
    );
  });
});
