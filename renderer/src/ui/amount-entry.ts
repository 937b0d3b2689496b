// Cash-register amount entry: digits shift in from the right (1, 2, 5 → 1.25), so neither a
// decimal point nor the caret matters, and the numeric keypad, a touch keypad and pasted text all
// give the same amount.

/** Largest amount a field takes, in minor units: 99 999 999 (the lane API's MAX_AMOUNT_MINOR). */
export const AMOUNT_LIMIT_MINOR = 99_999_999;

/** The amount in minor units that the digits of `text` spell, capped at AMOUNT_LIMIT_MINOR. */
export function amountFromText(text: string): number {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '') return 0;
  return Math.min(Number(digits.slice(-9)), AMOUNT_LIMIT_MINOR);
}

/** `minor` with `digits` keyed after it (as a till does), or unchanged past the limit. */
export function keyDigits(minor: number, digits: string): number {
  const next = minor * 10 ** digits.length + Number(digits);
  return next > AMOUNT_LIMIT_MINOR ? minor : next;
}

/** `minor` with its last keyed digit removed. */
export function dropDigit(minor: number): number {
  return Math.floor(minor / 10);
}

/** Minor units as the field shows them: two decimals, no grouping ("0.00", "1234.50"). */
export function amountText(minor: number): string {
  return (minor / 100).toFixed(2);
}
