/** One decimal digit of any script (Unicode general category Nd). */
const ANY_DECIMAL_DIGIT = /\p{Nd}/u;
/** Decimal digits other than ASCII 0–9, as they remain after NFKC (Arabic-Indic, Devanagari…). */
const OTHER_DECIMAL_DIGITS = /(?![0-9])\p{Nd}/gu;

/** Whether every character of `text` is ASCII. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * The value (0–9) of a decimal digit of any script. Unicode keeps every script's decimal digits as
 * one contiguous run of ten, zero first (Unicode Standard §4.6, Numeric Value), so the value is the
 * digit's distance from the start of its run of Nd characters, modulo ten.
 */
function digitValue(digit: string): number {
  const point = digit.codePointAt(0) ?? 0;
  let start = point;
  while (start > 0 && ANY_DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return (point - start) % 10;
}

/**
 * Text as card-number screening reads it: Unicode NFKC (UAX #15), so fullwidth, mathematical,
 * circled and superscript digits become ASCII 0–9 and compatibility spaces plain ones, then every
 * remaining decimal digit of another script (Arabic-Indic, Devanagari, Thai…) as its ASCII digit.
 * Plain ASCII text comes back as it is.
 */
export function screeningForm(text: string): string {
  // ASCII is its own NFKC form and holds no other script's digits.
  if (isAscii(text)) return text;
  return text.normalize('NFKC').replace(OTHER_DECIMAL_DIGITS, (digit) => String(digitValue(digit)));
}
