import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineFixture, keyedSale } from './helpers/engine-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => fx.close());

async function ttidOf(op: 'sale' | 'preauth', params: Record<string, string>): Promise<string> {
  const pairs = await fx.run(op, params);
  expect(pairs.code).toBe('AUTH');
  return pairs.ttid ?? '';
}

describe('capture and preauthcomplete', () => {
  it('capture puts an uncaptured sale into the open batch, online, keeping its ttid', async () => {
    const ttid = await ttidOf('sale', keyedSale('10.00', { capture: 'no' }));
    const pairs = await fx.run('capture', { ttid, priority: 'high' });
    expect(pairs).toMatchObject({
      code: 'AUTH',
      phard_code: 'SUCCESS',
      ttid,
      batch: '1',
      item: '1',
    });
    expect(pairs.stan).toBe('000002');
    expect((await fx.run('trandetail', { ttid })).tranflags).toBe('CAPTURED|ONLINE|SENSITIVEDATA');
  });

  it('preauthcomplete settles on a final amount that may differ', async () => {
    const ttid = await ttidOf('preauth', keyedSale('50.00'));
    const pairs = await fx.run('preauthcomplete', { ttid, amount: '57.50' });
    expect(pairs).toMatchObject({ code: 'AUTH', batch: '1' });
    const detail = await fx.run('trandetail', { ttid });
    expect(detail).toMatchObject({ amount: '57.50', orig_reqamount: '50.00', action: 'preauth' });
  });
});

describe('reversal', () => {
  it('without amount removes the whole hold and clears the card data', async () => {
    const ttid = await ttidOf('preauth', keyedSale('30.00'));
    const pairs = await fx.run('reversal', { ttid });
    expect(pairs).toMatchObject({ code: 'AUTH', phard_code: 'SUCCESS', ttid });
    const detail = await fx.run('trandetail', { ttid });
    expect(detail).toMatchObject({
      txnstatus: 'APPROVED|REVERSED',
      tranflags: 'ONLINE',
      reversible: 'no',
      amount: '0.00',
      orig_reqamount: '30.00',
    });
    expect(detail.expdate).toBeUndefined();
  });

  it('after a partial one, a whole reversal leaves nothing held', async () => {
    const ttid = await ttidOf('sale', keyedSale('30.00'));
    expect((await fx.run('reversal', { ttid, amount: '12.00' })).code).toBe('AUTH');
    expect((await fx.run('trandetail', { ttid })).amount).toBe('12.00');
    expect((await fx.run('reversal', { ttid })).code).toBe('AUTH');
    expect(await fx.run('trandetail', { ttid })).toMatchObject({
      amount: '0.00',
      txnstatus: 'APPROVED|REVERSED|PARTIALREVERSAL',
    });
  });

  it('keeps the reason the lane gives and echoes it in the detail', async () => {
    const ttid = await ttidOf('sale', keyedSale('30.00'));
    const pairs = await fx.run('reversal', { ttid, reversal_reason: 'CARDDECLINE' });
    expect(pairs.code).toBe('AUTH');
    expect((await fx.run('trandetail', { ttid })).reversal_reason).toBe('CARDDECLINE');
  });

  it('with amount lowers the hold to that final amount (Visa)', async () => {
    const ttid = await ttidOf('sale', keyedSale('30.00'));
    const pairs = await fx.run('reversal', { ttid, amount: '12.00' });
    expect(pairs.code).toBe('AUTH');
    const detail = await fx.run('trandetail', { ttid });
    expect(detail).toMatchObject({
      amount: '12.00',
      txnstatus: 'APPROVED|PARTIALREVERSAL',
      reversible: 'yes',
    });
  });

  it('refuses a partial reversal for Amex', async () => {
    const ttid = await ttidOf('sale', {
      account: '371449635398431',
      expdate: '1230',
      amount: '30.00',
    });
    const pairs = await fx.run('reversal', { ttid, amount: '10.00' });
    expect(pairs).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'reversal: partial reversal is not allowed for AMEX cards',
    });
    expect((await fx.run('reversal', { ttid })).code).toBe('AUTH');
  });

  it('refuses a final amount at or above the amount held', async () => {
    const ttid = await ttidOf('preauth', keyedSale('30.00'));
    const same = await fx.run('reversal', { ttid, amount: '30.00' });
    expect(same).toMatchObject({ msoft_code: 'DATA_INVALIDMOD' });
    expect(same.verbiage).toContain('nothing to reverse');
    const above = await fx.run('reversal', { ttid, amount: '31.00' });
    expect(above.verbiage).toContain('use incremental');
  });

  it('of an unknown or another merchant’s ttid is not found', async () => {
    const ttid = await ttidOf('sale', keyedSale('30.00'));
    expect(await fx.run('reversal', { ttid: '424242' })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_RECORDNOTFOUND',
      verbiage: 'ttid: no such transaction',
    });
    const other = fx.otherMerchant();
    expect((await fx.run('reversal', { ttid }, other)).msoft_code).toBe('DATA_RECORDNOTFOUND');
    expect((await fx.run('trandetail', { ttid }, other)).msoft_code).toBe('DATA_RECORDNOTFOUND');
  });
});

