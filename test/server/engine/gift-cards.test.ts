import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineFixture, keyedSale } from './helpers/engine-fixture.ts';
import { giftCard, giftSide } from './helpers/gift-fixture.ts';

let fx: EngineFixture;
let gift: ReturnType<typeof giftSide>;
beforeEach(() => {
  fx = new EngineFixture();
  gift = giftSide(fx);
});
afterEach(() => fx.close());

/** Issues a fresh card of the default range loaded with `amount`; returns its number. */
async function issued(serial: number, amount: string, extra: Record<string, string> = {}) {
  const account = giftCard(serial);
  const pairs = await fx.run('issue', { account, amount, ...extra });
  expect(pairs.code, pairs.verbiage).toBe('AUTH');
  return account;
}

const balanceOf = async (pan: string) => (await gift.account(pan))?.balance;

describe('activate and issue', () => {
  it('issue opens a new card with the amount: authamount applied, balance, one ledger row', async () => {
    const account = giftCard(1);
    const pairs = await fx.run('issue', { account, amount: '25.00' });
    expect(pairs).toMatchObject({
      code: 'AUTH',
      msoft_code: 'INT_SUCCESS',
      phard_code: 'SUCCESS',
      authamount: '25.00',
      balance: '25.00',
      cardtype: 'GIFT',
      account: 'XXXXXXXXXXXX0018',
      batch: '1',
    });
    expect(await gift.ledger(account)).toMatchObject([
      { action: 'issue', amount: 2500, balanceAfter: 2500 },
    ]);
    const detail = await fx.run('trandetail', { ttid: pairs.ttid ?? '' });
    expect(detail).toMatchObject({ action: 'issue', amount: '25.00', txnstatus: 'APPROVED' });
  });

  it('refuses to open a card already active: the issuer declines, recorded, nothing loaded', async () => {
    const account = await issued(2, '10.00');
    const again = await fx.run('activate', { account, amount: '10.00' });
    expect(again).toMatchObject({
      code: 'DENY',
      msoft_code: 'INT_SUCCESS',
      phard_code: 'GENERICFAIL',
      verbiage: 'CARD ALREADY ACTIVE',
      balance: '10.00',
    });
    expect(again.authamount).toBeUndefined();
    expect(await gift.ledger(account)).toHaveLength(1);
    const failed = await fx.report('report_failed');
    expect(failed.rows.map((row) => row.action)).toEqual(['activate']);
  });

  it('activate loads a denominated card’s denomination, and refuses another amount or issue', async () => {
    const account = giftCard(3);
    await gift.stock([{ pan: account, denomination: 2500 }]);
    expect(await fx.run('activate', { account, amount: '30.00' })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: "amount: the card's denomination is 25.00",
      account: 'XXXXXXXXXXXX0034',
      cardtype: 'GIFT',
    });
    expect(await fx.run('issue', { account, amount: '25.00' })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'issue: the card has a denomination of 25.00; use activate',
      account: 'XXXXXXXXXXXX0034',
      cardtype: 'GIFT',
    });
    const pairs = await fx.run('activate', { account });
    expect(pairs).toMatchObject({ code: 'AUTH', authamount: '25.00', balance: '25.00' });
  });

  it('activate needs an amount for a card without a denomination on file', async () => {
    expect(await fx.run('activate', { account: giftCard(4) })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_MISSINGFIELD',
      verbiage: 'amount: required to activate a card without a denomination on file',
      account: 'XXXXXXXXXXXX0042',
      cardtype: 'GIFT',
    });
    expect(await gift.account(giftCard(4))).toBeUndefined();
  });

  it('takes gift cards only, in the merchant’s ranges, passing the Luhn check', async () => {
    expect(await fx.run('issue', { account: '4111111111111111', amount: '5.00' })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: 'account: not a gift card of this merchant (outside its gift BIN ranges)',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
    });
    expect(await fx.run('issue', { account: '6035710000000019', amount: '5.00' })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: 'account: fails the Luhn check digit',
    });
  });

  it('a custom range replaces the provider default, with its cardtype and pclevel', async () => {
    await gift.store.setCustomRanges(fx.merchantId, '7777:16:STORE:1', 0);
    const store = giftCard(5, '7777');
    expect(await fx.run('issue', { account: store, amount: '5.00' })).toMatchObject({
      code: 'AUTH',
      cardtype: 'STORE',
      pclevel: '1',
    });
    const sale = await fx.run('sale', { account: giftCard(5), expdate: '1230', amount: '1.00' });
    expect(sale).toMatchObject({ code: 'AUTH', cardtype: 'MAESTRO' });
    expect(sale.balance).toBeUndefined();
  });
});

