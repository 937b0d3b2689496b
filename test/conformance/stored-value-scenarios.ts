import { luhnValid } from '../../drivers/crypto/index.ts';
import type { PaymentClient, PaymentResult } from '../../main/payment/index.ts';
import { CARD, ttidOf, type Scenario } from './operation-scenarios.ts';

let serial = 0;

/**
 * A gift card of the demo merchant's 603571 range never used before in this run, always ending
 * 9768: each transport runs a story on its own card, and the masked account (last four digits)
 * still answers the same on all three. The digit before the last four makes the Luhn check hold.
 */
export function freshGiftCard(): string {
  serial += 1;
  const head = `603571${String(serial).padStart(5, '0')}`;
  for (let digit = 0; digit <= 9; digit += 1) {
    const pan = `${head}${digit}9768`;
    if (luhnValid(pan)) return pan;
  }
  throw new Error('no check digit fits');
}

/** The masked form of every freshGiftCard. */
export const GIFT_MASKED = 'XXXXXXXXXXXX9768';

/** A fresh gift card issued with `amount`; throws unless approved. */
async function issued(pay: PaymentClient, amount: string): Promise<string> {
  const account = freshGiftCard();
  const result = await pay.giftIssue({ account, amount });
  if (result.outcome !== 'approved') throw new Error(`issue: ${result.outcome}`);
  return account;
}

/** A gift sale of `amount` on `account`; throws unless approved; returns its ttid. */
async function giftSale(pay: PaymentClient, account: string, amount: string): Promise<string> {
  return ttidOf(await pay.sale({ account, amount }));
}

const card = (amount: string, extra: Record<string, string> = {}) => ({
  ...CARD,
  money: { amount },
  ...extra,
});

/** How the client refuses in v1 a parameter only v2 has (carddenylist_*). */
const V1_PARAM = 'param.version';

