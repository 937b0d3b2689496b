import binTable from '../../resources/bin-ranges.json' with { type: 'json' };

/**
 * The card_* fields a BIN lookup answers (docs/interface.md › Transaction response, "card attributes from a BIN
 * lookup"), by their name after "card_", with what LaneTerm answers in them (docs/test-cards.md,
 * Card type lookup).
 */
export const CARD_FIELDS: Readonly<Record<string, string>> = {
  currency: 'numeric ISO 4217 code of the card’s billing currency',
  cardclass: 'CONSUMER, BUSINESS, CORPORATE or GIFT',
  cardlevel: 'the product level, e.g. VISA_TRADITIONAL, MC_WORLD',
  country_code: 'numeric ISO 3166 code of the issuing country',
  debit_network: 'debit networks of a debit card, pipe-separated',
  ebt_state: 'the state of an EBT card',
  fsa: 'yes for an FSA/HSA card, else no',
  funding_source: 'CREDIT, DEBIT, CHARGE or PREPAID',
  issuer_bank: 'name of the issuing bank',
  msr_cvm: 'cardholder verification of a magnetic-stripe read: SIGNATURE, PIN or NONE',
  prepaid: 'yes for a prepaid card, else no',
  reloadable: 'yes for a reloadable prepaid card, else no',
  signature_debit: 'yes when the debit card also runs as signature debit, else no',
  token_card: 'yes when the number is a network token, else no',
};

/** What the BIN file holds for one prefix: the card_* fields and the card's pclevel (0–2). */
export interface BinDetails {
  /** The answer's card_* fields, keys with their card_ prefix. */
  readonly fields: Readonly<Record<string, string>>;
  readonly pclevel?: number;
}

interface DetailRange {
  readonly prefix: string;
  readonly details: BinDetails;
}

/** Reads resources/bin-ranges.json's binDetails, refusing an unknown key or a malformed entry. */
function compileDetails(): DetailRange[] {
  const known = new Set<string>(['prefix', 'pclevel', ...Object.keys(CARD_FIELDS)]);
  const ranges = binTable.binDetails.ranges.map((entry): DetailRange => {
    const { prefix, pclevel, ...rest } = entry as Record<string, string>;
    if (prefix === undefined || !/^[0-9]{1,8}$/.test(prefix)) {
      throw new Error(`bin-ranges.json: binDetails prefix "${String(prefix)}" is not 1-8 digits`);
    }
    const unknown = Object.keys(entry).find((key) => !known.has(key));
    if (unknown !== undefined)
      throw new Error(`bin-ranges.json: ${prefix}: unknown key ${unknown}`);
    if (pclevel !== undefined && !['0', '1', '2'].includes(pclevel)) {
      throw new Error(`bin-ranges.json: ${prefix}: pclevel must be 0, 1 or 2`);
    }
    const fields = Object.fromEntries(
      Object.entries(rest).map(([key, value]) => [`card_${key}`, value]),
    );
    return {
      prefix,
      details: { fields, ...(pclevel !== undefined && { pclevel: Number(pclevel) }) },
    };
  });
  return ranges.sort((a, b) => b.prefix.length - a.prefix.length);
}

const DETAILS = compileDetails();

/**
 * What LaneTerm's simulated global BIN file (resources/bin-ranges.json, binDetails) holds for a
 * card number: the entry of the longest matching prefix, or undefined for a number it does not
 * list (the lookup then answers the brand alone).
 */
export function binDetails(pan: string): BinDetails | undefined {
  return DETAILS.find((range) => pan.startsWith(range.prefix))?.details;
}
