import { requireDigits } from './bytes.ts';
import { badInput } from './errors.ts';

const PAN = /^[0-9]{8,19}$/;

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

/**
 * `pan` masked for display, logs and receipts: every character but the last four replaced by
 * `maskChar` (default "X"), e.g. "XXXXXXXXXXXX1111" (PCI DSS 3.4). Text that is not an 8 to 19
 * digit PAN is masked whole, so a malformed value never shows through. Never throws.
 */
export function maskPan(pan: string, maskChar = 'X'): string {
  if (!PAN.test(pan)) {
    return maskChar.repeat(pan.length);
  }
  return maskChar.repeat(pan.length - 4) + pan.slice(-4);
}

/** The last four digits of an 8 to 19 digit `pan` (ISO/IEC 7812-1); BAD_INPUT otherwise. */
export function lastFour(pan: string): string {
  if (!PAN.test(pan)) {
    throw badInput('pan', 'pan.digits', 'must be 8 to 19 decimal digits');
  }
  return pan.slice(-4);
}

/** Month and four-digit year of an MMYY expiry date; BAD_INPUT naming `field` otherwise. */
function parseMmyy(field: string, mmyy: string): { month: number; year: number } {
  const match = /^(0[1-9]|1[0-2])([0-9]{2})$/.exec(mmyy);
  if (match === null) {
    throw badInput(field, `${field}.mmyy`, 'must be MMYY with a month from 01 to 12');
  }
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

/**
 * True when a card with expiry `expdateMMYY` (the interface's expdate, four digits) has expired at
 * `now`. A card is valid through the last day of its month, on the clock of the machine that
 * asks; years are 2000 to 2099. Throws BAD_INPUT on a malformed date.
 */
export function isExpired(expdateMMYY: string, now: Date): boolean {
  const { month, year } = parseMmyy('expdate', expdateMMYY);
  const firstDayAfter = new Date(year, month, 1);
  return now.getTime() >= firstDayAfter.getTime();
}

/** The MMYY expdate of a track's YYMM expiry (ISO/IEC 7813 keeps year first). */
export function trackExpiryToExpdate(yymm: string): string {
  const mmyy = yymm.slice(2) + yymm.slice(0, 2);
  parseMmyy('expiry', mmyy);
  return mmyy;
}
