// A refusal once the service has read the card names it as an answer on it does, by its masked
// account and cardtype, never its number (docs/test-cards.md › Order of the checks).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import {
  encryptedAccount,
  tdesKsn,
  tdesPinBlock,
  withDemoKeys,
} from '../helpers/card-present-data.ts';
import { EngineFixture, keyedSale } from './helpers/engine-fixture.ts';
import { giftCard, giftSide } from './helpers/gift-fixture.ts';

const cards = loadCardCatalogue();
const debit = findCard(cards, 'visa-debit');

let fx: EngineFixture;
beforeEach(async () => {
  fx = await withDemoKeys(new EngineFixture());
});
afterEach(() => fx.close());

/** Expects the answer to name the card `pan` by masked `account` and `cardtype`, never in full. */
function expectNamed(pairs: Record<string, string>, pan: string, cardtype: string): void {
  expect(pairs).toMatchObject({
    account: `${'X'.repeat(pan.length - 4)}${pan.slice(-4)}`,
    cardtype,
  });
  expect(Object.values(pairs).join('\n')).not.toContain(pan);
}

describe('the deny list and the duplicate check name the card they refuse', () => {
  it('a credit sale or preauth on a listed card', async () => {
    const { vault } = giftSide(fx);
    const entry = await fx.store.denyList.add(
      {
        merchantId: fx.merchantId,
        fingerprint: vault.fingerprint('5454545454545454'),
        accountMasked: 'XXXXXXXXXXXX5454',
        last4: '5454',
        ttid: null,
        note: 'test',
      },
      0,
    );
    for (const op of ['sale', 'preauth'] as const) {
      const pairs = await fx.run(op, {
        account: '5454545454545454',
        expdate: '1230',
        amount: '4.00',
        carddenylist_check: 'yes',
      });
      expect(pairs).toEqual({
        code: 'DENY',
        msoft_code: 'MERCH_DENYLIST',
        verbiage: 'CARD ON DENY LIST',
        carddenylist_id: String(entry.id),
        account: 'XXXXXXXXXXXX5454',
        cardtype: 'MC',
      });
    }
  });

  it('a duplicate credit sale or preauth, and a duplicate debit sale', async () => {
    const once = { duplcheck: 'yes', ordernum: 'D-1' };
    for (const op of ['sale', 'preauth'] as const) {
      expect((await fx.run(op, keyedSale('7.00', once))).code).toBe('AUTH');
      const pairs = await fx.run(op, keyedSale('7.00', once));
      expect(pairs).toMatchObject({ code: 'DUPL', msoft_code: 'MERCH_DUPLICATE' });
      expectNamed(pairs, '4111111111111111', 'VISA');
    }
    const ksn = tdesKsn(3);
    const debitSale = {
      trackdata: debit.track2,
      pin: tdesPinBlock(0, debit.pin, debit.pan, ksn),
      ksn,
      amount: '12.00',
      ...once,
    };
    expect((await fx.run('sale', debitSale)).code).toBe('AUTH');
    const pairs = await fx.run('sale', debitSale);
    expect(pairs).toMatchObject({ code: 'DUPL' });
    expectNamed(pairs, debit.pan, 'VISA');
  });

  it('a duplicate check payment names its bank account', async () => {
    const check = {
      abaroute: '021000021',
      account: '1234567890',
      checknum: '101',
      amount: '15.00',
      duplcheck: 'yes',
    };
    expect((await fx.run('sale', check)).code).toBe('AUTH');
    const pairs = await fx.run('sale', check);
    expect(pairs).toMatchObject({ code: 'DUPL' });
    expectNamed(pairs, '1234567890', 'ACH');
  });
});

describe('a PIN the service refuses names the card', () => {
  it('a debit sale or balance inquiry whose PIN block lacks its ksn, is for another card or under an unknown key set', async () => {
    const ksn = tdesKsn(4);
    const block = tdesPinBlock(0, debit.pin, debit.pan, ksn);
    const refusals = [
      [
        'DATA_MISSINGFIELD',
        await fx.run('sale', { trackdata: debit.track2, pin: block, amount: '3.00' }),
      ],
      [
        'DATA_INVALIDFIELD',
        await fx.run('sale', {
          trackdata: debit.track2,
          pin: tdesPinBlock(0, debit.pin, '4111111111111111', ksn),
          ksn,
          amount: '3.00',
        }),
      ],
      [
        'SYS_SETUP',
        await fx.run('sale', {
          trackdata: debit.track2,
          pin: block,
          ksn: 'FFFF1111110000000001',
          amount: '3.00',
        }),
      ],
      ['DATA_MISSINGFIELD', await fx.run('balanceinq', { trackdata: debit.track2, pin: block })],
    ] as const;
    for (const [msoftCode, pairs] of refusals) {
      expect(pairs).toMatchObject({ code: 'DENY', msoft_code: msoftCode });
      expectNamed(pairs, debit.pan, 'VISA');
    }
    expect(fx.pace.seen).toHaveLength(0);
  });

  it('a sale keyed on the PIN pad with a plain PIN, which only a gift card takes', async () => {
    const ksn = tdesKsn(5);
    const pairs = await fx.run('sale', {
      e_account: encryptedAccount('4111111111111111', ksn),
      e_id: ksn,
      expdate: '1230',
      cardpresent: 'yes',
      pin: '1234',
      amount: '2.00',
    });
    expect(pairs).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });
    expect(pairs.verbiage).toMatch(/^pin: a plain PIN is taken only on a gift card/);
    expectNamed(pairs, '4111111111111111', 'VISA');
  });
});

describe('a return or gift operation refused once the card is read names it', () => {
  it('a merchreturn, activate or cashout on a credit card; a duplicate merchreturn on a gift card', async () => {
    for (const [op, extra] of [
      ['merchreturn', { amount: '2.00' }],
      ['activate', { amount: '2.00' }],
      ['cashout', {}],
    ] as const) {
      const pairs = await fx.run(op, { account: '5454545454545454', ...extra });
      expect(pairs).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });
      expectNamed(pairs, '5454545454545454', 'MC');
    }
    const account = giftCard(60);
    expect((await fx.run('issue', { account, amount: '10.00' })).code).toBe('AUTH');
    const back = { account, amount: '2.00', duplcheck: 'yes' };
    expect((await fx.run('merchreturn', back)).code).toBe('AUTH');
    const pairs = await fx.run('merchreturn', back);
    expect(pairs).toMatchObject({ code: 'DUPL' });
    expectNamed(pairs, account, 'GIFT');
  });
});
