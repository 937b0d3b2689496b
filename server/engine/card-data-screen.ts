import { findCardData, maskCardNumbers } from '../../drivers/crypto/index.ts';
import {
  PARAM_SPECS,
  ProtocolError,
  TRANSPORT_KEYS,
  emptyParams,
  shownName,
  type Params,
} from '../../protocol/index.ts';

/**
 * Fields refused when they hold a card number or track data (docs/security.md, Card data outside
 * the card fields): order_id and payment_id are the keys a lane finds its transaction by, and a
 * masked key could name another order; zip and street are compared by the processor (AVS), and a
 * masked value would turn a typing slip into a silent AVS mismatch.
 */
const REFUSED_FIELDS: ReadonlySet<string> = new Set(['order_id', 'payment_id', 'zip', 'street']);

/** Text fields a person never types: network and 3-D Secure identifiers and cryptograms. */
const MACHINE_FIELDS: ReadonlySet<string> = new Set(['cof_transid', '3ds_txnid', 'cavv', 'xid']);

/**
 * Free-text fields stored, echoed and reported with card data masked: every text parameter of the
 * catalogue that is not card data itself (comments, descmerch, descloc, custref, ordernum,
 * cardholdername, rcpt_user_notes, the lane and lodging references…), and shipzip.
 */
const MASKED_FIELDS: ReadonlySet<string> = new Set(
  [...PARAM_SPECS.values()]
    .filter((spec) => spec.type === 'text' && !spec.sensitive)
    .map((spec) => spec.key)
    .filter((key) => !REFUSED_FIELDS.has(key) && !MACHINE_FIELDS.has(key)),
);

/**
 * Words of a custom parameter's name that announce a card verification value or a PIN (CVV, CVV2,
 * CVC, CVN, CSC, CV, PIN, PIN block, security code): sensitive authentication data, never kept
 * (PCI DSS 3.3.1). "pin pad" names the device, not a PIN.
 */
const SAD_WORDS =
  /(^|_)(cvv|cvc|cvn|csc|cv)[0-9]?(_|$)|(^|_)pin[0-9]?(_?(block|code|number))?(_(?!pad)|$)|security_?code/;

/** A parameter name as words: camelCase and any non-letter, non-digit run split by "_". */
function nameWords(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_');
}

function refusal(field: string, rule: string, verbiage: string): ProtocolError {
  return new ProtocolError({ kind: 'invalid', field, rule, verbiage });
}

/** A custom parameter (docs/interface.md › property name*): a key neither catalogued nor a transport key. */
function isCustom(key: string): boolean {
  return !PARAM_SPECS.has(key) && !TRANSPORT_KEYS.has(key);
}

/**
 * The request's parameters with card data kept to the card fields (PCI DSS 3.3, 3.4): a card
 * number or track in a refused field (order_id, payment_id, zip, street) throws a ProtocolError
 * naming the field; a custom parameter named like a CVV or PIN throws one too; card numbers and
 * tracks in free-text fields and in custom parameters' names and values are masked to their last
 * four digits. Run before validation, so nothing downstream (store, echo, reports, logs, error
 * text) ever holds them.
 */
export function screenCardData(params: Params): Params {
  const screened = emptyParams();
  for (const key of Object.keys(params)) {
    const value = params[key]!;
    if (REFUSED_FIELDS.has(key)) {
      if (findCardData(value) !== undefined) {
        throw refusal(
          key,
          'card_data.outside',
          `${key}: holds what looks like a card number or track data; card data goes in the ` +
            'account fields only',
        );
      }
      screened[key] = value;
    } else if (MASKED_FIELDS.has(key)) {
      screened[key] = maskCardNumbers(value);
    } else if (isCustom(key)) {
      if (SAD_WORDS.test(nameWords(key))) {
        throw refusal(
          key,
          'card_data.custom_sad',
          `${shownName(key)}: a custom parameter named like a card verification value or PIN is ` +
            'never kept; send cv or pin instead',
        );
      }
      screened[maskCardNumbers(key)] = maskCardNumbers(value);
    } else {
      screened[key] = value;
    }
  }
  return screened;
}
