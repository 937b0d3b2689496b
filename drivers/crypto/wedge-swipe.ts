import { TrackError } from './errors.ts';
import { parseTrack1, parseTrack2, type TrackData } from './tracks.ts';

/** One swipe as typed by a keyboard-wedge reader: the raw tracks and the card they describe. */
export interface WedgeSwipe {
  /** Track 1 with its sentinels ("%B…?"), when read. */
  track1?: string;
  /** Track 2 with its sentinels (";…?"), when read. */
  track2?: string;
  /** Track 3 with its sentinels ("+…?" or ";…?"), when read. */
  track3?: string;
  /** Tracks the reader reported as unreadable ("E" in place of the data). */
  unreadable: (1 | 2 | 3)[];
  /** PAN, expiry and service code from track 2 (else track 1); the name from track 1. */
  card: TrackData;
}

function fail(rule: string, message: string): TrackError {
  return new TrackError('swipe', `swipe.${rule}`, message);
}

/** Splits the swipe into sentinel-delimited segments, in the order the reader typed them. */
function segments(text: string): string[] {
  const found: string[] = [];
  let rest = text;
  while (rest.length > 0) {
    const end = rest.indexOf('?');
    if (!/^[%;+]/.test(rest) || end < 0) {
      throw fail('format', 'expected tracks as %…?, ;…? or +…?');
    }
    found.push(rest.slice(0, end + 1));
    rest = rest.slice(end + 1);
  }
  return found;
}

/** Assigns segments to tracks: % is track 1, the first ; track 2, + or a second ; track 3. */
function assignTracks(parts: string[]): Map<1 | 2 | 3, string> {
  const tracks = new Map<1 | 2 | 3, string>();
  for (const part of parts) {
    const start = part.charAt(0);
    const track = start === '%' ? 1 : start === ';' && !tracks.has(2) ? 2 : 3;
    if (tracks.has(track)) {
      throw fail('duplicate', `track ${track} appears twice`);
    }
    tracks.set(track, part);
  }
  return tracks;
}

/**
 * Parses keyboard-wedge reader output: `%B…?;…?` (and optionally track 3) followed by CR, with
 * "E" between the sentinels for a track that could not be read (MagTek MagneSafe manual, keyboard
 * emulation). Throws TrackError when no financial track can be read or the tracks disagree.
 */
export function parseWedgeSwipe(text: string): WedgeSwipe {
  const trimmed = text.replace(/[\r\n]+$/, '');
  if (trimmed.length === 0) {
    throw fail('empty', 'no track data');
  }
  const raw: Partial<Record<1 | 2 | 3, string>> = {};
  const unreadable: (1 | 2 | 3)[] = [];
  for (const [track, segment] of assignTracks(segments(trimmed))) {
    if (segment.slice(1, -1) === 'E') {
      unreadable.push(track);
    } else {
      raw[track] = segment;
    }
  }
  const card1 = raw[1] === undefined ? undefined : parseTrack1(raw[1]);
  const card2 = raw[2] === undefined ? undefined : parseTrack2(raw[2]);
  if (card1 !== undefined && card2 !== undefined && card1.pan !== card2.pan) {
    throw fail('pan-mismatch', 'tracks 1 and 2 carry different PANs');
  }
  const base = card2 ?? card1;
  if (base === undefined) {
    throw fail('unreadable', 'neither track 1 nor track 2 could be read');
  }
  const card = card1?.name === undefined ? base : { ...base, name: card1.name };
  return { track1: raw[1], track2: raw[2], track3: raw[3], unreadable, card };
}
