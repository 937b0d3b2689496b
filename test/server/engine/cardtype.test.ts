import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineFixture } from './helpers/engine-fixture.ts';
import { giftCard, giftSide } from './helpers/gift-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => fx.close());

describe('cardtype (BIN lookup)', () => {
  it('answers the brand, pclevel and the card_* fields of the BIN file, without going online', async () => {
    const pairs = await fx.run('cardtype', { account: '4000056655665556' });
    expect(pairs).toEqual({
      code: 'AUTH',
      msoft_code: 'INT_SUCCESS',
      verbiage: 'SUCCESS',
      account: 'XXXXXXXXXXXX5556',
      cardtype: 'VISA',
      pclevel: '0',
      card_issuer_bank: 'LANETERM TEST BANK',
      card_country_code: '840',
      card_currency: '840',
      card_prepaid: 'no',
      card_reloadable: 'no',
      card_fsa: 'no',
      card_signature_debit: 'yes',
      card_token_card: 'no',
      card_cardlevel: 'VISA_CLASSIC_DEBIT',
      card_debit_network: 'STAR|PULSE',
      card_funding_source: 'DEBIT',
      card_msr_cvm: 'PIN',
      card_cardclass: 'CONSUMER',
      timestamp: '2025-06-15 10:30:00 -0400',
      rcpt_host_ts: '061525103000',
      rcpt_entry_mode: 'M',
      simulator: 'loopback',
    });
    expect(fx.pace.seen).toHaveLength(0);
    expect(fx.db.prepare('SELECT count(*) AS n FROM transactions').get()).toEqual({ n: 0 });
  });

  it('answers the corporate level, other countries, and the brand alone for a BIN it does not list', async () => {
    expect(await fx.run('cardtype', { account: '4055011111111111' })).toMatchObject({
      pclevel: '2',
      card_cardclass: 'CORPORATE',
    });
    expect(await fx.run('cardtype', { account: '3566002020140006' })).toMatchObject({
      cardtype: 'JCB',
      card_country_code: '392',
    });
    const plain = await fx.run('cardtype', { account: '4917610000000000' });
    expect(plain).toMatchObject({ code: 'AUTH', cardtype: 'VISA' });
    expect(Object.keys(plain).filter((key) => key.startsWith('card_'))).toEqual([]);
  });

  it('answers UNKNOWN for a number of no brand, and refuses one failing the Luhn check', async () => {
    expect(await fx.run('cardtype', { account: '9999999800009919' })).toMatchObject({
      code: 'AUTH',
      cardtype: 'UNKNOWN',
    });
    expect(await fx.run('cardtype', { account: '4111111111111112' })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: 'account: fails the Luhn check digit',
    });
  });

  it('refuses an account too short for a card number, tokenize or not', async () => {
    for (const tokenize of ['no', 'yes']) {
      expect(await fx.run('cardtype', { account: '4242', tokenize })).toEqual({
        code: 'DENY',
        msoft_code: 'DATA_INVALIDFIELD',
        verbiage: 'account: a card number has 8 to 19 digits',
      });
    }
  });

  it('answers a gift card as its range has it, from any entry, and tokenizes on request', async () => {
    await giftSide(fx).store.setCustomRanges(fx.merchantId, '603571:16:GIFT:1', 0);
    const pairs = await fx.run('cardtype', {
      trackdata: `;${giftCard(1)}=24051200000?`,
      tokenize: 'yes',
    });
    expect(pairs).toMatchObject({
      cardtype: 'GIFT',
      pclevel: '1',
      card_prepaid: 'yes',
      card_funding_source: 'PREPAID',
      rcpt_entry_mode: 'S',
    });
    expect(pairs.token).toMatch(/^9[0-9]{15}$/);
    const again = await fx.run('cardtype', { token: pairs.token ?? '' });
    expect(again).toMatchObject({ cardtype: 'GIFT', account: 'XXXXXXXXXXXX0018' });
  });
});
