import type { CardRead } from './card-read.ts';

/**
 * The account_data fields (docs/interface.md › Request parameter groups) a payment request takes from a card
 * read: trackdata for a plain swipe; for an encrypted swipe the reader's whole output as
 * e_datafield with e_datafieldfmt (the server checks its framing and hashes), or, when the read
 * has no whole output (an EMV reader's fallback swipe), e_trackdata, e_id and e_datafieldfmt;
 * icc (and rfid=yes when contactless) for EMV; e_account, e_id, expdate unless skipped (and the
 * verification cv when keyed) for a card keyed on the PIN pad; cardpresent=yes and cardholdername always when
 * known. The one place a plain swipe's tracks and a keyed security code are revealed.
 */
export function toRequestFields(read: CardRead): Record<string, string> {
  const fields: Record<string, string> = { cardpresent: 'yes' };
  if (read.cardholderName !== undefined) fields.cardholdername = read.cardholderName;
  switch (read.kind) {
    case 'plain-swipe':
      fields.trackdata = read.trackdata.reveal();
      break;
    case 'encrypted-swipe':
      if (read.e_datafield === undefined) {
        fields.e_trackdata = read.e_trackdata;
        fields.e_id = read.e_id;
      } else {
        fields.e_datafield = read.e_datafield;
      }
      fields.e_datafieldfmt = read.e_datafieldfmt;
      break;
    case 'emv':
      fields.icc = read.icc;
      if (read.rfid === 'yes') fields.rfid = 'yes';
      break;
    case 'keyed':
      fields.e_account = read.e_account;
      fields.e_id = read.e_id;
      if (read.expdate !== undefined) fields.expdate = read.expdate;
      if (read.cv !== undefined) fields.cv = read.cv.reveal();
      break;
  }
  return fields;
}
