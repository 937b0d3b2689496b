import type { OperationName } from '../../protocol/index.ts';
import { CARD_FIELDS } from '../engine/index.ts';

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
 * Answer fields of card-present entry (docs/api.md, Card-present entry), on the operations whose
 * answer shows how the card was read: the entry mode and, for a chip read, its rcpt_emv_* fields.
 */
const CARD_PRESENT: Readonly<Record<string, string>> = {
  rcpt_entry_mode: 'M keyed, S swipe, R contactless stripe, C chip, T contactless chip, F fallback',
  rcpt_emv_aid: 'application identifier (4F, else 84), hex',
  rcpt_emv_name: 'application label (50, else 9F12)',
  rcpt_emv_tvr: 'terminal verification results (95), hex',
  rcpt_emv_tsi: 'transaction status information (9B), hex',
  rcpt_emv_ac: 'application cryptogram (9F26), hex',
  rcpt_emv_actype: 'cryptogram type from 9F27: ARQC, TC or AAC',
  rcpt_emv_cvm: 'CVM results (9F34), hex',
  rcpt_emv_iad: 'issuer application data (9F10), hex',
  rcpt_emv_form_factor: 'form factor indicator (9F6E), hex; contactless',
  rcpt_emv_pinbypass: 'yes when the PIN was required but not entered (TVR byte 3 bit 4), else no',
};

/** The issuer's response data, on the answers to a chip read the processor answered. */
const CHIP_ONLINE = {
  ...CARD_PRESENT,
  icc: 'issuer response data for the chip (91, 8A, 71/72 scripts), BER-TLV hex',
};

/** rcpt_emv_card_decline, on the answers that repeat a transaction's card decline. */
const CARD_DECLINE = {
  rcpt_emv_card_decline: 'yes once the card declined after the approval and it was reversed',
};

/** A check's ACH return, on the detail of a check that came back (docs/test-cards.md, Checks). */
const CHECK_RETURN = {
  return_code: 'the ACH return code (R01, R02, …) of a settled check that came back',
  return_reason: 'the return reason in words (R01: INSUFFICIENT FUNDS)',
  return_ts: 'when the return came, Unix seconds',
};

/**
 * What each operation's answer carries beyond the common transaction fields (docs/interface.md › Transaction
 * response; docs/test-cards.md), described in the OpenAPI documents' answer schemas.
 */
export const ANSWER_FIELDS: Readonly<
  Partial<Record<OperationName, Readonly<Record<string, string>>>>
> = {
  sale: { ...AUTHORIZATION, ...CHIP_ONLINE },
  preauth: { ...AUTHORIZATION, ...CHIP_ONLINE },
  preauthcomplete: MOVE,
  incremental: MOVE,
  adjust: MOVE,
  reversal: { ...MOVE, ...CARD_PRESENT, ...CARD_DECLINE },
  void: MOVE,
  refund: { ...MOVE, ...CHIP_ONLINE },
  trandetail: { ...CARD_PRESENT, ...CARD_DECLINE, ...CHECK_RETURN },
  balanceinq: {
    balance: 'the balance: a gift card’s from its ledger, any other card’s from the processor',
    pclevel: PCLEVEL,
    token: 'the account’s token (tokenize=yes)',
    ...CHIP_ONLINE,
  },
  cardtype: {
    pclevel: PCLEVEL,
    token: 'the account’s token (tokenize=yes)',
    ...Object.fromEntries(Object.entries(CARD_FIELDS).map(([key, text]) => [`card_${key}`, text])),
  },
  activate: { authamount: APPLIED, balance: BALANCE, pclevel: PCLEVEL, ...CARD_PRESENT },
  issue: { authamount: APPLIED, balance: BALANCE, pclevel: PCLEVEL, ...CARD_PRESENT },
  cashout: {
    authamount: 'the amount to remit: all the card held',
    balance: '0.00 once cashed out',
    ...CARD_PRESENT,
  },
  merchreturn: { authamount: APPLIED, balance: BALANCE, ...CARD_PRESENT },
  ticket_session: {
    session: 'the session secret, shown once: it opens the card-entry page for one card',
    page: 'path and query of the card-entry page on the TLS port (/cardentry?session=…)',
    expires_ts: 'when the session closes unused, Unix seconds (15 minutes on)',
  },
};
