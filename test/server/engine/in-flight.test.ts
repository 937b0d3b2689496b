import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InFlightDraft } from '../../../server/store/in-flight-store.ts';
import { EngineFixture, keyedSale, until } from './helpers/engine-fixture.ts';
import { giftCard } from './helpers/gift-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => {
  fx.pace.releaseAll();
  return fx.close();
});

const IN_PROGRESS = 'IN PROGRESS: the transaction is waiting for its outcome; look it up again';

/** Starts a keyed sale the processor holds, and resolves once it is waiting there. */
async function heldSale(
  amount: string,
  orderId: string,
): Promise<{ answer: Promise<Record<string, string>> }> {
  fx.pace.holding = true;
  const held = fx.pace.held;
  const sale = fx.run('sale', keyedSale(amount, { order_id: orderId }));
  await until(() => fx.pace.held === held + 1);
  return { answer: sale };
}

/** What a run killed in the middle of a sale leaves behind: its in-flight record. */
function draftOf(orderId: string, overrides: Partial<InFlightDraft> = {}): InFlightDraft {
  return {
    merchantId: fx.merchantId,
    profileId: fx.profileId,
    userId: fx.userId,
    username: 'test_retail:public',
    kind: 'sale',
    operation: 'sale',
    parentTtid: null,
    orderId,
    reqAmount: 1234,
    accountMasked: 'XXXXXXXXXXXX1111',
    last4: '1111',
    cardtype: 'VISA',
    cardholdername: null,
    entryMode: 'M',
    echo: { amount: '12.34', ordernum: 'A-7' },
    custom: {},
    cardFingerprint: fx.vault.fingerprint('4111111111111111'),
    ...overrides,
  };
}

describe('a new transaction in flight (recorded before it goes online)', () => {
  it('is found by its order as in progress until its outcome is committed', async () => {
    const sale = await heldSale('12.00', 'IF-1');
    const during = await fx.run('trandetail', { order_id: 'IF-1' });
    expect(during).toEqual({
      code: 'AUTH',
      msoft_code: 'INT_SUCCESS',
      verbiage: IN_PROGRESS,
      action: 'sale',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
      amount: '12.00',
      orig_reqamount: '12.00',
      txnstatus: 'INPROGRESS',
      timestamp: '2025-06-15 10:30:00 -0400',
      last_modified_ts: String(Math.floor(fx.clock.current.getTime() / 1000)),
      trans: '',
      order_id: 'IF-1',
    });
    fx.pace.releaseAll();
    const answered = await sale.answer;
    expect(await fx.run('trandetail', { order_id: 'IF-1' })).toMatchObject({
      ttid: answered.ttid,
      orig_code: 'AUTH',
      txnstatus: 'APPROVED',
      order_id: 'IF-1',
      payment_id: '1',
    });
    expect(fx.db.prepare('SELECT count(*) AS n FROM in_flight').get()).toEqual({ n: 0 });
  });

  it('still answers the payments an order already has, and the next one as in progress', async () => {
    const first = await fx.run('sale', keyedSale('5.00', { order_id: 'IF-2' }));
    const second = await heldSale('7.00', 'IF-2');
    expect(await fx.run('trandetail', { order_id: 'IF-2' })).toMatchObject({
      txnstatus: 'INPROGRESS',
      amount: '7.00',
      trans: first.ttid,
    });
    expect(await fx.run('trandetail', { order_id: 'IF-2', payment_id: '1' })).toMatchObject({
      ttid: first.ttid,
      txnstatus: 'APPROVED',
    });
    expect(await fx.run('trandetail', { order_id: 'IF-2', payment_id: '2' })).toMatchObject({
      txnstatus: 'INPROGRESS',
    });
    fx.pace.releaseAll();
    expect(await second.answer).toMatchObject({ code: 'AUTH' });
    expect(await fx.run('trandetail', { order_id: 'IF-2', payment_id: '2' })).toMatchObject({
      txnstatus: 'APPROVED',
      amount: '7.00',
    });
  });

  it('holds the account only sealed while in flight, never the number in the clear', async () => {
    const sale = await heldSale('9.00', 'IF-3');
    const row = fx.db.prepare('SELECT draft_json, card_sealed FROM in_flight').get() as {
      draft_json: string;
      card_sealed: Buffer;
    };
    expect(row.draft_json).not.toContain('4111111111111111');
    expect(row.card_sealed.toString('latin1')).not.toContain('4111111111111111');
    expect(fx.vault.unseal(row.card_sealed, 'transaction').pan).toBe('4111111111111111');
    fx.pace.releaseAll();
    await sale.answer;
  });
});

describe('recovery at start (TransactionService.recoverInFlight)', () => {
  it('reverses at the processor what a killed run left in flight with a card, and records it declined', async () => {
    const sealed = fx.vault.seal({ pan: '4111111111111111', expdate: '1230' }, 'transaction');
    await fx.store.inFlight.insert(draftOf('CRASH-1'), sealed, 1_750_000_000);
    const service = fx.open();
    expect(await service.recoverInFlight()).toBe(1);
    expect(
      fx.pace.seen.map(({ request }) => [request.kind, request.amount, request.card?.pan]),
    ).toEqual([['reverse', 0, '4111111111111111']]);
    const detail = await service.execute('trandetail', { order_id: 'CRASH-1' }, fx.caller());
    expect(detail.kind === 'response' && detail.pairs).toMatchObject({
      action: 'sale',
      orig_code: 'DENY',
      orig_msoft_code: 'SYS_FAILURE',
      orig_verbiage:
        'NOT COMPLETED: the outcome was never recorded; any authorization was reversed',
      orig_reqamount: '12.34',
      txnstatus: 'DECLINED',
      tranflags: 'ONLINE',
      order_id: 'CRASH-1',
      payment_id: '1',
      ordernum: 'A-7',
    });
    const events = fx.db
      .prepare('SELECT action, code, stan FROM transaction_events ORDER BY id')
      .all();
    expect(events).toEqual([
      { action: 'sale', code: 'DENY', stan: null },
      { action: 'reversal', code: 'AUTH', stan: '000001' },
    ]);
    expect(fx.db.prepare('SELECT count(*) AS n FROM in_flight').get()).toEqual({ n: 0 });
    expect(await service.recoverInFlight()).toBe(0);
    await service.close();
  });

  it('records a gift transaction left in flight as declined without going online, its card untouched', async () => {
    const pan = giftCard(900);
    await fx.run('issue', { account: pan, amount: '20.00' });
    const draft = draftOf('CRASH-2', {
      accountMasked: 'XXXXXXXXXXXX' + pan.slice(-4),
      last4: pan.slice(-4),
      cardtype: 'GIFT',
      cardFingerprint: fx.vault.fingerprint(pan),
    });
    await fx.store.inFlight.insert(draft, null, 1_750_000_000);
    const seenBefore = fx.pace.seen.length;
    const service = fx.open();
    expect(await service.recoverInFlight()).toBe(1);
    expect(fx.pace.seen).toHaveLength(seenBefore);
    const detail = await service.execute('trandetail', { order_id: 'CRASH-2' }, fx.caller());
    expect(detail.kind === 'response' && detail.pairs).toMatchObject({
      orig_msoft_code: 'SYS_FAILURE',
      txnstatus: 'DECLINED',
      tranflags: '',
    });
    const balance = await service.execute('balanceinq', { account: pan }, fx.caller());
    expect(balance.kind === 'response' && balance.pairs.balance).toBe('20.00');
    await service.close();
  });
});