describe('spending', () => {
  it('a sale takes its amount from the balance; a keyed gift card needs no expdate', async () => {
    const account = await issued(10, '25.00');
    const pairs = await fx.run('sale', { account, amount: '10.00' });
    expect(pairs).toMatchObject({ code: 'AUTH', phard_code: 'SUCCESS', balance: '15.00' });
    expect(pairs.authamount).toBeUndefined();
    expect((await gift.ledger(account)).map((row) => row.amount)).toEqual([2500, -1000]);
  });

  it('a card never activated is declined by its issuer and recorded as failed', async () => {
    const pairs = await fx.run('sale', { account: giftCard(11), amount: '1.00' });
    expect(pairs).toMatchObject({
      code: 'DENY',
      phard_code: 'GENERICFAIL',
      verbiage: 'CARD NOT ACTIVE',
    });
    expect(pairs.ttid).toBeDefined();
  });

  it('beyond the balance: a partial approval without nsf is reversed and answered as a decline', async () => {
    const account = await issued(12, '15.00');
    const pairs = await fx.run('sale', { account, amount: '20.00' });
    expect(pairs).toMatchObject({
      code: 'DENY',
      msoft_code: 'MERCH_PARTIALAUTH',
      phard_code: 'NSF',
      verbiage: 'PARTIAL APPROVAL OF 15.00 REVERSED (nsf=yes not sent)',
      balance: '15.00',
    });
    expect(await gift.ledger(account)).toHaveLength(1);
  });

  it('beyond the balance with nsf=yes: approved for what the card holds', async () => {
    const account = await issued(13, '15.00');
    const pairs = await fx.run('sale', { account, amount: '20.00', nsf: 'yes' });
    expect(pairs).toMatchObject({ code: 'AUTH', authamount: '15.00', balance: '0.00' });
    const detail = await fx.run('trandetail', { ttid: pairs.ttid ?? '' });
    expect(detail).toMatchObject({ amount: '15.00', orig_reqamount: '20.00' });
    const empty = await fx.run('sale', { account, amount: '1.00', nsf: 'yes' });
    expect(empty).toMatchObject({
      code: 'DENY',
      phard_code: 'NSF',
      verbiage: 'INSUFFICIENT FUNDS',
    });
  });

  it('preauth holds from the balance; reversal and partial reversal give it back', async () => {
    const account = await issued(14, '50.00');
    const hold = await fx.run('preauth', { account, amount: '30.00' });
    expect(hold).toMatchObject({ code: 'AUTH', balance: '20.00' });
    const lowered = await fx.run('reversal', { ttid: hold.ttid ?? '', amount: '12.00' });
    expect(lowered).toMatchObject({ code: 'AUTH', balance: '38.00' });
    const reversed = await fx.run('reversal', { ttid: hold.ttid ?? '' });
    expect(reversed).toMatchObject({ code: 'AUTH', balance: '50.00' });
    expect((await gift.ledger(account)).map((row) => [row.action, row.amount])).toEqual([
      ['issue', 5000],
      ['preauth', -3000],
      ['reversal', 1800],
      ['reversal', 1200],
    ]);
  });

  it('preauthcomplete above the hold takes the difference, or is declined when the card lacks it', async () => {
    const account = await issued(15, '50.00');
    const hold = await fx.run('preauth', { account, amount: '30.00' });
    const short = await fx.run('preauthcomplete', { ttid: hold.ttid ?? '', amount: '90.00' });
    expect(short).toMatchObject({
      code: 'DENY',
      phard_code: 'NSF',
      verbiage: 'INSUFFICIENT FUNDS',
    });
    expect((await fx.run('trandetail', { ttid: hold.ttid ?? '' })).amount).toBe('30.00');
    const done = await fx.run('preauthcomplete', { ttid: hold.ttid ?? '', amount: '35.00' });
    expect(done).toMatchObject({ code: 'AUTH', balance: '15.00' });
  });

  it('void and refund of a gift sale put the amount back', async () => {
    const account = await issued(16, '40.00');
    const first = await fx.run('sale', { account, amount: '10.00' });
    const second = await fx.run('sale', { account, amount: '5.00' });
    expect(await fx.run('void', { ttid: first.ttid ?? '' })).toMatchObject({
      code: 'AUTH',
      balance: '35.00',
    });
    const refund = await fx.run('refund', { ttid: second.ttid ?? '', amount: '2.00' });
    expect(refund).toMatchObject({ code: 'AUTH', balance: '37.00' });
    expect(await balanceOf(account)).toBe(3700);
  });

  it('a refund to a keyed gift card loads it; to a card not active it is declined', async () => {
    const account = await issued(17, '5.00');
    expect(await fx.run('refund', { account, amount: '3.00' })).toMatchObject({
      code: 'AUTH',
      balance: '8.00',
    });
    expect(await fx.run('refund', { account: giftCard(18), amount: '3.00' })).toMatchObject({
      code: 'DENY',
      verbiage: 'CARD NOT ACTIVE',
    });
  });

  it('takes a swiped gift card with its track, whatever the track’s expiry', async () => {
    const account = await issued(19, '20.00');
    const pairs = await fx.run('sale', { trackdata: `;${account}=24051200000?`, amount: '4.00' });
    expect(pairs).toMatchObject({ code: 'AUTH', rcpt_entry_mode: 'S', balance: '16.00' });
  });
});

