import { ruleError } from './rule-book.ts';

/** One gift custom BIN range (docs/interface.md › Gift custom BIN range formula). */
export interface BinRange {
  /** Digits the account number starts with, at least. */
  readonly minPrefix: string;
  /** Digits it starts with, at most; as many digits as minPrefix (equal to it when not written). */
  readonly maxPrefix: string;
  /** Minimum account number length, when written. */
  readonly minLength?: number;
  /** Maximum account number length, when written; no upper bound otherwise. */
  readonly maxLength?: number;
  readonly cardtype?: string;
  /** Card level 0–2. */
  readonly pclevel?: number;
}

/** What an account number gets from the range it falls in. */
export interface BinMatch {
  readonly cardtype?: string;
  readonly pclevel?: number;
}

const RANGE = /^(\d+)(?:-(\d+))?(?::(\d+)(?:-(\d+))?(?::([A-Za-z0-9_]+)(?::(\d+))?)?)?$/;
const MAX_PAN_LENGTH = 19;

function parseLength(
  text: string | undefined,
  position: string,
  field: string,
): number | undefined {
  if (text === undefined) return undefined;
  const length = Number(text);
  if (length < 1 || length > MAX_PAN_LENGTH)
    throw ruleError('bin_range.length', field, { position });
  return length;
}

function parseRange(text: string, position: string, field: string): BinRange {
  const match = RANGE.exec(text);
  if (match === null) throw ruleError('bin_range.syntax', field, { position });
  const [, minPrefix = '', max, minLen, maxLen, cardtype, pclevel] = match;
  const maxPrefix = max ?? minPrefix;
  if (maxPrefix.length !== minPrefix.length) {
    throw ruleError('bin_range.max_prefix_length', field, { position });
  }
  if (maxPrefix < minPrefix) throw ruleError('bin_range.max_prefix_order', field, { position });
  const minLength = parseLength(minLen, position, field);
  const maxLength = parseLength(maxLen, position, field);
  if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
    throw ruleError('bin_range.length_order', field, { position });
  }
  if (pclevel !== undefined && !['0', '1', '2'].includes(pclevel)) {
    throw ruleError('bin_range.pclevel', field, { position });
  }
  return {
    minPrefix,
    maxPrefix,
    ...(minLength !== undefined && { minLength }),
    ...(maxLength !== undefined && { maxLength }),
    ...(cardtype !== undefined && { cardtype }),
    ...(pclevel !== undefined && { pclevel: Number(pclevel) }),
  };
}

/**
 * Parses gift custom BIN ranges min_prefix[-max_prefix][:min_len[-max_len][:cardtype[:pclevel]]]
 * joined by ";" (docs/interface.md › Gift custom BIN range formula); "0-9" covers every account. An empty text
 * is no custom range. Throws a ProtocolError naming the range's 1-based position.
 */
export function parseBinRanges(text: string, field = 'bin_ranges'): BinRange[] {
  if (text === '') return [];
  return text.split(';').map((range, index) => parseRange(range, String(index + 1), field));
}

function contains(range: BinRange, account: string): boolean {
  const prefix = account.slice(0, range.minPrefix.length);
  return (
    prefix.length === range.minPrefix.length &&
    prefix >= range.minPrefix &&
    prefix <= range.maxPrefix &&
    account.length >= (range.minLength ?? 0) &&
    account.length <= (range.maxLength ?? Number.POSITIVE_INFINITY)
  );
}

/**
 * The range an account number falls in (its prefix compared over min_prefix's digits, its length
 * within the bounds) and what it gets; the longest min_prefix wins, then the first written. Null
 * when no range holds it or the account is not all digits.
 */
export function matchBinRange(ranges: readonly BinRange[], account: string): BinMatch | null {
  if (!/^\d+$/.test(account)) return null;
  let best: BinRange | undefined;
  for (const range of ranges) {
    if (!contains(range, account)) continue;
    if (best === undefined || range.minPrefix.length > best.minPrefix.length) best = range;
  }
  if (best === undefined) return null;
  return {
    ...(best.cardtype !== undefined && { cardtype: best.cardtype }),
    ...(best.pclevel !== undefined && { pclevel: best.pclevel }),
  };
}
