import binTable from '../../resources/bin-ranges.json' with { type: 'json' };

/**
 * The card_* fields a BIN lookup answers (seed: Transaction response, "card attributes from a BIN
 * lookup"), by their name after "card_".
 */
const CARD_FIELDS = [
  'currency',
  'cardclass',
  'cardlevel',
  'country_code',
  'debit_network',
  'ebt_state',
  'fsa',
  'funding_source',
  'issuer_bank',
  'msr_cvm',
  'prepaid',
  'reloadable',
  'signature_debit',
  'token_card',
] as const;

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
  const known = new Set<string>(['prefix', 'pclevel', ...CARD_FIELDS]);
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
