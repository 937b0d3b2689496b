import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { luhnValid } from '../../../drivers/crypto/index.ts';
import { EngineFixture, keyedSale } from './helpers/engine-fixture.ts';

let fx: EngineFixture;
beforeEach(() => {
  fx = new EngineFixture();
});
afterEach(() => fx.close());

describe('tokenization', () => {
  it('answers a token with tokenize=yes that never passes for a card number', async () => {
    const sale = await fx.run('sale', keyedSale('10.00', { tokenize: 'yes' }));
    expect(sale.token).toMatch(/^9[0-9]{15}$/);
    expect(luhnValid(sale.token ?? '')).toBe(false);
    expect((await fx.run('sale', keyedSale('10.00'))).token).toBeUndefined();
  });

  it('makes a new token each time, unless matching_token=yes reuses the account’s token', async () => {
    const a = await fx.run('sale', keyedSale('1.00', { tokenize: 'yes' }));
    const b = await fx.run('sale', keyedSale('1.00', { tokenize: 'yes' }));
    expect(b.token).not.toBe(a.token);
    const c = await fx.run('sale', keyedSale('1.00', { tokenize: 'yes', matching_token: 'yes' }));
    expect(c.token).toBe(a.token);
    const mc = await fx.run('sale', {
      account: '5454545454545454',
      expdate: '1230',
      amount: '1.00',
      tokenize: 'yes',
      matching_token: 'yes',
    });
    expect(mc.token).not.toBe(a.token);
  });

  it('does not tokenize a declined transaction', async () => {
    const declined = await fx.run('sale', keyedSale('6.01', { tokenize: 'yes' }));
    expect(declined.token).toBeUndefined();
    expect(fx.db.prepare('SELECT count(*) AS n FROM tokens').get()).toEqual({ n: 0 });
  });

  it('takes a token as account data, with its stored expiry', async () => {
    const first = await fx.run('sale', keyedSale('1.00', { tokenize: 'yes' }));
    const again = await fx.run('sale', {
      token: first.token ?? '',
      amount: '7.00',
      cv: '999',
      zip: '32606',
    });
    expect(again).toMatchObject({
      code: 'AUTH',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
      rcpt_entry_mode: 'M',
    });
    const retokenized = await fx.run('sale', {
      token: first.token ?? '',
      amount: '2.00',
      tokenize: 'yes',
    });
    expect(retokenized.token).toBe(first.token);
    const expired = await fx.run('sale', {
      token: first.token ?? '',
      expdate: '0120',
      amount: '2.00',
    });
    expect(expired.phard_code).toBe('EXPIRED');
  });

  it('answers an unknown token, or another merchant’s, as not found', async () => {
    const first = await fx.run('sale', keyedSale('1.00', { tokenize: 'yes' }));
    expect(await fx.run('sale', { token: '9000000000000000', amount: '1.00' })).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_RECORDNOTFOUND',
      verbiage: 'token: no such token',
    });
    const other = await fx.run(
      'sale',
      { token: first.token ?? '', amount: '1.00' },
      fx.otherMerchant(),
    );
    expect(other.msoft_code).toBe('DATA_RECORDNOTFOUND');
  });

  it('tokenizes the held card on preauthcomplete', async () => {
    const preauth = await fx.run('preauth', keyedSale('20.00'));
    const complete = await fx.run('preauthcomplete', { ttid: preauth.ttid ?? '', tokenize: 'yes' });
    expect(complete.token).toMatch(/^9[0-9]{15}$/);
    expect((await fx.run('trandetail', { ttid: preauth.ttid ?? '' })).token).toBe(complete.token);
  });
});