/** The stored-value operations and card screening, each as a short story over every transport. */
export const STORED_VALUE_SCENARIOS: readonly Scenario[] = [
  {
    name: 'issue opens a new gift card and loads the amount',
    operation: 'issue',
    expected: 'approved',
    fields: { authamount: '25.00', balance: '25.00', cardtype: 'GIFT', account: GIFT_MASKED },
    run: (pay) => pay.giftIssue({ account: freshGiftCard(), amount: '25.00' }),
  },
  {
    name: 'activate loads the amount sent onto a card without a denomination on file',
    operation: 'activate',
    expected: 'approved',
    fields: { authamount: '10.00', balance: '10.00', phard_code: 'SUCCESS' },
    run: (pay) => pay.giftActivate({ account: freshGiftCard(), amount: '10.00' }),
  },
  {
    name: 'activate of a card already active is declined by its issuer',
    operation: 'activate',
    expected: 'declined_processor',
    fields: { verbiage: 'CARD ALREADY ACTIVE', balance: '5.00' },
    run: async (pay) => pay.giftActivate({ account: await issued(pay, '5.00'), amount: '5.00' }),
  },
  {
    name: 'balanceinq answers a gift card’s balance',
    operation: 'balanceinq',
    expected: 'approved',
    fields: { balance: '25.00', cardtype: 'GIFT', ttid: undefined },
    run: async (pay) => pay.balanceInquiry({ account: await issued(pay, '25.00') }),
  },
  {
    name: 'balanceinq answers a credit test card’s available balance',
    operation: 'balanceinq',
    expected: 'approved',
    fields: { balance: '2500.00', cardtype: 'VISA', cv: 'GOOD', avs: 'GOOD' },
    run: (pay) => pay.balanceInquiry({ ...CARD }),
  },
  {
    name: 'cardtype answers the brand and card_* fields without going online',
    operation: 'cardtype',
    expected: 'approved',
    fields: {
      cardtype: 'VISA',
      card_funding_source: 'CREDIT',
      card_country_code: '840',
      pclevel: '0',
      phard_code: undefined,
      ttid: undefined,
    },
    run: (pay) => pay.cardType({ account: CARD.account_data.account }),
  },
  {
    name: 'cardtype answers a card of the demo merchant’s own gift range',
    operation: 'cardtype',
    expected: 'approved',
    fields: { cardtype: 'GIFT', pclevel: '0' },
    run: (pay) => pay.cardType({ account: '7777000000000048' }),
  },
  {
    name: 'a sale on a gift card takes the amount from its balance',
    operation: 'sale',
    expected: 'approved',
    fields: { balance: '15.00', cardtype: 'GIFT' },
    run: async (pay) => pay.sale({ account: await issued(pay, '25.00'), amount: '10.00' }),
  },
  {
    name: 'a gift sale beyond the balance with nsf=yes is a partial approval',
    operation: 'sale',
    expected: 'partial',
    fields: { authamount: '10.00', balance: '0.00' },
    run: async (pay) =>
      pay.sale({ account: await issued(pay, '10.00'), amount: '15.00', nsf: 'yes' }),
  },
  {
    name: 'a gift sale beyond the balance without nsf is reversed and declined',
    operation: 'sale',
    expected: 'declined_service',
    fields: { msoft_code: 'MERCH_PARTIALAUTH', phard_code: 'NSF', balance: '10.00' },
    run: async (pay) => pay.sale({ account: await issued(pay, '10.00'), amount: '15.00' }),
  },
  {
    name: 'cashout removes what the card holds: authamount to remit, balance 0',
    operation: 'cashout',
    expected: 'approved',
    fields: { authamount: '17.50', balance: '0.00' },
    run: async (pay) => {
      const account = await issued(pay, '25.00');
      await giftSale(pay, account, '7.50');
      return pay.giftCashout({ account });
    },
  },
  {
    name: 'merchreturn by account loads returned merchandise onto the card',
    operation: 'merchreturn',
    expected: 'approved',
    fields: { authamount: '5.00', balance: '25.00' },
    run: async (pay) =>
      pay.merchandiseReturn({ account: await issued(pay, '20.00'), amount: '5.00' }),
  },
  {
    name: 'merchreturn by ttid for part of a gift sale refunds it onto the card',
    operation: 'merchreturn',
    expected: 'approved',
    fields: { authamount: '4.00', balance: '14.00' },
    run: async (pay) => {
      const ttid = await giftSale(pay, await issued(pay, '20.00'), '10.00');
      return pay.merchandiseReturn({ ttid, amount: '4.00' });
    },
  },
  {
    name: 'merchreturn by ttid for the whole of an unsettled gift sale: reversal applies',
    operation: 'merchreturn',
    expected: 'approved',
    fields: { balance: '20.00', authamount: undefined },
    run: async (pay) => {
      const ttid = await giftSale(pay, await issued(pay, '20.00'), '10.00');
      return pay.merchandiseReturn({ ttid, amount: '10.00' });
    },
  },
  {
    name: 'void of a gift sale puts the amount back on the card',
    operation: 'void',
    expected: 'approved',
    fields: { balance: '20.00' },
    run: async (pay) => pay.void(await giftSale(pay, await issued(pay, '20.00'), '10.00')),
  },
  {
    name: 'sale 6.75 with nsf=yes is partially approved for 5.00',
    operation: 'sale',
    expected: 'partial',
    fields: { authamount: '5.00', phard_code: 'SUCCESS' },
    run: (pay) => pay.sale(card('6.75', { nsf: 'yes' })),
  },
  {
    name: 'sale 6.75 without nsf: the partial approval is reversed and declined',
    operation: 'sale',
    expected: 'declined_service',
    fields: { msoft_code: 'MERCH_PARTIALAUTH', phard_code: 'NSF', authamount: undefined },
    run: (pay) => pay.sale(card('6.75')),
  },
  {
    name: 'a card its issuer declined with carddenylist_decline=yes is refused by carddenylist_check',
    operation: 'sale',
    expected: 'declined_service',
    v1: V1_PARAM,
    fields: {
      msoft_code: 'MERCH_DENYLIST',
      verbiage: 'CARD ON DENY LIST',
      ttid: undefined,
      account: 'XXXXXXXXXXXX0011',
      cardtype: 'MC',
    },
    run: async (pay) => {
      const mc = { account_data: { account: '2223000048400011', expdate: '1230' } };
      const declined: PaymentResult = await pay.sale({
        ...mc,
        amount: '6.01',
        carddenylist_decline: 'yes',
      });
      if (declined.outcome !== 'declined_processor') throw new Error(declined.outcome);
      return pay.sale({ ...mc, amount: '1.00', carddenylist_check: 'yes' });
    },
  },
  {
    name: 'duplcheck=yes declines the same card, amount and ordernum sent again',
    operation: 'sale',
    expected: 'declined_service',
    fields: {
      code: 'DUPL',
      msoft_code: 'MERCH_DUPLICATE',
      ttid: undefined,
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
    },
    run: async (pay, transport) => {
      const twice = card('13.13', { duplcheck: 'yes', ordernum: `dupl-${transport}` });
      ttidOf(await pay.sale(twice));
      return pay.sale(twice);
    },
  },
];
