import { toHex } from '../../drivers/crypto/index.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import type { PaymentClient } from '../../main/payment/index.ts';
import { captureSwipe, type CaptureReader } from '../drivers/readers/helpers/reader-captures.ts';
import { giftTestCard, iccOf, tdesKsn, tdesPinBlock } from '../server/helpers/card-present-data.ts';
import type { Scenario } from './operation-scenarios.ts';
import { GIFT_MASKED, freshGiftCard } from './stored-value-scenarios.ts';

const cards = loadCardCatalogue();
const visa = findCard(cards, 'visa');
const debit = findCard(cards, 'visa-debit');

/** A fresh gift card issued with `amount` and the plain PIN 1234; throws unless approved. */
async function issuedWithPin(pay: PaymentClient, amount: string): Promise<string> {
  const account = freshGiftCard();
  const result = await pay.giftIssue({ account, amount, pin: '1234' });
  if (result.outcome !== 'approved') throw new Error(`issue: ${result.outcome}`);
  return account;
}

/** A reader simulator's whole output for a swipe of the gift card `pan` (e_datafield). */
async function giftSwipe(reader: CaptureReader, pan: string): Promise<string> {
  return toHex(await captureSwipe(reader, giftTestCard(pan)));
}

/**
 * Card-present entry meeting stored value (docs/api.md, Card-present entry): a gift card read by
 * an encrypting reader or a chip reader goes the gift ledger's way, its plain PIN checked there;
 * balanceinq and cardtype take every entry, balanceinq a PIN debit too.
 */
export const CARD_PRESENT_STORED_VALUE_SCENARIOS: readonly Scenario[] = [
  {
    name: 'balanceinq of a gift card swiped on a MagTek reader, with its plain PIN',
    operation: 'balanceinq',
    expected: 'approved',
    fields: { balance: '20.00', cardtype: 'GIFT', account: GIFT_MASKED, rcpt_entry_mode: 'S' },
    run: async (pay) => {
      const account = await issuedWithPin(pay, '20.00');
      return pay.balanceInquiry({ e_datafield: await giftSwipe('magtek', account), pin: '1234' });
    },
  },
  {
    name: 'a sale on a gift card swiped on an ID TECH reader takes the amount from its balance',
    operation: 'sale',
    expected: 'approved',
    fields: { balance: '12.00', cardtype: 'GIFT', rcpt_entry_mode: 'S' },
    run: async (pay) => {
      const account = await issuedWithPin(pay, '20.00');
      const e_datafield = await giftSwipe('idtech-enhanced', account);
      return pay.sale({ account_data: { e_datafield }, pin: '1234', money: { amount: '8.00' } });
    },
  },
  {
    name: 'balanceinq of a gift card read by chip',
    operation: 'balanceinq',
    expected: 'approved',
    fields: { balance: '30.00', cardtype: 'GIFT', rcpt_entry_mode: 'C', icc: undefined },
    run: async (pay) => {
      const account = await issuedWithPin(pay, '30.00');
      return pay.balanceInquiry({ icc: iccOf(giftTestCard(account), 0), pin: '1234' });
    },
  },
  {
    name: 'a sale on a gift card read by chip',
    operation: 'sale',
    expected: 'approved',
    fields: { balance: '21.00', rcpt_entry_mode: 'C', rcpt_emv_actype: 'ARQC', icc: undefined },
    run: async (pay) => {
      const account = await issuedWithPin(pay, '30.00');
      return pay.sale({ icc: iccOf(giftTestCard(account), 900), pin: '1234', amount: '9.00' });
    },
  },
  {
    name: 'an encrypted PIN block on a gift card is refused',
    operation: 'sale',
    expected: 'declined_service',
    fields: {
      msoft_code: 'DATA_BADTRANS',
      verbiage: 'pin: encrypted PIN blocks on gift cards not offered by this server',
      account: GIFT_MASKED,
      cardtype: 'GIFT',
    },
    run: async (pay) => {
      const account = await issuedWithPin(pay, '5.00');
      return pay.sale({
        e_datafield: await giftSwipe('magtek', account),
        pin: tdesPinBlock(1, '1234', account, tdesKsn(60)),
        ksn: tdesKsn(60),
        amount: '1.00',
      });
    },
  },
  {
    name: 'cardtype of a card swiped on an encrypting reader',
    operation: 'cardtype',
    expected: 'approved',
    fields: { cardtype: 'VISA', card_funding_source: 'CREDIT', rcpt_entry_mode: 'S' },
    run: async (pay) => pay.cardType({ e_datafield: toHex(await captureSwipe('magtek', visa)) }),
  },
  {
    name: 'balanceinq of a chip card answers its receipt fields and the issuer’s data',
    operation: 'balanceinq',
    expected: 'approved',
    fields: { balance: '2500.00', rcpt_entry_mode: 'C', rcpt_emv_aid: 'A0000000031010' },
    run: (pay) => pay.balanceInquiry({ icc: iccOf(visa, 0) }),
  },
  {
    name: 'balanceinq as a PIN debit: a wrong PIN is declined by the issuer',
    operation: 'balanceinq',
    expected: 'declined_processor',
    fields: { phard_code: 'BAD_PIN', verbiage: 'INCORRECT PIN', balance: undefined },
    run: (pay) =>
      pay.balanceInquiry({
        trackdata: debit.track2,
        pin: tdesPinBlock(0, '9876', debit.pan, tdesKsn(61)),
        ksn: tdesKsn(61),
      }),
  },
];
