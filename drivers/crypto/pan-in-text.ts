import { luhnValid } from './pan.ts';

/** Digits joined by at most one space or hyphen each: how people write card numbers in text. */
const DIGIT_RUN = /[0-9](?:[ -]?[0-9])*/g;
const SHORTEST_PAN = 13;
const LONGEST_PAN = 19;
const SHOWN_DIGITS = 4;

/** The digit positions of a run that belong to a card number, except each number's last four. */
function hiddenDigits(digits: string): boolean[] {
  const hide = new Array<boolean>(digits.length).fill(false);
  for (let start = 0; start + SHORTEST_PAN <= digits.length; start += 1) {
    const longest = Math.min(LONGEST_PAN, digits.length - start);
    for (let length = SHORTEST_PAN; length <= longest; length += 1) {
      if (!luhnValid(digits.slice(start, start + length))) continue;
      for (let k = start; k < start + length - SHOWN_DIGITS; k += 1) hide[k] = true;
    }
  }
  return hide;
}

function maskRun(run: string, maskChar: string): string {
  const chars = [...run];
  const positions = chars.flatMap((ch, i) => (ch >= '0' && ch <= '9' ? [i] : []));
  if (positions.length < SHORTEST_PAN) return run;
  const hide = hiddenDigits(positions.map((i) => chars[i]).join(''));
  positions.forEach((position, k) => {
    if (hide[k] === true) chars[position] = maskChar;
  });
  return chars.join('');
}

/**
 * Free text with every card number in it masked to its last four digits (PCI DSS 3.4): any
 * 13 to 19 digits, written together or grouped by single spaces or hyphens, whose Luhn check
 * passes (ISO/IEC 7812-1 Annex B), wherever it stands in a longer run of digits. For text that
 * should never hold a card number — comments, descriptors, merchant-defined parameters — before
 * it is stored or shown; a number that merely looks like one is masked too.
 */
export function maskCardNumbers(text: string, maskChar = 'X'): string {
  return text.replace(DIGIT_RUN, (run) => maskRun(run, maskChar));
}
