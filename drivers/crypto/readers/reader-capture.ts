import { createHash } from 'node:crypto';
import { aesCbcDecrypt, tdesCbcDecrypt } from '../block-ciphers.ts';
import { CryptoError, ReaderDataError } from '../errors.ts';
import { type ClearTrack, parseDecryptedTracks } from './decrypted-tracks.ts';
import { type MaskedTrackFault, maskedTrackFault } from './masked-track-check.ts';
import {
  IDTECH_FIELD8,
  idtechHashAlgorithm,
  isIdtechEnhanced,
  isIdtechFrame,
  parseIdtechData,
  unframeIdtech,
} from './idtech-frame.ts';
import {
  MAGTEK_ENCRYPTION,
  MAGTEK_REPORT_LENGTH,
  magtekReportBody,
  parseMagtekReport,
} from './magtek-report.ts';

/**
 * The raw outputs of encrypting readers LaneTerm reads: a MagTek MagneSafe HID input report, an
 * ID TECH SecureMag frame (original or enhanced format). The names are e_datafieldfmt values.
 */
export type ReaderCaptureFormat = 'magtek' | 'idtech';

/** The TDES DUKPT working key a capture was encrypted under (X9.24-1 table A-1 variants). */
export type CaptureKeyUsage = 'pin' | 'data-request';

/** Gives the 16-byte TDES DUKPT working key of `usage` for the reader's 10-byte KSN. */
export type CaptureKeys = (ksn: Buffer, usage: CaptureKeyUsage) => Buffer;

/** One financial track of a capture, as decrypted and checked. */
export interface CaptureTrack {
  track: 1 | 2;
  /** The decrypted track, or undefined when the plaintext is not a well-formed track. */
  clear: ClearTrack | undefined;
  /** The SHA-1 (or SHA-256) the reader sent for the clear track, checked; "not sent" when it sent none. */
  hash: 'match' | 'mismatch' | 'not sent';
  /** The reader's masked track as sent ("" when not sent). */
  masked: string;
}

/** A capture after its framing checks and decryption; card data only inside `tracks`. */
export interface ReaderCapture {
  format: ReaderCaptureFormat;
  /** The 10-byte DUKPT KSN. */
  ksn: Buffer;
  deviceSerial: string;
  /** Tracks 1 and 2 as far as the reader encrypted them. */
  tracks: CaptureTrack[];
}

/**
 * The format of a raw capture recognised from its bytes: an ID TECH frame (02 LenL LenH … LRC
 * CheckSum 03 with a length that fits the bytes) or a MagTek report (887 bytes, 888 with its
 * report ID); undefined for anything else.
 */
export function readerCaptureFormat(raw: Buffer): ReaderCaptureFormat | undefined {
  if (isIdtechFrame(raw)) return 'idtech';
  return raw.length === MAGTEK_REPORT_LENGTH || raw.length === MAGTEK_REPORT_LENGTH + 1
    ? 'magtek'
    : undefined;
}

function exhausted(field: string, rule: string): CryptoError {
  return new CryptoError(
    'KEY_EXHAUSTED',
    field,
    rule,
    'the reader sent no encrypted data: DUKPT keys exhausted or encryption off',
  );
}

function requireKsn(ksn: Buffer, rule: string): void {
  if (ksn.length !== 10 || ksn.every((byte) => byte === 0)) throw exhausted('ksn', rule);
}

function readTrack(track: 1 | 2, plain: string): ClearTrack | undefined {
  try {
    const [clear] = parseDecryptedTracks(Buffer.from(plain, 'latin1'), `track${track}`);
    return clear?.track === track ? clear : undefined;
  } catch {
    return undefined;
  }
}

function hashCheck(
  text: string,
  hash: Buffer,
  algorithm: 'sha1' | 'sha256' = 'sha1',
): CaptureTrack['hash'] {
  if (hash.length === 0) return 'not sent';
  return createHash(algorithm).update(text, 'latin1').digest().equals(hash) ? 'match' : 'mismatch';
}

function magtekCapture(raw: Buffer, keys: CaptureKeys): ReaderCapture {
  const swipe = parseMagtekReport(magtekReportBody(raw));
  if ((swipe.encryptionStatus & MAGTEK_ENCRYPTION.exhausted) !== 0) {
    throw exhausted('encryptionStatus', 'magtek.exhausted');
  }
  requireKsn(swipe.ksn, 'magtek.ksn');
  if (swipe.encryptedTracks.some((data) => data.length % 8 !== 0)) {
    throw new ReaderDataError(
      'framing',
      'encryptedLength',
      'magtek.block',
      'an encrypted track is not whole 8-byte blocks',
    );
  }
  const key = keys(swipe.ksn, 'pin');
  const tracks = ([0, 1] as const)
    .filter((t) => swipe.encryptedTracks[t].length > 0)
    .map((t): CaptureTrack => {
      const plain = tdesCbcDecrypt(key, swipe.encryptedTracks[t]).toString('latin1');
      const track = (t + 1) as 1 | 2;
      return {
        track,
        clear: readTrack(track, plain),
        hash: 'not sent',
        masked: swipe.maskedTracks[t],
      };
    });
  return { format: 'magtek', ksn: swipe.ksn, deviceSerial: swipe.deviceSerial, tracks };
}