describe('cashout', () => {
  it('takes everything the card holds: authamount to remit, balance 0; its void puts it back', async () => {
    const account = await issued(20, '25.00');
    await fx.run('sale', { account, amount: '7.50' });
    const pairs = await fx.run('cashout', { account });
    expect(pairs).toMatchObject({ code: 'AUTH', authamount: '17.50', balance: '0.00' });
    expect(await fx.run('cashout', { account })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'cashout: the gift card holds nothing to cash out',
      account: expect.stringMatching(/^X{12}\d{4}$/),
      cardtype: 'GIFT',
    });
    expect(await fx.run('refund', { ttid: pairs.ttid ?? '', amount: '1.00' })).toMatchObject({
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'refund: transaction is a gift card operation; use void',
    });
    expect(await fx.run('void', { ttid: pairs.ttid ?? '' })).toMatchObject({
      code: 'AUTH',
      balance: '17.50',
    });
  });

  it('refuses a card that is not active before going online', async () => {
    expect(await fx.run('cashout', { account: giftCard(21) })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'cashout: the gift card is not active',
      account: expect.stringMatching(/^X{12}\d{4}$/),
      cardtype: 'GIFT',
    });
  });
});

describe('screening before going online', () => {
  it('refuses a duplicate activate, issue or cashout naming the card; the deny list is not asked', async () => {
    const once = { duplcheck: 'yes', ordernum: 'G-1' };
    const activated = giftCard(22);
    const loaded = giftCard(23);
    expect((await fx.run('activate', { account: activated, amount: '5.00', ...once })).code).toBe(
      'AUTH',
    );
    expect((await fx.run('issue', { account: loaded, amount: '9.00', ...once })).code).toBe('AUTH');
    expect((await fx.run('cashout', { account: loaded, ...once })).code).toBe('AUTH');
    expect((await fx.run('merchreturn', { account: loaded, amount: '3.00' })).code).toBe('AUTH');
    const refusals = [
      [activated, await fx.run('activate', { account: activated, amount: '5.00', ...once })],
      [loaded, await fx.run('issue', { account: loaded, amount: '9.00', ...once })],
      [loaded, await fx.run('cashout', { account: loaded, ...once })],
    ] as const;
    for (const [account, pairs] of refusals) {
      expect(pairs).toEqual({
        code: 'DUPL',
        msoft_code: 'MERCH_DUPLICATE',
        verbiage: 'DUPLICATE TRANS: same card, amount and ordernum within 120 s',
        account: `XXXXXXXXXXXX${account.slice(-4)}`,
        cardtype: 'GIFT',
      });
    }
    expect(await balanceOf(loaded)).toBe(300);
    expect(await fx.run('cashout', { account: loaded, carddenylist_check: 'yes' })).toMatchObject({
      msoft_code: 'DATA_UNKNOWNFIELD',
    });
  });
});

