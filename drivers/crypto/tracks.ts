import { TrackError } from './errors.ts';

/** The fields of an ISO/IEC 7813 financial track; `name` exists on track 1 only. */
export interface TrackData {
  /** Primary account number, 1 to 19 digits. */
  pan: string;
  /** Cardholder name as encoded ("SURNAME/FIRST"), trailing spaces removed; track 1 only. */
  name?: string;
  /** Expiry date, year first: YYMM. */
  expiry: string;
  /** Service code, three digits (ISO/IEC 7813). */
  serviceCode: string;
  /** Discretionary data after the service code, possibly empty. */
  discretionary: string;
}

/** Options of the track builders; `lrc` appends the longitudinal redundancy check character. */
export interface TrackBuildOptions {
  lrc?: boolean;
}

type TrackNumber = 1 | 2;

/** Per-track layout: sentinels, separator, character set and limits (ISO/IEC 7813, ISO/IEC 7811-2). */
const LAYOUT = {
  1: {
    start: '%',
    maxChars: 79,
    base: 0x20,
    mask: 0x3f,
    data: /^[ !"#$&'()*+,\-./0-9:;<=>@A-Z[\\\]_]*$/,
  },
  2: { start: ';', maxChars: 40, base: 0x30, mask: 0x0f, data: /^[0-9]*$/ },
} as const;

/**
 * The LRC character of a track: XOR of every character value (track 1: code − 0x20, six bits;
 * track 2: code − 0x30, four bits) from start sentinel through end sentinel (ISO/IEC 7811-2).
 */
export function trackLrc(track: TrackNumber, text: string): string {
  const { base, mask } = LAYOUT[track];
  let lrc = 0;
  for (let i = 0; i < text.length; i += 1) {
    lrc ^= (text.charCodeAt(i) - base) & mask;
  }
  return String.fromCharCode(lrc + base);
}

function fail(track: TrackNumber, rule: string, message: string): TrackError {
  return new TrackError(`track${track}`, `track${track}.${rule}`, message);
}

/** Checks the fields shared by both tracks and the name of track 1; throws TrackError. */
function checkFields(track: TrackNumber, data: TrackData): void {
  if (!/^[0-9]{1,19}$/.test(data.pan)) {
    throw fail(track, 'pan', 'the PAN must be 1 to 19 digits');
  }
  if (!/^[0-9]{2}(0[1-9]|1[0-2])$/.test(data.expiry)) {
    throw fail(track, 'expiry', 'the expiry must be YYMM with a month from 01 to 12');
  }
  if (!/^[0-9]{3}$/.test(data.serviceCode)) {
    throw fail(track, 'service-code', 'the service code must be 3 digits');
  }
  if (!LAYOUT[track].data.test(data.discretionary)) {
    throw fail(
      track,
      'discretionary',
      'the discretionary data holds a character the track cannot carry',
    );
  }
  if (track === 1) {
    const name = data.name ?? '';
    if (name.length < 2 || name.length > 26 || !LAYOUT[1].data.test(name)) {
      throw fail(1, 'name', 'the name must be 2 to 26 track 1 characters without "^"');
    }
  }
}

/** Throws when a body with its sentinels and LRC would exceed the track's capacity. */
function checkCapacity(track: TrackNumber, body: string): void {
  const { maxChars } = LAYOUT[track];
  if (body.length + 3 > maxChars) {
    throw fail(track, 'length', `longer than ${maxChars} characters with sentinels and LRC`);
  }
}

/** Splits a track into its body (between the sentinels) after checking sentinels and LRC. */
function unwrap(track: TrackNumber, text: string): string {
  const { start } = LAYOUT[track];
  let body = text;
  if (text.startsWith(start)) {
    const end = text.indexOf('?');
    if (end < 0) {
      throw fail(track, 'sentinel', 'the end sentinel "?" is missing');
    }
    if (text.length > end + 2) {
      throw fail(track, 'trailing', 'characters follow the end sentinel and LRC');
    }
    const lrc = text.charAt(end + 1);
    if (lrc !== '' && lrc !== trackLrc(track, text.slice(0, end + 1))) {
      throw fail(track, 'lrc', 'the LRC character does not match the track');
    }
    body = text.slice(1, end);
  } else if (text.includes('?')) {
    throw fail(track, 'sentinel', `an end sentinel without the start sentinel "${start}"`);
  }
  checkCapacity(track, body);
  return body;
}

/** Splits `rest` = YYMM + service code + discretionary into its fields. */
function splitTail(track: TrackNumber, pan: string, rest: string): TrackData {
  if (rest.length < 7) {
    throw fail(track, 'short', 'expiry and service code are missing');
  }
  return {
    pan,
    expiry: rest.slice(0, 4),
    serviceCode: rest.slice(4, 7),
    discretionary: rest.slice(7),
  };
}

/**
 * Parses track 1 (format code B): `%B PAN ^ NAME ^ YYMM SVC DD ?` with or without sentinels;
 * an LRC character after "?" is checked when present (ISO/IEC 7813 track 1). Throws TrackError.
 */
export function parseTrack1(text: string): TrackData {
  const body = unwrap(1, text);
  if (!body.startsWith('B')) {
    throw fail(1, 'format-code', 'the format code must be "B"');
  }
  const parts = body.slice(1).split('^');
  if (parts.length !== 3) {
    throw fail(1, 'separators', 'track 1 needs exactly two "^" separators');
  }
  const [pan = '', rawName = '', rest = ''] = parts;
  const data = { ...splitTail(1, pan, rest), name: rawName.trimEnd() };
  checkFields(1, { ...data, name: rawName });
  return data;
}

/**
 * Parses track 2: `; PAN = YYMM SVC DD ?` with or without sentinels; an LRC character after "?"
 * is checked when present (ISO/IEC 7813 track 2). Throws TrackError.
 */
export function parseTrack2(text: string): TrackData {
  const parts = unwrap(2, text).split('=');
  if (parts.length !== 2) {
    throw fail(2, 'separators', 'track 2 needs exactly one "=" separator');
  }
  const [pan = '', rest = ''] = parts;
  const data = splitTail(2, pan, rest);
  checkFields(2, data);
  return data;
}

function wrap(track: TrackNumber, body: string, options: TrackBuildOptions): string {
  checkCapacity(track, body);
  const text = `${LAYOUT[track].start}${body}?`;
  return options.lrc === true ? text + trackLrc(track, text) : text;
}

/** Builds track 1 with sentinels (and the LRC when asked) from its fields; needs `name`. */
export function buildTrack1(data: TrackData, options: TrackBuildOptions = {}): string {
  checkFields(1, data);
  const { pan, name = '', expiry, serviceCode, discretionary } = data;
  return wrap(1, `B${pan}^${name}^${expiry}${serviceCode}${discretionary}`, options);
}

/** Builds track 2 with sentinels (and the LRC when asked) from its fields. */
export function buildTrack2(data: TrackData, options: TrackBuildOptions = {}): string {
  checkFields(2, data);
  const { pan, expiry, serviceCode, discretionary } = data;
  return wrap(2, `${pan}=${expiry}${serviceCode}${discretionary}`, options);
}

/**
 * Parses EMV tag 57, Track 2 Equivalent Data: the track 2 digits as nibbles with "D" as the
 * separator, padded with "F" to whole bytes (EMV Book 3 Annex A). Throws TrackError.
 */
export function parseTrack2Equivalent(value: Uint8Array): TrackData {
  const nibbles = Buffer.from(value).toString('hex').toUpperCase().replace(/F$/, '');
  if (!/^[0-9]+D[0-9]+$/.test(nibbles)) {
    throw fail(2, 'equivalent', 'tag 57 must be digits, one "D" separator and an optional "F" pad');
  }
  return parseTrack2(nibbles.replace('D', '='));
}
