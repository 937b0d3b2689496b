import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeTlv, parseHex, toHex } from '../../../drivers/crypto/index.ts';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { captureSwipe } from '../../drivers/readers/helpers/reader-captures.ts';
import {
  encryptedAccount,
  giftTestCard,
  iccCryptogram,
  iccOf,
  tdesKsn,
  tdesPinBlock,
  withDemoKeys,
} from '../helpers/card-present-data.ts';
import { EngineFixture } from './helpers/engine-fixture.ts';
import { giftCard, giftSide } from './helpers/gift-fixture.ts';

const cards = loadCardCatalogue();
const visa = findCard(cards, 'visa');
const debit = findCard(cards, 'visa-debit');

let fx: EngineFixture;
let gift: ReturnType<typeof giftSide>;
beforeEach(async () => {
  fx = await withDemoKeys(new EngineFixture());
  gift = giftSide(fx);
});
afterEach(() => fx.close());

/** Issues a fresh gift card of the default range with `amount` and the plain PIN 1234. */
async function issued(serial: number, amount: string): Promise<string> {
  const account = giftCard(serial);
  const pairs = await fx.run('issue', { account, amount, pin: '1234' });
  expect(pairs.code, pairs.verbiage).toBe('AUTH');
  return account;
}

/** A MagTek simulator's whole report of a swipe of the gift card `pan` (e_datafield). */
async function swiped(pan: string): Promise<string> {
  return toHex(await captureSwipe('magtek', giftTestCard(pan)));
}

/** The last message the simulated processor received. */
const lastMessage = () => fx.pace.seen.at(-1)?.request;

describe('gift cards read by the lane’s devices', () => {
  it('answers the balance of a gift card swiped on an encrypting reader, and sells on it with its plain PIN', async () => {
    const account = await issued(1, '30.00');
    const inquiry = await fx.run('balanceinq', { e_datafield: await swiped(account), pin: '1234' });
    expect(inquiry).toMatchObject({
      code: 'AUTH',
      balance: '30.00',
      cardtype: 'GIFT',
      account: 'XXXXXXXXXXXX0018',
      rcpt_entry_mode: 'S',
    });
    expect(lastMessage()?.card, 'a gift card is not sent to the processor').toBeUndefined();
    const sale = await fx.run('sale', {
      e_datafield: await swiped(account),
      pin: '1234',
      amount: '12.50',
    });
    expect(sale).toMatchObject({ code: 'AUTH', balance: '17.50', rcpt_entry_mode: 'S' });
    expect((await gift.ledger(account)).map((row) => row.amount)).toEqual([3000, -1250]);
    const wrong = await fx.run('sale', {
      e_datafield: await swiped(account),
      pin: '9999',
      amount: '1.00',
    });
    expect(wrong).toMatchObject({ code: 'DENY', verbiage: 'INCORRECT PIN' });
    expect((await gift.account(account))?.balance).toBe(1750);
  });

  it('answers the balance of a gift card read by chip, sells on it, and a card decline puts the amount back', async () => {
    const account = await issued(2, '40.00');
    const card = giftTestCard(account);
    const inquiry = await fx.run('balanceinq', { icc: iccOf(card, 0), pin: '1234' });
    expect(inquiry).toMatchObject({
      code: 'AUTH',
      balance: '40.00',
      rcpt_entry_mode: 'C',
      rcpt_emv_actype: 'ARQC',
    });
    expect(inquiry.icc, 'no issuer data: the gift ledger answered').toBeUndefined();
    const sale = await fx.run('sale', { icc: iccOf(card, 1500), pin: '1234', amount: '15.00' });
    expect(sale).toMatchObject({ code: 'AUTH', balance: '25.00', rcpt_entry_mode: 'C' });
    expect(sale.icc).toBeUndefined();
    const declined = await fx.run('reversal', {
      ttid: sale.ttid ?? '',
      icc: iccOf(card, 1500, { cid: '00' }),
    });
    expect(declined).toMatchObject({
      code: 'AUTH',
      balance: '40.00',
      rcpt_emv_card_decline: 'yes',
      rcpt_emv_actype: 'AAC',
    });
    expect((await gift.ledger(account)).map((row) => row.amount)).toEqual([4000, -1500, 1500]);
  });

  it('refuses an encrypted PIN block on a gift card without deciphering it for a debit', async () => {
    const account = await issued(3, '10.00');
    const block = tdesPinBlock(0, '1234', account, tdesKsn(40));
    const sale = await fx.run('sale', {
      e_datafield: await swiped(account),
      pin: block,
      ksn: tdesKsn(40),
      amount: '1.00',
    });
    expect(sale).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_BADTRANS',
      verbiage: 'pin: encrypted PIN blocks on gift cards not offered by this server',
      account: `XXXXXXXXXXXX${account.slice(-4)}`,
      cardtype: 'GIFT',
    });
    expect((await gift.account(account))?.balance).toBe(1000);
  });

  it('refuses a plain PIN with a chip read of a card outside the gift ranges', async () => {
    const sale = await fx.run('sale', { icc: iccOf(visa, 500), pin: '1234', amount: '5.00' });
    expect(sale).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });
    expect(sale.verbiage).toBe(
      'pin: a plain PIN is taken only on a gift card of the merchant; a debit PIN is a DUKPT PIN block with ksn',
    );
    expect(fx.pace.seen).toHaveLength(0);
  });
});

