import { detectBrand } from './card-brands.ts';
import { luhnValid } from './pan.ts';
import { screeningForm } from './text-digits.ts';
import { isAsciiWithoutRow, maskByPiece } from './text-pieces.ts';

/**
 * Magnetic-stripe track data pasted as text (ISO/IEC 7813): track 1 `%B PAN ^ NAME ^ YYMM …?` and
 * track 2 `;PAN=YYMM…?` (or `D` as separator, as EMV tag 57 writes it), sentinels optional. The PAN
 * is group 1 or group 2.
 */
const TRACK_DATA =
  /%?B([0-9]{12,19})\^[^^?]{0,26}\^[0-9]{4}[^?]{0,60}\??|;?([0-9]{12,19})[=D][0-9]{4}[0-9]*\??/g;
/** A UUID (RFC 9562 text form): an identifier, such as the lane's order ids, passed over whole. */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** A UUID, or digits joined by at most one space or hyphen each (a run, group 1). */
const UUID_OR_RUN = new RegExp(`${UUID}|([0-9](?:[ -]?[0-9])*)`, 'g');
/**
 * A UUID, or digit groups apart by runs of anything that is neither a letter nor a digit: spaces of
 * any kind, `.`, `/`, `_`, `,`, `-`, line breaks and their mixtures (a spaced run, group 1).
 */
const UUID_OR_SPACED_RUN = new RegExp(`${UUID}|([0-9]+(?:[^\\p{L}\\p{N}]+[0-9]+)*)`, 'gu');
/** The fewest digits a track's PAN has in TRACK_DATA; a card number has at least SHORTEST_PAN. */
const FEWEST_CARD_DIGITS = 12;
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

/** The positions of a run's digits and which of them belong to a card number. */
function scanRun(run: string): { positions: number[]; hidden: boolean[] } {
  const positions = [...run].flatMap((ch, i) => (ch >= '0' && ch <= '9' ? [i] : []));
  if (positions.length < SHORTEST_PAN) return { positions, hidden: [] };
  return { positions, hidden: hiddenDigits(positions.map((i) => run.charAt(i)).join('')) };
}

/** How many ASCII digits `text` holds. */
function digitCount(text: string): number {
  let digits = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) digits += 1;
  }
  return digits;
}

function maskRun(run: string, maskChar: string): string {
  if (digitCount(run) < SHORTEST_PAN) return run;
  const chars = [...run];
  const { positions, hidden } = scanRun(run);
  positions.forEach((position, k) => {
    if (hidden[k] === true) chars[position] = maskChar;
  });
  return chars.join('');
}

/** A track masked whole: every letter and digit but the PAN's last four, separators kept. */
function maskTrack(track: string, pan: string, maskChar: string): string {
  const keepFrom = track.indexOf(pan) + pan.length - SHOWN_DIGITS;
  const keepTo = keepFrom + SHOWN_DIGITS;
  return [...track]
    .map((ch, i) => (/[A-Za-z0-9]/.test(ch) && (i < keepFrom || i >= keepTo) ? maskChar : ch))
    .join('');
}

/**
 * Whether `digits` (13 to 19 of them) look like a card number: a brand's prefix in the BIN table
 * and a passing Luhn check. Any length in that span, not only the brand's: an old 13-digit Visa
 * number is still card data.
 */
function isBrandedCardNumber(digits: string): boolean {
  return luhnValid(digits) && detectBrand(digits) !== null;
}

/** A group of digits in a spaced run: where it starts (UTF-16 index) and its digits. */
interface DigitGroup {
  at: number;
  digits: string;
}

/**
 * Whether `text` is ASCII holding fewer digits than any card number or track: then it holds no card
 * data, and its screening form is itself (ASCII is its own NFKC form and has no other script's
 * digits), so the scans need not run.
 */
function holdsNoCardDigits(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return false;
    if (code >= 0x30 && code <= 0x39 && ++digits >= FEWEST_CARD_DIGITS) return false;
  }
  return true;
}

/** The groups of ASCII digits of a run, in order (a loop: matchAll builds a new RegExp per call). */
function digitGroups(run: string): DigitGroup[] {
  const groups: DigitGroup[] = [];
  let at = -1;
  for (let i = 0; i <= run.length; i += 1) {
    const code = i === run.length ? -1 : run.charCodeAt(i);
    const digit = code >= 0x30 && code <= 0x39;
    if (digit && at === -1) at = i;
    else if (!digit && at !== -1) {
      groups.push({ at, digits: run.slice(at, i) });
      at = -1;
    }
  }
  return groups;
}

