/**
 * What each character of an ISO/IEC 7813 track is, by position: the parts a reader's masking
 * treats differently (ID TECH SecureMag user manual §"Track 1 and Track 2 masked"; MagneSafe V5
 * reference manual, Appendix E "Identifying ISO/ABA and AAMVA cards").
 */
export type TrackPart =
  | 'sentinel'
  | 'format-code'
  | 'pan'
  | 'separator'
  | 'name'
  | 'expiry'
  | 'service-code'
  | 'discretionary'
  | 'lrc';

/** A financial track cut into its parts: one entry per character of the text. */
export interface TrackLayout {
  track: 1 | 2;
  parts: TrackPart[];
}

function fill(parts: TrackPart[], part: TrackPart, count: number): void {
  for (let i = 0; i < count; i += 1) parts.push(part);
}

/** Expiry, service code and discretionary data between a separator and the end sentinel. */
function tail(parts: TrackPart[], length: number): void {
  fill(parts, 'expiry', Math.min(4, length));
  fill(parts, 'service-code', Math.min(3, Math.max(0, length - 4)));
  fill(parts, 'discretionary', Math.max(0, length - 7));
}

/**
 * The layout of a financial track written as readers send it: start sentinel, for track 1 the
 * format code, the PAN up to its separator, for track 1 the name up to the next separator, then
 * expiry (4), service code (3) and discretionary data up to the end sentinel, and the LRC
 * character when one follows. Undefined for text that is not shaped as track 1 (`%`) or track 2
 * (`;`) with its separators and end sentinel; it never judges the characters themselves.
 */
export function trackLayout(text: string): TrackLayout | undefined {
  const end = text.indexOf('?');
  if (end < 0 || text.length > end + 2) return undefined;
  const parts: TrackPart[] = ['sentinel'];
  let track: 1 | 2;
  let afterPan: number;
  if (text.startsWith('%')) {
    track = 1;
    const panEnd = text.indexOf('^', 2);
    const nameEnd = panEnd < 0 ? -1 : text.indexOf('^', panEnd + 1);
    if (panEnd < 0 || nameEnd < 0 || nameEnd > end) return undefined;
    parts.push('format-code');
    fill(parts, 'pan', panEnd - 2);
    parts.push('separator');
    fill(parts, 'name', nameEnd - panEnd - 1);
    parts.push('separator');
    afterPan = nameEnd + 1;
  } else if (text.startsWith(';')) {
    track = 2;
    const panEnd = text.indexOf('=', 1);
    if (panEnd < 0 || panEnd > end) return undefined;
    fill(parts, 'pan', panEnd - 1);
    parts.push('separator');
    afterPan = panEnd + 1;
  } else {
    return undefined;
  }
  tail(parts, end - afterPan);
  parts.push('sentinel');
  if (text.length === end + 2) parts.push('lrc');
  return { track, parts };
}