describe('balanceinq on card-present data', () => {
  it('checks a PIN debit inquiry’s PIN block: the right PIN answers the balance, a wrong one is BAD_PIN', async () => {
    const right = await fx.run('balanceinq', {
      trackdata: debit.track2,
      pin: tdesPinBlock(0, debit.pin, debit.pan, tdesKsn(41)),
      ksn: tdesKsn(41),
    });
    expect(right).toMatchObject({ code: 'AUTH', balance: '2500.00', account: 'XXXXXXXXXXXX5556' });
    expect(lastMessage()?.card?.debit).toEqual({ kind: 'pin', pin: debit.pin });
    const wrong = await fx.run('balanceinq', {
      trackdata: debit.track2,
      pin: tdesPinBlock(0, '9876', debit.pan, tdesKsn(42)),
      ksn: tdesKsn(42),
    });
    expect(wrong).toMatchObject({ code: 'DENY', phard_code: 'BAD_PIN', verbiage: 'INCORRECT PIN' });
    expect(wrong.balance).toBeUndefined();
  });

  it('answers a chip inquiry with its receipt fields and the issuer’s response data', async () => {
    const icc = iccOf(visa, 0);
    const pairs = await fx.run('balanceinq', { icc });
    expect(pairs).toMatchObject({
      code: 'AUTH',
      balance: '2500.00',
      rcpt_entry_mode: 'C',
      rcpt_emv_aid: 'A0000000031010',
      rcpt_emv_actype: 'ARQC',
    });
    const issuer = decodeTlv(parseHex('icc', pairs.icc ?? ''));
    expect(issuer.map((node) => node.tag)).toEqual(['91', '8A']);
    expect(lastMessage()?.card?.emv).toMatchObject({
      cryptogram: iccCryptogram(icc),
      cryptogramType: 'ARQC',
      tags: { '9F02': '000000000000', '9F37': 'CAFEBABE', '9F36': '0007', '5F34': '01' },
    });
  });
});

describe('cardtype on card-present data', () => {
  it('looks up a card swiped on an encrypting reader, read by chip, or keyed on the PIN pad', async () => {
    const swipe = await fx.run('cardtype', {
      e_datafield: toHex(await captureSwipe('magtek', visa)),
    });
    expect(swipe).toMatchObject({
      code: 'AUTH',
      cardtype: 'VISA',
      account: 'XXXXXXXXXXXX1111',
      rcpt_entry_mode: 'S',
    });
    expect(swipe.phard_code).toBeUndefined();
    const chip = await fx.run('cardtype', { icc: iccOf(debit, 0) });
    expect(chip).toMatchObject({
      cardtype: 'VISA',
      card_funding_source: 'DEBIT',
      rcpt_entry_mode: 'C',
    });
    const account = giftCard(4);
    const keyed = await fx.run('cardtype', {
      e_account: encryptedAccount(account, tdesKsn(43)),
      e_id: tdesKsn(43),
    });
    expect(keyed).toMatchObject({ cardtype: 'GIFT', rcpt_entry_mode: 'M' });
    expect(fx.pace.seen, 'cardtype never goes online').toHaveLength(0);
  });
});

describe('partial approvals of a chip read', () => {
  it('passes the issuer data on with a partial approval taken, and none with one the service declines', async () => {
    const taken = await fx.run('sale', { icc: iccOf(visa, 675), amount: '6.75', nsf: 'yes' });
    expect(taken).toMatchObject({ code: 'AUTH', authamount: '5.00', rcpt_entry_mode: 'C' });
    expect(decodeTlv(parseHex('icc', taken.icc ?? '')).map((node) => node.tag)).toEqual([
      '91',
      '8A',
    ]);
    const refused = await fx.run('sale', { icc: iccOf(visa, 675), amount: '6.75' });
    expect(refused).toMatchObject({
      code: 'DENY',
      msoft_code: 'MERCH_PARTIALAUTH',
      rcpt_emv_actype: 'ARQC',
    });
    expect(refused.icc, 'the approval was reversed: the card is to decline').toBeUndefined();
  });
});