/**
 * The stretches of whole consecutive groups that make a card number with a brand's prefix
 * (isBrandedCardNumber), as [first, last] group indexes; with `firstOnly`, at most one. "4111 1111
 * 1111 1111" and "ref 12345 4111111111111111" hold one, while a card number's worth of digits
 * inside a longer group (a 13-digit millisecond timestamp, a 24-digit reference) does not.
 */
function cardNumberGroups(groups: readonly DigitGroup[], firstOnly: boolean): [number, number][] {
  const found: [number, number][] = [];
  for (let first = 0; first < groups.length; first += 1) {
    let digits = '';
    for (let last = first; last < groups.length; last += 1) {
      digits += groups[last]?.digits ?? '';
      if (digits.length > LONGEST_PAN) break;
      if (digits.length < SHORTEST_PAN || !isBrandedCardNumber(digits)) continue;
      found.push([first, last]);
      if (firstOnly) return found;
    }
  }
  return found;
}

/** A spaced run with the digits of each card number of whole groups masked but its last four. */
function maskSpacedRun(run: string, maskChar: string): string {
  if (digitCount(run) < SHORTEST_PAN) return run;
  const groups = digitGroups(run);
  const found = cardNumberGroups(groups, false);
  if (found.length === 0) return run;
  const chars = run.split('');
  for (const [first, last] of found) {
    const positions = groups
      .slice(first, last + 1)
      .flatMap((group) => [...group.digits].map((_, k) => group.at + k));
    positions.slice(0, -SHOWN_DIGITS).forEach((position) => (chars[position] = maskChar));
  }
  return chars.join('');
}

/** A text's runs masked, UUIDs passed over (maskCardNumbers' second and third passes). */
function maskRuns(text: string, maskChar: string): string {
  return text
    .replace(UUID_OR_RUN, (found: string, run?: string) =>
      run === undefined ? found : maskRun(run, maskChar),
    )
    .replace(UUID_OR_SPACED_RUN, (found: string, run?: string) =>
      run === undefined ? found : maskSpacedRun(run, maskChar),
    );
}

/** What kind of card data a text holds: a card number or track data. */
export type CardDataInText = 'pan' | 'track';

/**
 * The card data a text holds (PCI DSS 3.3, 3.4), for fields that refuse it: 'track' (as
 * `maskCardNumbers` finds it), else 'pan' for a card number of whole digit groups, apart by any
 * spacing or punctuation, with a brand's prefix and a passing Luhn check, else undefined. The text
 * is read in its screening form (NFKC, every script's digits as 0–9). Narrower than the masking of
 * free text, since a refusal costs the sender its request: an identifier of digits that only
 * passes the Luhn check, or holds a Luhn-valid stretch inside a longer group, is no card.
 */
export function findCardData(text: string): CardDataInText | undefined {
  if (holdsNoCardDigits(text)) return undefined;
  const plain = screeningForm(text);
  if (new RegExp(TRACK_DATA.source).test(plain)) return 'track';
  for (const [, run] of plain.matchAll(UUID_OR_SPACED_RUN)) {
    if (run !== undefined && cardNumberGroups(digitGroups(run), true).length > 0) return 'pan';
  }
  return undefined;
}

/**
 * Free text with every card number and track in it masked (PCI DSS 3.3, 3.4), read in its screening
 * form (NFKC, so fullwidth and other scripts' digits count). Track data is masked whole but the
 * PAN's last four digits: name, expiry, service code and discretionary data go too. A card number
 * is 13 to 19 digits masked to its last four: any whose Luhn check passes (ISO/IEC 7812-1 Annex
 * B), written together or grouped by single spaces or hyphens, wherever it stands in a longer run
 * of digits; and any of whole digit groups apart by any other spacing or punctuation (`.`, `/`,
 * `_`, `,`, two spaces, ` - `, a no-break space…) that also starts with a brand's prefix. UUIDs
 * are left whole. A text holding none comes back as it is; one holding some comes back in its
 * screening form, masked. For text that should never hold card data (comments, descriptors,
 * references, merchant-defined parameters) before it is stored or shown; a number that merely
 * looks like a card number is masked too.
 */
export function maskCardNumbers(text: string, maskChar = 'X'): string {
  if (holdsNoCardDigits(text)) return text;
  // Without a track's digits in a row, ASCII text is masked piece by piece (text-pieces.ts).
  if (isAsciiWithoutRow(text, FEWEST_CARD_DIGITS)) {
    return maskByPiece(text, SHORTEST_PAN, (piece) => maskRuns(piece, maskChar));
  }
  const plain = screeningForm(text);
  const masked = maskRuns(
    plain.replace(TRACK_DATA, (track: string, pan1?: string, pan2?: string) =>
      maskTrack(track, pan1 ?? pan2 ?? '', maskChar),
    ),
    maskChar,
  );
  return masked === plain ? text : masked;
}
