import type { OperationName } from '../../protocol/index.ts';
import { CARD_FIELDS } from '../engine/bin-details.ts';

const BALANCE = 'the gift card’s balance after the request, when it runs on a gift card';
const PARTIAL = 'the amount approved, when below the amount asked (a partial approval, nsf=yes)';
const APPLIED = 'the amount applied to the gift card';
const PCLEVEL = 'card level 0–2 of the gift range or the BIN';

/** A sale's or preauth's answer fields beyond the common ones. */
const AUTHORIZATION: Readonly<Record<string, string>> = {
  authamount: PARTIAL,
  balance: BALANCE,
  pclevel: PCLEVEL,
  carddenylist_id: 'the deny-list entry the card matched (carddenylist_check=yes, MERCH_DENYLIST)',
};

const MOVE = { balance: BALANCE };

/**
 * What each operation's answer carries beyond the common transaction fields (seed: Transaction
 * response; docs/test-cards.md), described in the OpenAPI documents' answer schemas.
 */
export const ANSWER_FIELDS: Readonly<
  Partial<Record<OperationName, Readonly<Record<string, string>>>>
> = {
  sale: AUTHORIZATION,
  preauth: AUTHORIZATION,
  preauthcomplete: MOVE,
  incremental: MOVE,
  adjust: MOVE,
  reversal: MOVE,
  void: MOVE,
  refund: MOVE,
  balanceinq: {
    balance: 'the balance: a gift card’s from its ledger, any other card’s from the processor',
    pclevel: PCLEVEL,
    token: 'the account’s token (tokenize=yes)',
  },
  cardtype: {
    pclevel: PCLEVEL,
    token: 'the account’s token (tokenize=yes)',
    ...Object.fromEntries(Object.entries(CARD_FIELDS).map(([key, text]) => [`card_${key}`, text])),
  },
  activate: { authamount: APPLIED, balance: BALANCE, pclevel: PCLEVEL },
  issue: { authamount: APPLIED, balance: BALANCE, pclevel: PCLEVEL },
  cashout: {
    authamount: 'the amount to remit: all the card held',
    balance: '0.00 once cashed out',
  },
  merchreturn: { authamount: APPLIED, balance: BALANCE },
};
