import { requireDigits } from './bytes.ts';

/** Sum of the Luhn weights of `digits`, treating the last digit as weight 1 (ISO/IEC 7812-1 B). */
function luhnSum(digits: string, doubleLast: boolean): number {
  let sum = 0;
  let double = doubleLast;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) {
        d -= 9;
      }
    }
    sum += d;
    double = !double;
  }
  return sum;
}

/**
 * True when `pan` is 2 to 19 decimal digits whose Luhn checksum is 0 mod 10 (ISO/IEC 7812-1
 * Annex B). Any other text, empty included, is simply not valid: no error is thrown.
 */
export function luhnValid(pan: string): boolean {
  if (!/^[0-9]{2,19}$/.test(pan)) {
    return false;
  }
  return luhnSum(pan, false) % 10 === 0;
}

/** The Luhn check digit that completes `partial` (1 to 18 digits) into a valid number. */
export function luhnCheckDigit(partial: string): string {
  requireDigits('partial', partial, 1, 18);
  return String((10 - (luhnSum(partial, true) % 10)) % 10);
}
