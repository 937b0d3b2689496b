import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAccounts } from '../../../server/accounts/accounts.ts';
import { CardEntryService } from '../../../server/cardentry/card-entry-service.ts';
import { CardVault } from '../../../server/vault/index.ts';
import { EngineFixture } from './helpers/engine-fixture.ts';

// The ticket rules of hosted card entry against the engine: single use, expiry, merchant binding,
// sessions for one entry, and the card data a ticket holds dropped when it is used or expires.

const PAN = '4111111111111111';
const ORIGIN = 'https://shop.example';

let fx: EngineFixture;
let entry: CardEntryService;

beforeEach(() => {
  fx = new EngineFixture();
  const vault = CardVault.forDatabase(fx.path, false);
  entry = new CardEntryService(
    fx.store.cardTickets,
    vault,
    openAccounts(fx.store, vault, randomBytes(32)),
    fx.clock.now,
  );
});
afterEach(() => fx.close());

async function openSession(): Promise<string> {
  const pairs = await fx.run('ticket_session', { allowed_origin: ORIGIN });
  expect(pairs).toMatchObject({ code: 'AUTH', msoft_code: 'INT_SUCCESS' });
  expect(pairs.page).toBe(`/cardentry?session=${pairs.session ?? ''}`);
  return pairs.session ?? '';
}

async function ticket(card: Record<string, string> = {}): Promise<string> {
  const session = await openSession();
  const answer = await entry.issueTicket({
    session,
    account: PAN,
    expdate: '1230',
    cv: '999',
    zip: '32606',
    ...card,
  });
  expect(answer.pairs.code).toBe('AUTH');
  return answer.pairs.ticket ?? '';
}

function ticketRows(): { card_sealed: Buffer | null; used_ts: number | null }[] {
  return fx.db.prepare('SELECT card_sealed, used_ts FROM card_tickets').all() as {
    card_sealed: Buffer | null;
    used_ts: number | null;
  }[];
}

describe('cardshieldticket', () => {
  it('runs a sale with the card, security code and zip entered, once', async () => {
    const cardshieldticket = await ticket();
    const sale = await fx.run('sale', { cardshieldticket, amount: '12.00' });
    expect(sale).toMatchObject({
      ttid: expect.stringMatching(/^\d+$/) as string,
      code: 'AUTH',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
      cv: 'GOOD',
      avs: 'GOOD',
    });
    expect(ticketRows()[0]?.card_sealed).toBeNull();
    const again = await fx.run('sale', { cardshieldticket, amount: '12.00' });
    expect(again).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'cardshieldticket: already used',
    });
  });

  it('is refused once expired, and housekeeping drops its card data', async () => {
    const cardshieldticket = await ticket();
    fx.clock.advance(299);
    await fx.service.runHousekeeping();
    expect(ticketRows()[0]?.card_sealed).toBeInstanceOf(Buffer);
    fx.clock.advance(1);
    await fx.service.runHousekeeping();
    expect(ticketRows()[0]?.card_sealed).toBeNull();
    const sale = await fx.run('sale', { cardshieldticket, amount: '1.00' });
    expect(sale).toMatchObject({
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'cardshieldticket: expired',
    });
  });

  it("is bound to the session's merchant: another's attempt neither works nor uses it up", async () => {
    const cardshieldticket = await ticket();
    const other = await fx.run('sale', { cardshieldticket, amount: '1.00' }, fx.otherMerchant());
    expect(other).toMatchObject({
      msoft_code: 'DATA_RECORDNOTFOUND',
      verbiage: 'cardshieldticket: issued to another merchant',
    });
    expect((await fx.run('sale', { cardshieldticket, amount: '1.00' })).code).toBe('AUTH');
  });

  it('is not found when the service never issued it', async () => {
    const sale = await fx.run('sale', { cardshieldticket: 'x'.repeat(43), amount: '1.00' });
    expect(sale).toMatchObject({
      msoft_code: 'DATA_RECORDNOTFOUND',
      verbiage: 'cardshieldticket: no such ticket',
    });
  });

  it('goes to one of two requests presenting it at once', async () => {
    const cardshieldticket = await ticket();
    const answers = await Promise.all(
      [1, 2, 3].map(() => fx.run('sale', { cardshieldticket, amount: '2.00' })),
    );
    expect(answers.filter((a) => a.code === 'AUTH')).toHaveLength(1);
    expect(answers.filter((a) => a.verbiage === 'cardshieldticket: already used')).toHaveLength(2);
  });

  it.each([
    ['preauth', { amount: '3.00' }, { code: 'AUTH' }],
    ['sale', { amount: '3.00', tokenize: 'yes' }, { code: 'AUTH' }],
    ['cardtype', {}, { code: 'AUTH', cardtype: 'VISA' }],
    ['balanceinq', {}, { code: 'AUTH', balance: '2500.00' }],
  ] as const)('stands for the card in %s %o', async (op, params, expected) => {
    const answer = await fx.run(op, { cardshieldticket: await ticket(), ...params });
    expect(answer).toMatchObject(expected);
    if ('tokenize' in params) expect(answer.token).toMatch(/./);
  });

  it('keeps no card number or security code in the database file', async () => {
    await fx.run('sale', { cardshieldticket: await ticket({ cv: '9137' }), amount: '4.00' });
    await ticket({ account: '5454545454545454', cv: '9137' });
    const bytes = readFileSync(fx.path);
    for (const secret of [PAN, '5454545454545454', '"cv":"9137"']) {
      expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);
    }
  });
});

describe('card-entry sessions', () => {
  it('take one card: a second entry on the same session is refused', async () => {
    const session = await openSession();
    const card = { session, account: PAN, expdate: '1230', cv: '123' };
    expect((await entry.issueTicket(card)).status).toBe(200);
    expect(await entry.issueTicket(card)).toEqual({
      status: 410,
      pairs: {
        code: 'DENY',
        msoft_code: 'DATA_INVALIDMOD',
        verbiage: 'session: already used for a card',
        field: 'session',
      },
    });
  });

  it('expire after 15 minutes', async () => {
    const session = await openSession();
    fx.clock.advance(900);
    const answer = await entry.issueTicket({ session, account: PAN, expdate: '1230', cv: '123' });
    expect(answer.status).toBe(410);
    expect(answer.pairs.verbiage).toBe('session: expired; ask for a new one');
  });

  it.each([
    [{ account: '4111111111111112' }, 'account', 'account: fails the Luhn check digit'],
    [{ account: '41111' }, 'account', 'account: must be a card number of 12–19 digits'],
    [{ account: '9999999999999995' }, 'account', 'account: card type not accepted'],
    [{ account: '' }, 'account', 'account: required'],
    [{ expdate: '1330' }, 'expdate', 'expdate: month must be 01–12'],
    [{ cv: '12' }, 'cv', 'cv: must be 3–4 digits'],
    [{ zip: 'z'.repeat(33) }, 'zip', 'zip: must be at most 32 characters'],
  ])(
    'refuse a bad card %o naming %s, and stay open for a corrected one',
    async (bad, field, verbiage) => {
      const session = await openSession();
      const card = { session, account: PAN, expdate: '1230', cv: '123' };
      const refused = await entry.issueTicket({ ...card, ...bad });
      expect(refused.status).toBe(400);
      expect(refused.pairs).toMatchObject({ msoft_code: 'DATA_INVALIDFIELD', field });
      expect(refused.pairs.verbiage).toBe(verbiage);
      expect(JSON.stringify(refused)).not.toContain(PAN);
      expect((await entry.issueTicket(card)).status).toBe(200);
    },
  );
});
