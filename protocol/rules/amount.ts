import { ruleError } from './rule-book.ts';

/** The largest amount the interface takes, in minor units: 99999999.99 (a LaneTerm limit). */
export const AMOUNT_MAX_MINOR = 9_999_999_999;

const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount string as integer minor units: digits with an optional fraction of one or two places,
 * above 0, at most AMOUNT_MAX_MINOR (docs/interface.md › Common value types, What the service does §6: 0.00 is
 * invalid). Throws a ProtocolError naming field otherwise.
 */
export function parseAmount(value: string, field = 'amount'): number {
  const match = AMOUNT.exec(value);
  if (match === null) throw ruleError('amount.format', field);
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (minor > AMOUNT_MAX_MINOR) throw ruleError('amount.maximum', field);
  if (minor === 0) throw ruleError('amount.positive', field);
  return minor;
}

/**
 * Integer minor units as the wire's two-decimal string, e.g. 1234 → "12.34" (house style: money is
 * minor units in code, a two-decimal string on the wire). Throws RangeError for a negative or
 * non-integer number; 0 formats as "0.00" for response fields such as balance.
 */
export function formatAmount(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) {
    throw new RangeError('formatAmount: minor units must be a non-negative safe integer');
  }
  const text = String(minor).padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/**
 * Integer minor units as a signed two-decimal string: "-12.34" below zero, formatAmount's text
 * otherwise. For totals that may go below zero (a batch's net when its refunds exceed its sales).
 * Throws RangeError for a non-integer number.
 */
export function formatSignedAmount(minor: number): string {
  return minor < 0 ? `-${formatAmount(-minor)}` : formatAmount(minor);
}

/**
 * A tax value as integer minor units, or 'exempt' for NT in any case (docs/interface.md › Common value types).
 * Unlike other monetary parameters tax may be zero: "Sending tax of 0.00 signals a taxable sale on
 * which no tax was collected" (docs/interface.md › What the service does §6), so 0, 0.0 and 0.00 read as 0.
 * A malformed value breaks tax.format; above the cap, amount.maximum.
 */
export function parseTax(value: string, field = 'tax'): number | 'exempt' {
  if (value.toUpperCase() === 'NT') return 'exempt';
  const match = AMOUNT.exec(value);
  if (match === null) throw ruleError('tax.format', field);
  if (/^0+(?:\.0{1,2})?$/.test(value)) return 0;
  return parseAmount(value, field);
}

/** Checks a tax value by parseTax's rules (docs/interface.md › Common value types, What the service does §6). */
export function checkTax(value: string, field = 'tax'): void {
  parseTax(value, field);
}