describe('merchreturn', () => {
  it('by account loads an active card; a card not active is declined', async () => {
    const account = await issued(30, '5.00');
    const pairs = await fx.run('merchreturn', { account, amount: '12.00' });
    expect(pairs).toMatchObject({ code: 'AUTH', authamount: '12.00', balance: '17.00' });
    expect((await fx.run('trandetail', { ttid: pairs.ttid ?? '' })).action).toBe('merchreturn');
    expect((await fx.run('merchreturn', { account: giftCard(31), amount: '1.00' })).verbiage).toBe(
      'CARD NOT ACTIVE',
    );
  });

  it('by ttid of an unsettled gift sale for another amount: a refund of it onto the card', async () => {
    const account = await issued(32, '30.00');
    const sale = await fx.run('sale', { account, amount: '10.00' });
    const pairs = await fx.run('merchreturn', { ttid: sale.ttid ?? '', amount: '4.00' });
    expect(pairs).toMatchObject({ code: 'AUTH', authamount: '4.00', balance: '24.00' });
    expect(pairs.ttid).not.toBe(sale.ttid);
    expect((await fx.run('trandetail', { ttid: sale.ttid ?? '' })).txnstatus).toBe(
      'APPROVED|REFUNDED',
    );
  });

  it('by ttid of an unsettled gift sale for its whole amount: reversal applies', async () => {
    const account = await issued(33, '30.00');
    const sale = await fx.run('sale', { account, amount: '10.00' });
    const pairs = await fx.run('merchreturn', { ttid: sale.ttid ?? '', amount: '10.00' });
    expect(pairs).toMatchObject({ code: 'AUTH', ttid: sale.ttid, balance: '30.00' });
    expect((await fx.run('trandetail', { ttid: sale.ttid ?? '' })).txnstatus).toBe(
      'APPROVED|REVERSED',
    );
  });

  it('by ttid of a settled gift sale for its whole amount: a refund, not a reversal', async () => {
    const account = await issued(34, '30.00');
    const sale = await fx.run('sale', { account, amount: '10.00' });
    await fx.run('settle', {});
    const pairs = await fx.run('merchreturn', { ttid: sale.ttid ?? '', amount: '10.00' });
    expect(pairs).toMatchObject({ code: 'AUTH', balance: '30.00' });
    expect(pairs.ttid).not.toBe(sale.ttid);
  });

  it('by ttid of a transaction not on a gift card is refused', async () => {
    const sale = await fx.run('sale', keyedSale('10.00'));
    expect(await fx.run('merchreturn', { ttid: sale.ttid ?? '', amount: '1.00' })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'ttid: not a sale or preauth on a gift card',
    });
  });
});