describe('void', () => {
  it('cancels an unsettled sale offline: no phard_code, card data cleared', async () => {
    const ttid = await ttidOf('sale', keyedSale('9.00'));
    const pairs = await fx.run('void', { ttid });
    expect(pairs).toMatchObject({ code: 'AUTH', msoft_code: 'INT_SUCCESS', verbiage: 'SUCCESS' });
    expect(pairs.phard_code).toBeUndefined();
    const detail = await fx.run('trandetail', { ttid });
    expect(detail).toMatchObject({
      txnstatus: 'APPROVED|VOIDED',
      tranflags: 'ONLINE',
      amount: '0.00',
    });
  });

  it('keeps custom parameters sent with it, as monetra_cli sends identifier', async () => {
    const ttid = await ttidOf('sale', keyedSale('9.00', { identifier: '1', lane_note: 'a' }));
    expect((await fx.run('void', { ttid, identifier: '2' })).code).toBe('AUTH');
    expect(await fx.run('trandetail', { ttid })).toMatchObject({ identifier: '2', lane_note: 'a' });
  });

  it('refuses to void a sale that has refunds', async () => {
    const ttid = await ttidOf('sale', keyedSale('9.00'));
    expect((await fx.run('refund', { ttid, amount: '2.00' })).code).toBe('AUTH');
    const pairs = await fx.run('void', { ttid });
    expect(pairs).toMatchObject({
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'void: transaction has refunds; void them first',
    });
  });
});

describe('adjust', () => {
  it('changes the parameters and amount of an unsettled captured sale', async () => {
    const ttid = await ttidOf('sale', keyedSale('20.00', { laneid: '3' }));
    const pairs = await fx.run('adjust', {
      ttid,
      amount: '23.00',
      tax: '1.50',
      tip: '3.00',
      clerkid: '77',
      tip_note: 'x',
    });
    expect(pairs).toMatchObject({ code: 'AUTH', verbiage: 'SUCCESS', ttid });
    const detail = await fx.run('trandetail', { ttid });
    expect(detail).toMatchObject({
      amount: '23.00',
      tax: '1.50',
      tip: '3.00',
      clerkid: '77',
      laneid: '3',
      tip_note: 'x',
      txnstatus: 'APPROVED|ADJUSTED',
    });
  });

  it('cannot move a transaction to another order', async () => {
    const ttid = await ttidOf('sale', keyedSale('20.00', { order_id: 'O-1' }));
    const pairs = await fx.run('adjust', { ttid, order_id: 'O-2' });
    expect(pairs).toMatchObject({
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'order_id: a transaction cannot change orders',
    });
  });
});

describe('incremental', () => {
  it('raises the held amount to the new total, online', async () => {
    const ttid = await ttidOf('preauth', keyedSale('100.00'));
    const pairs = await fx.run('incremental', { ttid, amount: '140.00' });
    expect(pairs).toMatchObject({ code: 'AUTH', phard_code: 'SUCCESS' });
    expect(await fx.run('trandetail', { ttid })).toMatchObject({
      amount: '140.00',
      txnstatus: 'APPROVED|INCREMENTED',
    });
  });

  it('is declined by the processor when the total does not rise, leaving the hold as it was', async () => {
    const ttid = await ttidOf('preauth', keyedSale('100.00'));
    const pairs = await fx.run('incremental', { ttid, amount: '90.00' });
    expect(pairs).toMatchObject({
      code: 'DENY',
      msoft_code: 'INT_SUCCESS',
      phard_code: 'GENERICFAIL',
    });
    expect(await fx.run('trandetail', { ttid })).toMatchObject({
      amount: '100.00',
      txnstatus: 'APPROVED',
    });
  });

  it('is a v2 operation', async () => {
    const ttid = await ttidOf('preauth', keyedSale('100.00'));
    const pairs = await fx.run(
      'incremental',
      { ttid, amount: '140.00' },
      fx.caller({ version: 'v1' }),
    );
    expect(pairs.code).toBe('DENY');
    expect(pairs.msoft_code).toMatch(/^DATA_/);
  });
});

