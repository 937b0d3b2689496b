import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineFixture, VISA_KEYED, keyedSale } from './helpers/engine-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => fx.close());

describe('sale', () => {
  it('approves and captures by default, with the fields of a real answer', async () => {
    const pairs = await fx.run('sale', keyedSale('12.34', { ordernum: 'A-1' }));
    expect(pairs).toMatchObject({
      code: 'AUTH',
      msoft_code: 'INT_SUCCESS',
      phard_code: 'SUCCESS',
      verbiage: 'APPROVED',
      batch: '1',
      item: '1',
      stan: '000001',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
      avs: 'GOOD',
      cv: 'GOOD',
      timestamp: '2025-06-15 10:30:00 -0400',
      rcpt_host_ts: '061525103000',
      rcpt_entry_mode: 'M',
      simulator: 'loopback',
    });
    expect(pairs.ttid).toMatch(/^[0-9]+$/);
    expect(pairs.auth).toMatch(/^[0-9]{6}$/);
    expect(JSON.stringify(pairs)).not.toContain('4111111111111111');
  });

  it('numbers ttid, item and stan upward', async () => {
    const first = await fx.run('sale', keyedSale('1.00'));
    const second = await fx.run('sale', keyedSale('2.00'));
    expect(Number(second.ttid)).toBe(Number(first.ttid) + 1);
    expect([first.item, second.item]).toEqual(['1', '2']);
    expect([first.stan, second.stan]).toEqual(['000001', '000002']);
  });

  it('with capture=no holds the amount without entering a batch', async () => {
    const pairs = await fx.run('sale', keyedSale('5.00', { capture: 'no' }));
    expect(pairs.code).toBe('AUTH');
    expect(pairs.batch).toBeUndefined();
    expect(pairs.item).toBeUndefined();
    const detail = await fx.run('trandetail', { ttid: pairs.ttid ?? '' });
    expect(detail.tranflags).toBe('ONLINE|SENSITIVEDATA');
  });

  it('reads track data: track 2, track 1 with the name, and a whole swipe', async () => {
    const track2 = await fx.run('sale', {
      trackdata: ';5454545454545454=30121010000000000000?',
      amount: '3.00',
    });
    expect(track2).toMatchObject({ code: 'AUTH', cardtype: 'MC', rcpt_entry_mode: 'S' });
    expect(track2.cv).toBeUndefined();
    const track1 = await fx.run('sale', {
      trackdata: '%B4111111111111111^TEST CARD/VI^3012101000000000?',
      amount: '3.00',
    });
    expect(track1).toMatchObject({
      code: 'AUTH',
      cardholdername: 'TEST CARD/VI',
      rcpt_entry_mode: 'S',
    });
    const swipe = await fx.run('sale', {
      trackdata:
        '%B4111111111111111^TEST CARD/VI^3012101000000000?;4111111111111111=30121010000000000000?',
      amount: '3.00',
      rfid: 'yes',
    });
    expect(swipe).toMatchObject({ code: 'AUTH', rcpt_entry_mode: 'R' });
  });

  it('declines unreadable track data naming the field', async () => {
    const pairs = await fx.run('sale', { trackdata: ';4111111111111111?', amount: '3.00' });
    expect(pairs).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });
    expect(pairs.verbiage).toMatch(/^trackdata: /);
    expect(pairs.ttid).toBeUndefined();
  });

  it.each([
    ['6.01', 'DENY', 'GENERICFAIL', 'DECLINE'],
    ['5.10', 'CALL', 'CALL', 'CALL PROCESSOR'],
    ['5.20', 'PKUP', 'PICKUP', 'PICKUP CARD'],
    ['5.30', 'RETRY', 'RETRY', 'RETRY'],
    ['5.40', 'SETUP', 'SETUP', 'SETUP ERROR'],
    ['5.50', 'TIMEOUT', 'TIMEOUT', 'PROCESSOR TIMEOUT'],
  ])(
    'amount %s is declined %s by the processor and recorded as failed',
    async (amount, code, phard, verbiage) => {
      const pairs = await fx.run('sale', keyedSale(amount));
      expect(pairs).toMatchObject({ code, msoft_code: 'INT_SUCCESS', phard_code: phard, verbiage });
      expect(pairs.auth).toBeUndefined();
      expect(pairs.batch).toBeUndefined();
      const failed = await fx.report('report_failed');
      expect(failed.rows.map((row) => row.ttid)).toEqual([pairs.ttid]);
    },
  );

  it('declines an expired card as the processor', async () => {
    const pairs = await fx.run('sale', keyedSale('10.00', { expdate: '0525' }));
    expect(pairs).toMatchObject({ code: 'DENY', phard_code: 'EXPIRED', verbiage: 'EXPIRED CARD' });
  });

  it('keeps AVS and CV results apart from the transaction outcome', async () => {
    const badZip = await fx.run('sale', keyedSale('10.00', { zip: '' }));
    expect(badZip).toMatchObject({ code: 'AUTH', avs: 'BAD' });
    const noZip = await fx.run('sale', {
      account: VISA_KEYED.account,
      expdate: '1230',
      cv: '123',
      amount: '10.00',
    });
    expect(noZip).toMatchObject({ code: 'AUTH', cv: 'BAD' });
    expect(noZip.avs).toBeUndefined();
    const denial = await fx.run(
      'sale',
      keyedSale('10.00', { street: '2831 NW 41st St STE J', zip: '32615' }),
    );
    expect(denial).toMatchObject({ code: 'DENY', phard_code: 'AVSFAIL', avs: 'BAD' });
    const amex = await fx.run('sale', {
      account: '371449635398431',
      expdate: '1230',
      cv: '1234',
      zip: '32606',
      amount: '10.00',
    });
    expect(amex).toMatchObject({ code: 'AUTH', cardtype: 'AMEX', cv: 'GOOD' });
  });

  it('refuses a number that fails Luhn and one of no known brand, recording nothing', async () => {
    const luhn = await fx.run('sale', keyedSale('10.00', { account: '4111111111111112' }));
    expect(luhn).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: 'account: fails the Luhn check digit',
    });
    const unknown = await fx.run('sale', keyedSale('10.00', { account: '9999999800009919' }));
    expect(unknown).toMatchObject({ code: 'DENY', verbiage: 'UNSUPPORTED CARD TYPE' });
    expect((await fx.report('report_failed')).rows).toEqual([]);
  });

  it('refuses an account of 4 to 7 digits that passes Luhn as no card number, recording nothing', async () => {
    for (const account of ['4242', '4111126']) {
      expect(await fx.run('sale', keyedSale('10.00', { account }))).toEqual({
        code: 'DENY',
        msoft_code: 'DATA_INVALIDFIELD',
        verbiage: 'account: a card number has 8 to 19 digits',
      });
    }
    expect((await fx.report('report_failed')).rows).toEqual([]);
  });

  it('answers a request that breaks a rule with a decline naming the field, never the value', async () => {
    const zero = await fx.run('sale', keyedSale('0.00'));
    expect(zero).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });
    expect(zero.verbiage).toMatch(/^amount: /);
    const cv = await fx.run('sale', keyedSale('1.00', { cv: '12' }));
    expect(cv.verbiage).toMatch(/^cv: /);
    expect(cv.verbiage).not.toContain('12');
    const missing = await fx.run('sale', { amount: '1.00' });
    expect(missing).toMatchObject({ code: 'DENY', msoft_code: 'DATA_MISSINGFIELD' });
  });

  it('refuses check data where a check cannot be used', async () => {
    const check = { abaroute: '021000021', account: '12345678', checknum: '101' };
    const pairs = await fx.run('balanceinq', check);
    expect(pairs).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_BADTRANS',
      verbiage: 'abaroute: check data on this operation not offered by this server',
    });
  });

  it('accepts duplcheck=no', async () => {
    expect((await fx.run('sale', keyedSale('1.00', { duplcheck: 'no' }))).code).toBe('AUTH');
  });
});

