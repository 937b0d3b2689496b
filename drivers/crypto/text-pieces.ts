/**
 * Whether `text` is ASCII without `inRow` digits in a row. Such text is its own screening form
 * (text-digits.ts), and track data, whose PAN is at least 12 digits in a row (ISO/IEC 7813), is
 * not in it.
 */
export function isAsciiWithoutRow(text: string, inRow: number): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return false;
    if (code < 0x30 || code > 0x39) digits = 0;
    else if (++digits >= inRow) return false;
  }
  return true;
}

/**
 * Whether an ASCII code is a letter that is no hex digit (g–z, G–Z). Neither a run of digits
 * apart by spacing or punctuation nor a UUID (RFC 9562 text form: hex digits and hyphens) holds one.
 */
function isPieceBreak(code: number): boolean {
  const lower = code | 0x20;
  return lower >= 0x67 && lower <= 0x7a;
}

/**
 * ASCII text as `mask` leaves it, called only on the pieces between letters g–z and G–Z that hold
 * at least `fewestDigits` digits; the rest, letters included, as it is. The same as `mask` of the
 * whole text for a mask that changes only what matches a pattern of digit runs and UUIDs (no such
 * match holds those letters) and leaves a piece of fewer digits unchanged, such as card-number
 * masking (pan-in-text.ts). A receipt's text is mostly words, with few digits between them.
 */
export function maskByPiece(
  text: string,
  fewestDigits: number,
  mask: (piece: string) => string,
): string {
  let masked = '';
  let copied = 0;
  let start = 0;
  let digits = 0;
  for (let i = 0; i <= text.length; i += 1) {
    const code = i === text.length ? -1 : text.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) digits += 1;
    else if (code === -1 || isPieceBreak(code)) {
      if (digits >= fewestDigits) {
        masked += text.slice(copied, start) + mask(text.slice(start, i));
        copied = i;
      }
      start = i + 1;
      digits = 0;
    }
  }
  return copied === 0 ? text : masked + text.slice(copied);
}
