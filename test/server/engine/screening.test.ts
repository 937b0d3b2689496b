import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineFixture, keyedSale } from './helpers/engine-fixture.ts';
import { giftCard, giftSide } from './helpers/gift-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => fx.close());

const denyList = () => fx.store.denyList;

describe('card deny list', () => {
  it('with carddenylist_check=yes declines a listed card before going online, naming the entry', async () => {
    const { vault } = giftSide(fx);
    const entry = await denyList().add(
      {
        merchantId: fx.merchantId,
        fingerprint: vault.fingerprint('4111111111111111'),
        accountMasked: 'XXXXXXXXXXXX1111',
        last4: '1111',
        ttid: null,
        note: 'test',
      },
      0,
    );
    const pairs = await fx.run('sale', keyedSale('10.00', { carddenylist_check: 'yes' }));
    expect(pairs).toEqual({
      code: 'DENY',
      msoft_code: 'MERCH_DENYLIST',
      verbiage: 'CARD ON DENY LIST',
      carddenylist_id: String(entry.id),
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
    });
    expect(fx.pace.seen).toHaveLength(0);
    expect((await fx.run('sale', keyedSale('10.00'))).code).toBe('AUTH');
    const other = fx.otherMerchant();
    expect(
      (await fx.run('sale', keyedSale('10.00', { carddenylist_check: 'yes' }), other)).code,
    ).toBe('AUTH');
  });

  it('with carddenylist_decline=yes adds a card its issuer declines, not one it approves or retries', async () => {
    const declined = await fx.run('sale', keyedSale('6.01', { carddenylist_decline: 'yes' }));
    expect(declined.code).toBe('DENY');
    await fx.run('sale', {
      account: '5454545454545454',
      expdate: '1230',
      amount: '5.30',
      carddenylist_decline: 'yes',
    });
    await fx.run('sale', {
      account: '371449635398431',
      expdate: '1230',
      amount: '1.00',
      carddenylist_decline: 'yes',
    });
    const entries = await denyList().list(fx.merchantId);
    expect(entries).toMatchObject([
      { accountMasked: 'XXXXXXXXXXXX1111', ttid: Number(declined.ttid), note: 'declined: DECLINE' },
    ]);
    const checked = await fx.run('preauth', keyedSale('1.00', { carddenylist_check: 'yes' }));
    expect(checked).toMatchObject({
      msoft_code: 'MERCH_DENYLIST',
      carddenylist_id: String(entries[0]?.id),
    });
  });

  it('screens gift cards the same way', async () => {
    const account = giftCard(7);
    await fx.run('issue', { account, amount: '5.00' });
    await fx.run('sale', { account, amount: '9.00', nsf: 'no', carddenylist_decline: 'yes' });
    expect(await denyList().list(fx.merchantId)).toHaveLength(0);
    await fx.run('sale', { account, amount: '6.01', carddenylist_decline: 'yes' });
    expect(
      (await fx.run('sale', { account, amount: '1.00', carddenylist_check: 'yes' })).msoft_code,
    ).toBe('MERCH_DENYLIST');
  });
});

describe('duplicate check', () => {
  const dupl = (extra: Record<string, string> = {}) =>
    fx.run('sale', keyedSale('10.00', { duplcheck: 'yes', ordernum: 'A-1', ...extra }));

  it('declines the same card, amount and ordernum within 120 seconds', async () => {
    const first = await dupl();
    expect(first.code).toBe('AUTH');
    fx.clock.advance(119);
    expect(await dupl()).toEqual({
      code: 'DUPL',
      msoft_code: 'MERCH_DUPLICATE',
      verbiage: 'DUPLICATE TRANS: same card, amount and ordernum within 120 s',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
    });
    fx.clock.advance(2);
    expect((await dupl()).code).toBe('AUTH');
  });

  it('takes another amount, ordernum, card or operation, and a repeat of a voided or declined one', async () => {
    const first = await dupl();
    expect((await dupl({ amount: '10.01' })).code).toBe('AUTH');
    expect((await dupl({ ordernum: 'A-2' })).code).toBe('AUTH');
    expect((await dupl({ account: '5454545454545454' })).code).toBe('AUTH');
    expect(
      (await fx.run('preauth', keyedSale('10.00', { duplcheck: 'yes', ordernum: 'A-1' }))).code,
    ).toBe('AUTH');
    expect((await dupl({ duplcheck: 'no' })).code).toBe('AUTH');
    await fx.run('void', { ttid: first.ttid ?? '' });
    const again = await dupl({ ordernum: 'B-1' });
    await fx.run('void', { ttid: again.ttid ?? '' });
    expect((await dupl({ ordernum: 'B-1' })).code).toBe('AUTH');
    await fx.run('sale', keyedSale('6.01', { ordernum: 'C-1' }));
    expect(
      (await fx.run('sale', keyedSale('6.01', { ordernum: 'C-1', duplcheck: 'yes' }))).code,
    ).toBe('DENY');
  });

  it('compares absent ordernums as equal, and checks gift operations too', async () => {
    expect((await fx.run('sale', keyedSale('3.00', { duplcheck: 'yes' }))).code).toBe('AUTH');
    expect((await fx.run('sale', keyedSale('3.00', { duplcheck: 'yes' }))).code).toBe('DUPL');
    const account = giftCard(8);
    await fx.run('issue', { account, amount: '20.00', duplcheck: 'yes' });
    expect((await fx.run('merchreturn', { account, amount: '2.00', duplcheck: 'yes' })).code).toBe(
      'AUTH',
    );
    expect((await fx.run('merchreturn', { account, amount: '2.00', duplcheck: 'yes' })).code).toBe(
      'DUPL',
    );
    expect((await fx.run('cashout', { account, duplcheck: 'yes' })).code).toBe('AUTH');
  });
});

describe('partial approvals (docs/interface.md › nsf)', () => {
  it('6.75 without nsf: reversed online and answered as a decline, recorded as declined', async () => {
    const pairs = await fx.run('sale', keyedSale('6.75'));
    expect(pairs).toMatchObject({
      code: 'DENY',
      msoft_code: 'MERCH_PARTIALAUTH',
      phard_code: 'NSF',
      verbiage: 'PARTIAL APPROVAL OF 5.00 REVERSED (nsf=yes not sent)',
      stan: '000001',
    });
    expect(pairs.auth).toBeUndefined();
    expect(fx.pace.seen.map(({ request }) => [request.kind, request.amount])).toEqual([
      ['authorize', 675],
      ['reverse', 0],
    ]);
    const events = fx.db
      .prepare('SELECT action, stan FROM transaction_events WHERE ttid = ? ORDER BY id')
      .all(Number(pairs.ttid));
    expect(events).toEqual([
      { action: 'sale', stan: '000001' },
      { action: 'reversal', stan: '000002' },
    ]);
    expect((await fx.report('report_failed')).rows).toHaveLength(1);
  });

  it('6.75 and 6.76 with nsf=yes: approved for 5.00, authamount below the amount asked', async () => {
    for (const [op, amount] of [
      ['sale', '6.75'],
      ['preauth', '6.76'],
    ] as const) {
      const pairs = await fx.run(op, keyedSale(amount, { nsf: 'yes' }));
      expect(pairs).toMatchObject({ code: 'AUTH', authamount: '5.00' });
      const detail = await fx.run('trandetail', { ttid: pairs.ttid ?? '' });
      expect(detail).toMatchObject({ amount: '5.00', orig_reqamount: amount });
    }
  });
});
