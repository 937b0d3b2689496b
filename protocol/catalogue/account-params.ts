import type { ParamDef } from './types.ts';

const BOTH = ['v1', 'v2'] as const;

/**
 * The card, check and cardholder parameters: groups account_data, verification, pin_data and
 * ecomm (docs/interface.md › Request parameter groups, Standalone parameters).
 */
export const ACCOUNT_PARAMS: Readonly<Record<string, ParamDef>> = {
  account: { type: 'account', description: 'keyed card number, or check account number' },
  cardshieldticket: {
    type: 'text_nonempty',
    description: 'single-use ticket standing for card data captured by a hosted form',
  },
  cardholdername: { type: 'text', description: 'name on the card' },
  cardpresent: { type: 'yesno', description: 'whether the card is present at the lane' },
  countrycode: { type: 'iso_numeric', description: 'numeric ISO 3166 country code of the card' },
  e_account: {
    type: 'text_nonempty',
    description: 'card number keyed on the PIN pad, DUKPT-encrypted (hex)',
  },
  e_datafield: {
    type: 'text_nonempty',
    description: 'whole output of an encrypting reader (MagTek report, ID TECH frame), hex',
  },
  e_datafieldfmt: {
    type: 'text_nonempty',
    description: 'reader format of e_datafield or e_trackdata: magtek or idtech',
  },
  e_datafieldmasked: { type: 'text', description: 'masked card data the reader shows' },
  e_trackdata: {
    type: 'text_nonempty',
    description: 'track data DUKPT-encrypted by the reader (hex)',
  },
  e_id: { type: 'ksn', description: 'key serial number of the reader that encrypted e_ data' },
  expdate: { type: 'expdate', description: 'card expiry date, MMYY' },
  icc: { type: 'icc', description: 'EMV chip data: concatenated BER-TLV, hex' },
  rfid: { type: 'yesno', description: 'whether the card was read contactless' },
  token: { type: 'text_nonempty', description: 'stored token standing for an account' },
  trackdata: { type: 'text_nonempty', description: 'magnetic stripe track 1 and/or 2' },
  abaroute: { type: 'aba', description: 'check: ABA routing number of the bank' },
  checknum: { type: 'digits', description: 'check: check number' },
  accounttype: {
    type: 'accounttype',
    description: 'check: PERSONAL or BUSINESS and CHECKING or SAVINGS, pipe-separated',
  },
  cv: {
    type: 'cv',
    description: 'card verification value, or NR, NA, N; N when absent',
    standalone: BOTH,
  },
  street: { type: 'text', description: 'AVS street address' },
  zip: {
    type: 'zip',
    description: 'AVS zip; empty runs AVS and fails it, absent runs no AVS',
    standalone: BOTH,
  },
  ksn: {
    type: 'ksn',
    description: 'key serial number of the PIN pad that encrypted pin',
    standalone: BOTH,
  },
  pin: {
    type: 'pin',
    description: 'PINLESS, an encrypted PIN block, or a plain PIN on gift operations',
    standalone: BOTH,
  },
  '3ds_txnid': { type: 'text', description: '3-D Secure transaction id' },
  cavv: { type: 'text', description: '3-D Secure cardholder authentication verification value' },
  xid: { type: 'text', description: '3-D Secure transaction identifier (XID)' },
  goods: { type: 'text', description: 'kind of goods sold online' },
  cust_regdate: { type: 'time', description: 'date the customer registered with the merchant' },
};