describe('PIN and security code', () => {
  it('a stock card’s PIN is needed for spending and inquiry, and checked whenever it is sent', async () => {
    const account = giftCard(40);
    await gift.stock([{ pan: account, denomination: 5000, pin: '4321' }]);
    expect((await fx.run('activate', { account, pin: '1111' })).verbiage).toBe('INCORRECT PIN');
    expect((await fx.run('balanceinq', { account, pin: '4321' })).verbiage).toBe('CARD NOT ACTIVE');
    expect((await fx.run('activate', { account, pin: '4321' })).code).toBe('AUTH');
    expect((await fx.run('sale', { account, amount: '1.00' })).verbiage).toBe('PIN REQUIRED');
    expect((await fx.run('balanceinq', { account })).verbiage).toBe('PIN REQUIRED');
    expect((await fx.run('sale', { account, amount: '1.00', pin: '4321' })).balance).toBe('49.00');
    expect((await fx.run('merchreturn', { account, amount: '1.00' })).balance).toBe('50.00');
    expect((await fx.run('merchreturn', { account, amount: '1.00', pin: '0000' })).verbiage).toBe(
      'INCORRECT PIN',
    );
  });

  it('a PIN sent with issue becomes the card’s PIN', async () => {
    const account = await issued(41, '10.00', { pin: '987654' });
    expect((await fx.run('cashout', { account })).verbiage).toBe('PIN REQUIRED');
    expect((await fx.run('cashout', { account, pin: '987654' })).authamount).toBe('10.00');
  });

  it('a security code on file answers cv GOOD, or declines a wrong one', async () => {
    const account = giftCard(42);
    await gift.stock([{ pan: account, denomination: 1000, cv: '123' }]);
    await fx.run('activate', { account });
    expect(await fx.run('sale', { account, amount: '1.00', cv: '123' })).toMatchObject({
      code: 'AUTH',
      cv: 'GOOD',
    });
    expect(await fx.run('sale', { account, amount: '1.00', cv: '999' })).toMatchObject({
      code: 'DENY',
      cv: 'BAD',
      verbiage: 'CV DECLINE',
    });
    const none = await fx.run('sale', { account, amount: '1.00' });
    expect(none.code).toBe('AUTH');
    expect(none.cv).toBeUndefined();
  });

  it('refuses an encrypted PIN block on a gift card', async () => {
    const account = await issued(43, '10.00');
    expect(
      await fx.run('sale', {
        account,
        amount: '1.00',
        pin: '0123456789ABCDEF',
        ksn: 'FFFF9876543210E00001',
      }),
    ).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_BADTRANS',
      verbiage: 'pin: encrypted PIN blocks on gift cards not offered by this server',
      account: `XXXXXXXXXXXX${account.slice(-4)}`,
      cardtype: 'GIFT',
    });
  });
});

describe('void of an activation', () => {
  it('deactivates a card not used since, which can then be activated again', async () => {
    const account = giftCard(50);
    const opened = await fx.run('issue', { account, amount: '20.00' });
    expect(await fx.run('void', { ttid: opened.ttid ?? '' })).toMatchObject({
      code: 'AUTH',
      balance: '0.00',
    });
    expect((await gift.account(account))?.status).toBe('inactive');
    expect((await fx.run('issue', { account, amount: '5.00' })).balance).toBe('5.00');
  });

  it('is refused once the card was used', async () => {
    const account = giftCard(51);
    const opened = await fx.run('issue', { account, amount: '20.00' });
    await fx.run('sale', { account, amount: '1.00' });
    expect(await fx.run('void', { ttid: opened.ttid ?? '' })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'void: the gift card was used since it was loaded; cash it out instead',
    });
    expect(await balanceOf(account)).toBe(1900);
  });

  it('refuses a void of a load the card no longer holds', async () => {
    const account = await issued(52, '5.00');
    const load = await fx.run('merchreturn', { account, amount: '10.00' });
    await fx.run('sale', { account, amount: '12.00' });
    expect(await fx.run('void', { ttid: load.ttid ?? '' })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'void: the gift card holds 3.00; this would take 10.00',
    });
  });
});

describe('balanceinq', () => {
  it('answers a gift card’s balance from its ledger, online, without recording a transaction', async () => {
    const account = await issued(60, '12.34');
    const pairs = await fx.run('balanceinq', { account });
    expect(pairs).toMatchObject({
      code: 'AUTH',
      phard_code: 'SUCCESS',
      balance: '12.34',
      cardtype: 'GIFT',
      account: 'XXXXXXXXXXXX' + account.slice(-4),
      stan: '000002',
    });
    expect(pairs.ttid).toBeUndefined();
    expect((await fx.run('balanceinq', { account: giftCard(61) })).verbiage).toBe(
      'CARD NOT ACTIVE',
    );
  });

  it('answers a credit card’s available balance from the processor, which checks the card', async () => {
    const pairs = await fx.run('balanceinq', {
      account: '4111111111111111',
      expdate: '1230',
      cv: '999',
      zip: '32606',
    });
    expect(pairs).toMatchObject({
      code: 'AUTH',
      balance: '2500.00',
      cardtype: 'VISA',
      cv: 'GOOD',
      avs: 'GOOD',
    });
    expect(await fx.run('balanceinq', { account: '4111111111111111' })).toMatchObject({
      code: 'DENY',
      phard_code: 'EXPIRED',
    });
  });
});