describe('refund', () => {
  it('of part of an unsettled sale is a new captured transaction linked by the order', async () => {
    const ttid = await ttidOf('sale', keyedSale('40.00', { order_id: 'O-7' }));
    const refund = await fx.run('refund', { ttid, amount: '15.00' });
    expect(refund).toMatchObject({
      code: 'AUTH',
      phard_code: 'SUCCESS',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
      batch: '1',
      item: '2',
    });
    expect(refund.ttid).not.toBe(ttid);
    expect(await fx.run('trandetail', { ttid })).toMatchObject({
      txnstatus: 'APPROVED|REFUNDED',
      reversible: 'no',
    });
    expect(await fx.run('trandetail', { ttid: refund.ttid ?? '' })).toMatchObject({
      action: 'refund',
      order_id: 'O-7',
    });
  });

  it('of an unsettled sale that would bring its refunds to the whole amount is a reversal', async () => {
    const ttid = await ttidOf('sale', keyedSale('40.00'));
    expect((await fx.run('refund', { ttid, amount: '15.00' })).code).toBe('AUTH');
    const rest = await fx.run('refund', { ttid, amount: '25.00' });
    expect(rest).toMatchObject({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'USE VOID OR REVERSAL TO REFUND UNSETTLED TRANSACTIONS',
    });
    expect((await fx.run('refund', { ttid })).verbiage).toBe(
      'USE VOID OR REVERSAL TO REFUND UNSETTLED TRANSACTIONS',
    );
    expect((await fx.run('refund', { ttid, amount: '24.99' })).code).toBe('AUTH');
    expect((await fx.run('trandetail', { ttid })).txnstatus).toBe('APPROVED|REFUNDED');
  });

  it('of a settled sale may be whole, and never beyond what is left', async () => {
    const ttid = await ttidOf('sale', keyedSale('40.00'));
    await fx.run('settle', {});
    expect((await fx.run('refund', { ttid, amount: '25.00' })).code).toBe('AUTH');
    const beyond = await fx.run('refund', { ttid, amount: '20.00' });
    expect(beyond).toMatchObject({
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'amount: above the 15.00 left to refund',
    });
    expect((await fx.run('refund', { ttid, amount: '15.00' })).code).toBe('AUTH');
  });

  it('voided, gives its amount back to what is left to refund, in one commit', async () => {
    const ttid = await ttidOf('sale', keyedSale('40.00'));
    await fx.run('settle', {});
    const refund = await fx.run('refund', { ttid, amount: '30.00' });
    expect((await fx.run('refund', { ttid, amount: '20.00' })).verbiage).toBe(
      'amount: above the 10.00 left to refund',
    );
    expect((await fx.run('void', { ttid: refund.ttid ?? '' })).code).toBe('AUTH');
    expect((await fx.run('trandetail', { ttid })).txnstatus).toBe('APPROVED|COMPLETE');
    expect((await fx.run('refund', { ttid, amount: '40.00' })).code).toBe('AUTH');
    expect((await fx.run('trandetail', { ttid })).txnstatus).toBe('APPROVED|REFUNDED|COMPLETE');
  });

  it('of a prior transaction keeps its amount under adjust', async () => {
    const ttid = await ttidOf('sale', keyedSale('40.00'));
    const refund = await fx.run('refund', { ttid, amount: '10.00' });
    const pairs = await fx.run('adjust', { ttid: refund.ttid ?? '', amount: '12.00' });
    expect(pairs).toMatchObject({
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'amount: a refund of a prior transaction keeps its amount; void it instead',
    });
    expect(
      (await fx.run('adjust', { ttid: refund.ttid ?? '', comments: 'receipt lost' })).code,
    ).toBe('AUTH');
  });

  it('to an account entered in the request, declined on the trigger amount', async () => {
    const ok = await fx.run('refund', {
      account: '5454545454545454',
      expdate: '1230',
      amount: '9.50',
    });
    expect(ok).toMatchObject({ code: 'AUTH', cardtype: 'MC', batch: '1' });
    const declined = await fx.run('refund', {
      account: '5454545454545454',
      expdate: '1230',
      amount: '6.01',
    });
    expect(declined).toMatchObject({ code: 'DENY', phard_code: 'GENERICFAIL' });
  });

  it('to an account checks the verification group as a sale does (monetra_cli return_keyed)', async () => {
    const card = { account: '5454545454545454', expdate: '1230', amount: '9.50' };
    const good = await fx.run('refund', { ...card, zip: '32606', street: '5800 NW 39th AVE' });
    expect(good).toMatchObject({ code: 'AUTH', avs: 'GOOD' });
    const denied = await fx.run('refund', {
      ...card,
      zip: '32615',
      street: '2831 NW 41st St STE J',
    });
    expect(denied).toMatchObject({ code: 'DENY', phard_code: 'AVSFAIL' });
    const ttid = await ttidOf('sale', keyedSale('20.00'));
    const byTtid = await fx.run('refund', { ttid, amount: '1.00', zip: '32610' });
    expect(byTtid.code).toBe('AUTH');
    expect((await fx.run('trandetail', { ttid: byTtid.ttid ?? '' })).zip).toBe('32610');
  });
});
