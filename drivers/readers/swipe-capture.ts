import {
  CryptoError,
  type ReaderCaptureFormat,
  cardOfTracks,
  decryptReaderCapture,
  lastFour,
  maskPan,
  tdesDukptKey,
  trackExpiryToExpdate,
} from '../crypto/index.ts';

/** What a support engineer learns from a captured swipe: checks and masked fields, never a PAN. */
export interface SwipeCaptureReport {
  format: ReaderCaptureFormat;
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

/**
 * Checks and decrypts a captured raw reader output (a MagTek HID input report, or an ID TECH
 * frame) with the BDK (drivers/crypto decryptReaderCapture), and reports what a support engineer
 * may see: framing and hash checks, masked account, last four, name, expiry and service code.
 * Throws CryptoError on bad framing, and when no track decrypts (a wrong BDK).
 */
export function decodeSwipeCapture(
  format: ReaderCaptureFormat,
  bdk: Buffer,
  raw: Buffer,
): SwipeCaptureReport {
  const capture = decryptReaderCapture(format, raw, (ksn, usage) => tdesDukptKey(bdk, ksn, usage));
  const clear = capture.tracks.flatMap((t) => (t.clear === undefined ? [] : [t.clear]));
  if (clear.length === 0) {
    throw new CryptoError(
      'MALFORMED',
      'RAW_HEX',
      'swipe.no-track',
      `${format} capture: no track decrypts to ISO 7813 track data (wrong BDK?)`,
    );
  }
  const card = cardOfTracks(clear);
  const report: SwipeCaptureReport = {
    format,
    ksn: capture.ksn.toString('hex').toUpperCase(),
    deviceSerial: capture.deviceSerial,
    framing:
      format === 'magtek' ? { reportLength: 'ok' } : { stxEtx: 'ok', lrc: 'ok', checksum: 'ok' },
    tracks: capture.tracks.map(({ track, clear: read, hash }) => ({
      track,
      decrypted: read !== undefined,
      hash,
    })),
    maskedAccount: maskPan(card.pan),
    lastFour: lastFour(card.pan),
    expdate: trackExpiryToExpdate(card.expiry),
    serviceCode: card.serviceCode,
  };
  if (card.name !== undefined && card.name.length > 0) report.cardholderName = card.name;
  return report;
}
