import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnValid } from '../../../drivers/crypto/index.ts';
import { EngineFixture } from './helpers/engine-fixture.ts';

interface CatalogueCard {
  id: string;
  brand: string;
  pan: string;
  track2: string;
  expiry: string;
}

const catalogue = JSON.parse(
  readFileSync(new URL('../../../resources/test-cards.json', import.meta.url), 'utf8'),
) as { cards: CatalogueCard[] };

let fx: EngineFixture;
beforeAll(() => {
  fx = new EngineFixture();
});
afterAll(() => fx.close());

describe('test cards of docs/test-cards.md', () => {
  it.each([
    ['4111111111111111', 'VISA'],
    ['4012888888881881', 'VISA'],
    ['4055011111111111', 'VISA'],
    ['4242424242424242', 'VISA'],
    ['4000056655665556', 'VISA'],
    ['4012345678909', 'VISA'],
    ['5454545454545454', 'MC'],
    ['2223003122003222', 'MC'],
    ['2223000048400011', 'MC'],
    ['5200828282828210', 'MC'],
    ['6011000995500000', 'DISC'],
    ['6011000990139424', 'DISC'],
    ['3566002020140006', 'JCB'],
    ['3566002020360505', 'JCB'],
    ['36227206271667', 'DINERS'],
    ['6200000000000005', 'CUP'],
    ['6304000000000000', 'MAESTRO'],
  ])('keyed %s is approved as %s with the good CV 999', async (account, cardtype) => {
    const pairs = await fx.run('sale', { account, expdate: '1230', cv: '999', amount: '1.00' });
    expect(pairs).toMatchObject({ code: 'AUTH', cardtype, cv: 'GOOD' });
  });

  it('keyed Amex 371449635398431 is approved with the good CV 1234', async () => {
    const pairs = await fx.run('sale', {
      account: '371449635398431',
      expdate: '1230',
      cv: '1234',
      amount: '1.00',
    });
    expect(pairs).toMatchObject({ code: 'AUTH', cardtype: 'AMEX', cv: 'GOOD' });
  });

  it.each([
    ['2222333344445553', 'account: fails the Luhn check digit'],
    ['9999999800009919', 'UNSUPPORTED CARD TYPE'],
  ])('%s is refused by the service: %s', async (account, verbiage) => {
    const pairs = await fx.run('sale', { account, expdate: '1230', amount: '1.00' });
    expect(pairs).toEqual({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD', verbiage });
  });

  it.each(catalogue.cards.map((card) => [card.id, card] as const))(
    'the device catalogue card %s swiped (track 2) answers by the documented order of checks',
    async (_id, card) => {
      const pairs = await fx.run('sale', { trackdata: card.track2, amount: '1.00' });
      if (!luhnValid(card.pan)) {
        expect(pairs).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });
      } else if (card.expiry < '2506') {
        expect(pairs).toMatchObject({ code: 'DENY', phard_code: 'EXPIRED' });
      } else {
        expect(pairs).toMatchObject({ code: 'AUTH', cardtype: card.brand, rcpt_entry_mode: 'S' });
      }
    },
  );
});