function idtechCapture(raw: Buffer, keys: CaptureKeys): ReaderCapture {
  const swipe = parseIdtechData(unframeIdtech(raw));
  requireKsn(swipe.ksn, 'idtech.ksn');
  const enhanced = isIdtechEnhanced(swipe.cardType);
  const key = keys(
    swipe.ksn,
    enhanced && swipe.field8 & IDTECH_FIELD8.pinKey ? 'pin' : 'data-request',
  );
  const decrypt = (data: Buffer): string =>
    (enhanced && swipe.field8 & IDTECH_FIELD8.aes
      ? aesCbcDecrypt(key, data)
      : tdesCbcDecrypt(key, data)
    ).toString('latin1');
  const [l1, l2] = swipe.lengths;
  let clear: [string, string];
  if (enhanced) {
    const one = (t: 0 | 1): string =>
      swipe.encryptedTracks[t].length === 0
        ? ''
        : decrypt(swipe.encryptedTracks[t]).slice(0, swipe.lengths[t]);
    clear = [one(0), one(1)];
  } else {
    const joint = swipe.encryptedTracks[0].length === 0 ? '' : decrypt(swipe.encryptedTracks[0]);
    clear = [joint.slice(0, l1), joint.slice(l1, l1 + l2)];
  }
  const tracks = ([0, 1] as const)
    .filter((t) => clear[t].length > 0)
    .map((t): CaptureTrack => {
      const track = (t + 1) as 1 | 2;
      return {
        track,
        clear: readTrack(track, clear[t]),
        hash: hashCheck(clear[t], swipe.hashes[t], idtechHashAlgorithm(swipe)),
        masked: swipe.maskedTracks[t],
      };
    });
  const deviceSerial = swipe.serial.toString('latin1').replace(/\0+$/, '');
  return { format: 'idtech', ksn: swipe.ksn, deviceSerial, tracks };
}

/**
 * Checks and decrypts a raw capture: the framing first (ID TECH: STX/ETX and length, LRC,
 * checksum; MagTek: report size and field lengths), then the reader's encryption state and KSN,
 * and only then decrypts, under the key `keys` gives (MagTek: the PIN variant; ID TECH: the data
 * variant, or the PIN variant when field 8 says so; TDES-CBC, or AES-CBC when field 8 says AES,
 * zero IV). A capture failing a check is never decrypted. Per track the result says whether the
 * plaintext is a well-formed track and whether its SHA-1 (ID TECH: SHA-256 when optional status
 * byte 1 says so) matches (ID TECH Encrypted Data Output;
 * MagneSafe V5 reference manual).
 */
export function decryptReaderCapture(
  format: ReaderCaptureFormat,
  raw: Buffer,
  keys: CaptureKeys,
): ReaderCapture {
  return format === 'magtek' ? magtekCapture(raw, keys) : idtechCapture(raw, keys);
}

/** How an error names the part of a masked track that disagrees; never its characters. */
const MASKED_FAULT_NAMES: Readonly<Record<MaskedTrackFault, string>> = {
  length: 'length or shape',
  sentinel: 'sentinels',
  'format-code': 'format code',
  pan: 'account number digits',
  separator: 'field separators',
  name: 'cardholder name',
  expiry: 'expiry',
  'service-code': 'service code',
  discretionary: 'discretionary data',
  lrc: 'LRC',
};

/**
 * The clear tracks of a capture that passed every check: each track the reader encrypted is a
 * well-formed ISO 7813 track (else `capture.decrypt`: wrong key or key set), matches the hash
 * it came with (`capture.hash`) and the masked track beside it where the mask leaves it clear
 * (`capture.masked`, maskedTrackFault), and tracks 1
 * and 2 carry the same PAN (`tracks.pan-mismatch`). Throws naming the track, never its data.
 */
export function verifiedCaptureTracks(capture: ReaderCapture): ClearTrack[] {
  if (capture.tracks.length === 0) {
    throw new ReaderDataError('framing', 'tracks', 'capture.no-track', 'no track 1 or 2 was read');
  }
  const tracks = capture.tracks.map(({ track, clear, hash, masked }) => {
    if (clear === undefined) {
      throw new ReaderDataError(
        'integrity',
        `track${track}`,
        'capture.decrypt',
        'does not decrypt to an ISO 7813 track (wrong key or key set)',
      );
    }
    if (hash === 'mismatch') {
      throw new ReaderDataError(
        'integrity',
        `hash${track}`,
        'capture.hash',
        'the hash of the decrypted track does not match the one the reader sent',
      );
    }
    const fault = masked === '' ? undefined : maskedTrackFault(masked, clear.text);
    if (fault !== undefined) {
      throw new ReaderDataError(
        'integrity',
        `masked${track}`,
        'capture.masked',
        `the masked track does not match the decrypted one (its ${MASKED_FAULT_NAMES[fault]})`,
      );
    }
    return clear;
  });
  if (tracks.length === 2 && tracks[0]?.data.pan !== tracks[1]?.data.pan) {
    throw new ReaderDataError(
      'integrity',
      'tracks',
      'tracks.pan-mismatch',
      'tracks 1 and 2 carry different PANs',
    );
  }
  return tracks;
}