describe('preauth', () => {
  it('holds the amount without a batch, keeping the card sealed', async () => {
    const pairs = await fx.run('preauth', keyedSale('20.00'));
    expect(pairs).toMatchObject({ code: 'AUTH', verbiage: 'APPROVED' });
    expect(pairs.batch).toBeUndefined();
    const detail = await fx.run('trandetail', { ttid: pairs.ttid ?? '' });
    expect(detail).toMatchObject({
      action: 'preauth',
      txnstatus: 'APPROVED',
      reversible: 'yes',
      expdate: '1230',
    });
  });
});

describe('orders and payments', () => {
  it('numbers the payments of an order 1, 2, 3… in the order they are made, declined ones too', async () => {
    const first = await fx.run('sale', keyedSale('10.00', { order_id: 'ORD-1' }));
    const declined = await fx.run('sale', keyedSale('6.01', { order_id: 'ORD-1' }));
    const retry = await fx.run('sale', keyedSale('6.02', { order_id: 'ORD-1' }));
    const elsewhere = await fx.run('sale', keyedSale('3.00', { order_id: 'ORD-2' }));
    expect([first, declined, retry, elsewhere].map((p) => [p.order_id, p.payment_id])).toEqual([
      ['ORD-1', '1'],
      ['ORD-1', '2'],
      ['ORD-1', '3'],
      ['ORD-2', '1'],
    ]);
    expect((await fx.run('sale', keyedSale('1.00'))).payment_id).toBeUndefined();
  });

  it('gives concurrent payments of one order distinct payment ids', async () => {
    const answers = await Promise.all(
      ['1.00', '2.00', '3.00', '4.00'].map((amount) =>
        fx.run('sale', keyedSale(amount, { order_id: 'ORD-3' })),
      ),
    );
    expect(answers.map((a) => a.payment_id).sort()).toEqual(['1', '2', '3', '4']);
  });
});

describe('v2 duplicates of a prior transaction', () => {
  it('runs a new sale on the card of a prior preauth, copying its echo, not its order', async () => {
    const prior = await fx.run(
      'preauth',
      keyedSale('20.00', { custref: 'C-9', order_id: 'O1', email: 'a@b.c' }),
    );
    const dup = await fx.run('sale', { ttid: prior.ttid ?? '', amount: '25.00' });
    expect(dup).toMatchObject({
      code: 'AUTH',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
      rcpt_entry_mode: 'M',
    });
    expect(dup.ttid).not.toBe(prior.ttid);
    const detail = await fx.run('trandetail', { ttid: dup.ttid ?? '' });
    expect(detail).toMatchObject({ custref: 'C-9', email: 'a@b.c', amount: '25.00', zip: '32606' });
    expect(detail.order_id).toBeUndefined();
  });

  it('is refused once the prior transaction’s card data is cleared', async () => {
    const prior = await fx.run('sale', keyedSale('20.00'));
    await fx.run('void', { ttid: prior.ttid ?? '' });
    const dup = await fx.run('preauth', { ttid: prior.ttid ?? '', amount: '5.00' });
    expect(dup).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDMOD' });
  });

  it('of an unknown ttid is not found', async () => {
    const dup = await fx.run('sale', { ttid: '999999', amount: '5.00' });
    expect(dup).toMatchObject({
      code: 'DENY',
      msoft_code: 'DATA_RECORDNOTFOUND',
      verbiage: 'ttid: no such transaction',
    });
  });
});
