import { createHash } from 'node:crypto';
import {
  type TrackData,
  lastFour,
  maskPan,
  parseTrack1,
  parseTrack2,
  tdesCbcDecrypt,
  tdesDukptKey,
  trackExpiryToExpdate,
} from '../crypto/index.ts';
import { DeviceError } from '../device-error.ts';
import type { EncryptedSwipeFormat } from './card-read.ts';
import { IDTECH_ENHANCED, parseIdtechData, unframeIdtech } from './idtech-frame.ts';
import { magtekReportBody, parseMagtekReport } from './magtek-report.ts';

/** What a support engineer learns from a captured swipe: checks and masked fields, never a PAN. */
export interface SwipeCaptureReport {
  format: EncryptedSwipeFormat;
  ksn: string;
  deviceSerial: string;
  /** Framing checks: "ok" per check (a failed check throws instead). */
  framing: Record<string, 'ok'>;
  /** Per track read: whether it decrypted to a valid track, and the SHA-1 check where sent. */
  tracks: { track: 1 | 2; decrypted: boolean; hash: 'match' | 'mismatch' | 'not sent' }[];
  maskedAccount: string;
  lastFour: string;
  cardholderName?: string;
  expdate: string;
  serviceCode: string;
}

interface ClearTrack {
  track: 1 | 2;
  text: string;
  hash: Buffer;
}

const stripPadding = (data: Buffer): string => data.toString('latin1').replace(/\0+$/, '');

function magtekTracks(
  raw: Buffer,
  bdk: Buffer,
): { ksn: Buffer; serial: string; tracks: ClearTrack[] } {
  const swipe = parseMagtekReport(magtekReportBody(raw));
  const key = tdesDukptKey(bdk, swipe.ksn, 'pin');
  const tracks = ([0, 1] as const)
    .filter((t) => swipe.encryptedTracks[t].length > 0)
    .map((t) => ({
      track: (t + 1) as 1 | 2,
      text: stripPadding(tdesCbcDecrypt(key, swipe.encryptedTracks[t])),
      hash: Buffer.alloc(0),
    }));
  return { ksn: swipe.ksn, serial: swipe.deviceSerial, tracks };
}

function idtechTracks(
  raw: Buffer,
  bdk: Buffer,
): { ksn: Buffer; serial: string; tracks: ClearTrack[] } {
  const swipe = parseIdtechData(unframeIdtech(raw));
  if (swipe.ksn.length !== 10)
    throw new DeviceError('KEY_EXHAUSTED', 'idtech capture: no KSN sent', { field: 'ksn' });
  const key = tdesDukptKey(bdk, swipe.ksn, 'data-request');
  const [l1, l2] = swipe.lengths;
  let clear: [string, string];
  if (swipe.cardType === IDTECH_ENHANCED) {
    const decrypt = (t: 0 | 1): string =>
      swipe.encryptedTracks[t].length === 0
        ? ''
        : tdesCbcDecrypt(key, swipe.encryptedTracks[t])
            .subarray(0, swipe.lengths[t])
            .toString('latin1');
    clear = [decrypt(0), decrypt(1)];
  } else {
    const joint = tdesCbcDecrypt(key, swipe.encryptedTracks[0]).toString('latin1');
    clear = [joint.slice(0, l1), joint.slice(l1, l1 + l2)];
  }
  const tracks = ([0, 1] as const)
    .filter((t) => clear[t].length > 0)
    .map((t) => ({ track: (t + 1) as 1 | 2, text: clear[t], hash: swipe.hashes[t] }));
  return { ksn: swipe.ksn, serial: swipe.serial.toString('latin1').replace(/\0+$/, ''), tracks };
}

function parseClear(track: ClearTrack): TrackData | undefined {
  const text = track.text.slice(0, track.text.indexOf('?') + 1);
  try {
    return track.track === 1 ? parseTrack1(text) : parseTrack2(text);
  } catch {
    return undefined;
  }
}

/**
 * Checks and decrypts a captured raw reader output (a MagTek HID input report, or an ID TECH
 * frame) with the BDK, and reports what a support engineer may see: framing and hash checks,
 * masked account, last four, name, expiry and service code. Throws DeviceError on bad framing.
 */
export function decodeSwipeCapture(
  format: EncryptedSwipeFormat,
  bdk: Buffer,
  raw: Buffer,
): SwipeCaptureReport {
  const { ksn, serial, tracks } =
    format === 'magtek' ? magtekTracks(raw, bdk) : idtechTracks(raw, bdk);
  const parsed = tracks.map((track) => ({ track, data: parseClear(track) }));
  const card =
    parsed.find((p) => p.track.track === 2 && p.data !== undefined)?.data ??
    parsed.find((p) => p.data !== undefined)?.data;
  if (card === undefined) {
    throw new DeviceError(
      'CARD_READ',
      `${format} capture: no track decrypts to ISO 7813 track data (wrong BDK?)`,
      { field: 'e_trackdata' },
    );
  }
  const name = parsed.find((p) => p.track.track === 1)?.data?.name?.trim();
  const report: SwipeCaptureReport = {
    format,
    ksn: ksn.toString('hex').toUpperCase(),
    deviceSerial: serial,
    framing:
      format === 'magtek' ? { reportLength: 'ok' } : { stxEtx: 'ok', lrc: 'ok', checksum: 'ok' },
    tracks: parsed.map(({ track, data }) => ({
      track: track.track,
      decrypted: data !== undefined,
      hash:
        track.hash.length === 0
          ? 'not sent'
          : createHash('sha1').update(track.text, 'latin1').digest().equals(track.hash)
            ? 'match'
            : 'mismatch',
    })),
    maskedAccount: maskPan(card.pan),
    lastFour: lastFour(card.pan),
    expdate: trackExpiryToExpdate(card.expiry),
    serviceCode: card.serviceCode,
  };
  if (name !== undefined && name.length > 0) report.cardholderName = name;
  return report;
}
