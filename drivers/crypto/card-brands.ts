import binTable from '../../resources/bin-ranges.json' with { type: 'json' };

/** The wire `cardtype` values LaneTerm detects (docs/interface.md › transaction response, cardtype). */
export const CARD_BRAND_CODES = [
  'VISA',
  'MC',
  'AMEX',
  'DISC',
  'JCB',
  'DINERS',
  'CUP',
  'MAESTRO',
  'MIR',
] as const;

/** One of CARD_BRAND_CODES. */
export type CardBrandCode = (typeof CARD_BRAND_CODES)[number];

/** A card brand of the BIN table (resources/bin-ranges.json). */
export interface CardBrand {
  /** Wire `cardtype` value, e.g. "MC". */
  readonly code: CardBrandCode;
  /** Display name, e.g. "Mastercard". */
  readonly name: string;
  /** PAN lengths the brand issues, in digits. */
  readonly lengths: readonly number[];
  /** False where the brand issues PANs that need not pass Luhn (UnionPay). */
  readonly luhn: boolean;
  /** Digits of the card security code (CVV2, CVC2, CID). */
  readonly securityCodeLength: number;
}

/** One prefix range of the table: PANs whose first `digits` digits lie within low..high. */
interface PrefixRange {
  readonly digits: number;
  readonly low: number;
  readonly high: number;
  readonly brand: CardBrand;
}

function parseRange(text: string, brand: CardBrand): PrefixRange {
  const match = /^([0-9]{1,8})(?:-([0-9]{1,8}))?$/.exec(text);
  const lowText = match?.[1];
  const highText = match?.[2] ?? lowText;
  if (lowText === undefined || highText === undefined || lowText.length !== highText.length) {
    throw new Error(
      `bin-ranges.json: ${brand.code} range "${text}" is not PREFIX or PREFIX-PREFIX`,
    );
  }
  const low = Number(lowText);
  const high = Number(highText);
  if (low > high) {
    throw new Error(`bin-ranges.json: ${brand.code} range "${text}" runs backwards`);
  }
  return { digits: lowText.length, low, high, brand };
}

function overlaps(a: PrefixRange, b: PrefixRange): boolean {
  return a.digits === b.digits && a.low <= b.high && b.low <= a.high;
}

/** Builds the lookup table, most specific prefixes first; rejects ties between brands. */
function compileTable(): { brands: CardBrand[]; ranges: PrefixRange[] } {
  const brands: CardBrand[] = [];
  const ranges: PrefixRange[] = [];
  for (const entry of binTable.brands) {
    const code = CARD_BRAND_CODES.find((c) => c === entry.code);
    if (code === undefined) {
      throw new Error(`bin-ranges.json: unknown brand code "${entry.code}"`);
    }
    const brand: CardBrand = Object.freeze({
      code,
      name: entry.name,
      lengths: Object.freeze([...entry.lengths]),
      luhn: entry.luhn,
      securityCodeLength: entry.securityCodeLength,
    });
    brands.push(brand);
    for (const text of entry.ranges) {
      const range = parseRange(text, brand);
      const clash = ranges.find((r) => r.brand !== brand && overlaps(r, range));
      if (clash !== undefined) {
        throw new Error(`bin-ranges.json: ${brand.code} "${text}" overlaps ${clash.brand.code}`);
      }
      ranges.push(range);
    }
  }
  ranges.sort((a, b) => b.digits - a.digits);
  return { brands, ranges };
}

const TABLE = compileTable();

/** What the table is looked up with: 1 to 19 digits. */
const PAN_DIGITS = /^[0-9]{1,19}$/;

/** The longest prefix a range of the table names, in digits (parseRange). */
const MAX_PREFIX_DIGITS = 8;

/** The number each leading run of a PAN's digits makes, indexed by the run's length (1–8). */
function leadingNumbers(pan: string): number[] {
  const leads = [0];
  let lead = 0;
  for (let i = 0; i < Math.min(pan.length, MAX_PREFIX_DIGITS); i += 1) {
    lead = lead * 10 + (pan.charCodeAt(i) - 48);
    leads.push(lead);
  }
  return leads;
}

/** True when the PAN's leading digits (leadingNumbers) fall in the range. */
function inRange(range: PrefixRange, leads: readonly number[]): boolean {
  const lead = leads[range.digits];
  return lead !== undefined && lead >= range.low && lead <= range.high;
}

function rangesMatching(pan: string): PrefixRange[] {
  if (!PAN_DIGITS.test(pan)) {
    return [];
  }
  const leads = leadingNumbers(pan);
  return TABLE.ranges.filter((r) => inRange(r, leads));
}

/**
 * The brand of `pan` (or of its leading digits) by the longest matching prefix of the BIN table
 * (resources/bin-ranges.json); null when no range matches or the text is not 1 to 19 digits.
 */
export function detectBrand(pan: string): CardBrand | null {
  return rangesMatching(pan)[0]?.brand ?? null;
}

/** Every brand with a prefix matching `pan`, most specific first (e.g. Discover, then Maestro). */
export function matchingBrands(pan: string): CardBrand[] {
  const seen = new Set<CardBrand>();
  for (const range of rangesMatching(pan)) {
    seen.add(range.brand);
  }
  return [...seen];
}

/** The brands of the BIN table, in table order. */
export function cardBrands(): readonly CardBrand[] {
  return TABLE.brands;
}

/** The brand whose wire code is `code` (e.g. "AMEX"), or undefined. */
export function brandByCode(code: string): CardBrand | undefined {
  return TABLE.brands.find((b) => b.code === code);
}

/** True when `pan` has a length `brand` issues (e.g. 15 for American Express). */
export function panLengthValid(pan: string, brand: CardBrand): boolean {
  return brand.lengths.includes(pan.length);
}
