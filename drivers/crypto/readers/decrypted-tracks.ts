import { TrackError } from '../errors.ts';
import { parseTrack1, parseTrack2, type TrackData } from '../tracks.ts';

/** One ISO/IEC 7813 track read from decrypted reader data. */
export interface ClearTrack {
  track: 1 | 2;
  /** The track with its sentinels, and its LRC character when the reader encrypted one. */
  text: string;
  data: TrackData;
}

/** Most tracks one ciphertext holds: track 1 and track 2 (ID TECH's original format). */
const MAX_TRACKS = 2;

function parseOne(text: string): ClearTrack | undefined {
  try {
    if (text.startsWith('%')) return { track: 1, text, data: parseTrack1(text) };
    if (text.startsWith(';')) return { track: 2, text, data: parseTrack2(text) };
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The tracks of `text` from `from` on: each starts with its sentinel, ends with "?" and may be
 * followed by its LRC character. An LRC character can equal the next track's start sentinel, so
 * both readings are tried.
 */
function splitTracks(text: string, from: number, depth: number): ClearTrack[] | undefined {
  if (from === text.length) return [];
  const end = text.indexOf('?', from);
  if (depth === MAX_TRACKS || end < 0) return undefined;
  for (const next of [end + 2, end + 1]) {
    if (next > text.length) continue;
    const track = parseOne(text.slice(from, next));
    const rest = track === undefined ? undefined : splitTracks(text, next, depth + 1);
    if (track !== undefined && rest !== undefined) return [track, ...rest];
  }
  return undefined;
}

/**
 * The tracks inside decrypted reader data (ISO/IEC 7813): track 1 and/or track 2 with their
 * sentinels, each LRC character checked when present, zero padding at the end removed (readers
 * pad the plaintext to whole cipher blocks). Throws TrackError naming `field` when the data is
 * not one or two well-formed tracks (a wrong key gives noise), when a track appears twice, or
 * when the tracks carry different PANs; never quotes the data.
 */
export function parseDecryptedTracks(plain: Buffer, field: string): ClearTrack[] {
  const text = plain.toString('latin1').replace(/\0+$/, '');
  const tracks = /^[\x20-\x7e]+$/.test(text) ? splitTracks(text, 0, 0) : undefined;
  if (tracks === undefined || tracks.length === 0) {
    throw new TrackError(field, 'tracks.unreadable', 'does not decrypt to ISO 7813 track data');
  }
  if (tracks.length === 2 && tracks[0]?.track === tracks[1]?.track) {
    throw new TrackError(field, 'tracks.duplicate', 'holds the same track twice');
  }
  if (tracks.length === 2 && tracks[0]?.data.pan !== tracks[1]?.data.pan) {
    throw new TrackError(field, 'tracks.pan-mismatch', 'tracks 1 and 2 carry different PANs');
  }
  return tracks;
}

/**
 * The card a set of tracks describes: PAN, expiry and service code from track 2 (else track 1),
 * the name from track 1 (ISO/IEC 7813; the same rule as a keyboard-wedge swipe).
 */
export function cardOfTracks(tracks: readonly ClearTrack[]): TrackData {
  const track1 = tracks.find((t) => t.track === 1)?.data;
  const base = tracks.find((t) => t.track === 2)?.data ?? track1;
  if (base === undefined) {
    throw new TrackError('tracks', 'tracks.unreadable', 'neither track 1 nor track 2 was read');
  }
  return track1?.name === undefined ? base : { ...base, name: track1.name };
}
