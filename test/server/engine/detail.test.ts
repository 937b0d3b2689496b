import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { giftCard } from './helpers/gift-fixture.ts';
import { EngineFixture, keyedSale } from './helpers/engine-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => fx.close());

describe('trandetail by ttid', () => {
  it('answers the detail fields of the interface', async () => {
    const sale = await fx.run(
      'sale',
      keyedSale('12.34', {
        tax: '1.00',
        laneid: '4',
        clerkid: 'kim',
        custref: 'R-1',
        cardholdername: 'KIM LEE',
        order_id: 'O-1',
        email: 'kim@example.com',
      }),
    );
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(detail).toMatchObject({
      code: 'AUTH',
      msoft_code: 'INT_SUCCESS',
      ttid: sale.ttid,
      action: 'sale',
      orig_code: 'AUTH',
      orig_msoft_code: 'INT_SUCCESS',
      orig_phard_code: 'SUCCESS',
      orig_reqamount: '12.34',
      orig_verbiage: 'APPROVED',
      amount: '12.34',
      tax: '1.00',
      laneid: '4',
      clerkid: 'kim',
      custref: 'R-1',
      zip: '32606',
      expdate: '1230',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
      cardholdername: 'KIM LEE',
      auth: sale.auth,
      batch: '1',
      item: '1',
      stan: '000001',
      avs: 'GOOD',
      cv: 'GOOD',
      merch_name: 'test_retail',
      merch_proc: 'loopback',
      reversible: 'yes',
      tranflags: 'CAPTURED|ONLINE|SENSITIVEDATA',
      txnstatus: 'APPROVED',
      last_modified_ts: String(Math.floor(fx.clock.current.getTime() / 1000)),
      order_id: 'O-1',
      payment_id: '1',
      email: 'kim@example.com',
      timestamp: sale.timestamp,
    });
    const values = Object.values(detail);
    expect(values.join('\n')).not.toContain('4111111111111111');
    expect(values.join('\n')).not.toContain('5800 NW');
    expect(values).not.toContain('999');
  });

  it('shows COMPLETE and no card data once settled', async () => {
    const sale = await fx.run('sale', keyedSale('5.00'));
    fx.clock.advance(60);
    await fx.run('settle', {});
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(detail).toMatchObject({
      txnstatus: 'APPROVED|COMPLETE',
      tranflags: 'CAPTURED|ONLINE',
      reversible: 'no',
    });
    expect(detail.expdate).toBeUndefined();
    expect(Number(detail.last_modified_ts)).toBe(Math.floor(fx.clock.current.getTime() / 1000));
  });

  it('of a declined sale carries its original result', async () => {
    const sale = await fx.run('sale', keyedSale('6.01'));
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(detail).toMatchObject({
      code: 'AUTH',
      orig_code: 'DENY',
      orig_phard_code: 'GENERICFAIL',
      orig_verbiage: 'DECLINE',
      txnstatus: 'DECLINED',
      tranflags: 'ONLINE',
      reversible: 'no',
    });
  });

  it('does not let a custom parameter pose as a response field', async () => {
    const sale = await fx.run(
      'sale',
      keyedSale('5.00', { txnstatus: 'FAKE', rcpt_custom: 'x', note: 'kept' }),
    );
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(detail.txnstatus).toBe('APPROVED');
    expect(detail.rcpt_custom).toBeUndefined();
    expect(detail.note).toBe('kept');
  });

  it('of an unknown ttid is not found', async () => {
    expect(await fx.run('trandetail', { ttid: '31337' })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_RECORDNOTFOUND',
      verbiage: 'ttid: no such transaction',
    });
  });
});

describe('trandetail by order', () => {
  it('finds the newest payment of an order, with order totals and every ttid', async () => {
    const a = await fx.run('sale', keyedSale('10.00', { order_id: 'O-9', tax: '0.80' }));
    const b = await fx.run('sale', keyedSale('6.01', { order_id: 'O-9' }));
    const c = await fx.run('sale', keyedSale('5.00', { order_id: 'O-9', tax: '0.00' }));
    const byOrder = await fx.run('trandetail', { order_id: 'O-9' });
    expect(byOrder).toMatchObject({
      ttid: c.ttid,
      tax: '0.00',
      order_id: 'O-9',
      payment_id: '3',
      order_total: '15.00',
      order_tax: '0.80',
      trans: [a.ttid, b.ttid, c.ttid].join('|'),
    });
    const byPayment = await fx.run('trandetail', { order_id: 'O-9', payment_id: '1' });
    expect(byPayment).toMatchObject({
      ttid: a.ttid,
      payment_id: '1',
      trans: a.ttid,
      order_total: '15.00',
    });
    const declined = await fx.run('trandetail', { order_id: 'O-9', payment_id: '2' });
    expect(declined).toMatchObject({ ttid: b.ttid, orig_code: 'DENY', txnstatus: 'DECLINED' });
  });

  it('finds a refund of an order under the order, as its next payment', async () => {
    const sale = await fx.run('sale', keyedSale('10.00', { order_id: 'O-R' }));
    const refund = await fx.run('refund', { ttid: sale.ttid ?? '', amount: '4.00' });
    expect([refund.order_id, refund.payment_id]).toEqual(['O-R', '2']);
    expect(await fx.run('trandetail', { order_id: 'O-R', payment_id: '2' })).toMatchObject({
      ttid: refund.ttid,
      action: 'refund',
    });
  });

  it('counts refunds against the order total', async () => {
    const sale = await fx.run('sale', keyedSale('10.00', { order_id: 'O-R' }));
    await fx.run('refund', { ttid: sale.ttid ?? '', amount: '4.00' });
    expect((await fx.run('trandetail', { order_id: 'O-R' })).order_total).toBe('6.00');
  });

  it('totals an order of a refund or a gift issue alone below zero, with a minus sign', async () => {
    const sale = await fx.run('sale', keyedSale('10.00'));
    await fx.run('refund', { ttid: sale.ttid ?? '', amount: '4.00', order_id: 'O-REFUND' });
    expect(await fx.run('trandetail', { order_id: 'O-REFUND' })).toMatchObject({
      code: 'AUTH',
      action: 'refund',
      orig_code: 'AUTH',
      order_total: '-4.00',
    });
    await fx.run('issue', { account: giftCard(77), amount: '20.00', order_id: 'O-ISSUE' });
    expect(await fx.run('trandetail', { order_id: 'O-ISSUE' })).toMatchObject({
      action: 'issue',
      orig_code: 'AUTH',
      order_total: '-20.00',
    });
  });

  it('answers not found naming the order or the payment', async () => {
    await fx.run('sale', keyedSale('10.00', { order_id: 'O-1' }));
    expect((await fx.run('trandetail', { order_id: 'nope' })).verbiage).toBe(
      'order_id: no such order',
    );
    expect((await fx.run('trandetail', { order_id: 'O-1', payment_id: '2' })).verbiage).toBe(
      'payment_id: no such payment',
    );
  });

  it('refuses ttid together with order_id, and payment_id without order_id', async () => {
    const both = await fx.run('trandetail', { order_id: 'O-1', ttid: '1' });
    expect(both.code).toBe('DENY');
    expect(both.msoft_code).toMatch(/^DATA_/);
    const payment = await fx.run('trandetail', { payment_id: '1' });
    expect(payment.code).toBe('DENY');
  });
});
