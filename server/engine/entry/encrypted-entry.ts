import type { Params } from '../../../protocol/index.ts';
import {
  CryptoError,
  cardOfTracks,
  decryptReaderCapture,
  parseDecryptedTracks,
  parseHex,
  readerCaptureFormat,
  verifiedCaptureTracks,
  type ReaderCaptureFormat,
  type TrackData,
} from '../../../drivers/crypto/index.ts';
import type { CardEntry } from './card-entry.ts';
import { trackEntry } from './track-text.ts';
import { deviceKsn, type DeviceKeys } from './dukpt-keys.ts';
import { invalidEntry } from './entry-refusal.ts';

/** The reader formats e_datafieldfmt names (docs/devices.md). */
const FORMATS: readonly ReaderCaptureFormat[] = ['magtek', 'idtech'];

const FORMAT_NAMES: Readonly<Record<ReaderCaptureFormat, string>> = {
  magtek: 'a MagTek input report',
  idtech: 'an ID TECH frame',
};

/** e_datafieldfmt as sent, checked; undefined when absent. */
function namedFormat(params: Params): ReaderCaptureFormat | undefined {
  const named = params.e_datafieldfmt?.toLowerCase();
  if (named === undefined) return undefined;
  if (!(FORMATS as readonly string[]).includes(named)) {
    throw invalidEntry('e_datafieldfmt', `must be ${FORMATS.join(' or ')}`);
  }
  return named as ReaderCaptureFormat;
}

/**
 * e_datafield: the whole output of an encrypting reader, its format named by e_datafieldfmt or
 * recognised from the bytes. Framing, LRC and checksum, the reader's key state and KSN are
 * checked before anything is decrypted; then each track, its SHA-1 and its masked form
 * (drivers/crypto decryptReaderCapture, verifiedCaptureTracks). The key comes from the KSN's key
 * set in the registry.
 */
export function encryptedFieldEntry(keys: DeviceKeys, params: Params): CardEntry {
  const raw = parseHex('e_datafield', params.e_datafield ?? '');
  const named = namedFormat(params);
  const seen = readerCaptureFormat(raw);
  if (named === undefined && seen === undefined) {
    throw invalidEntry('e_datafield', 'neither a MagTek input report nor an ID TECH frame');
  }
  if (named !== undefined && seen !== undefined && named !== seen) {
    throw invalidEntry('e_datafieldfmt', `names ${named} but e_datafield is ${FORMAT_NAMES[seen]}`);
  }
  const format = named ?? (seen as ReaderCaptureFormat);
  const capture = decryptReaderCapture(format, raw, (ksn, usage) =>
    keys.tdes(deviceKsn('e_datafield', ksn.toString('hex')), usage),
  );
  return trackEntry(params, cardOfTracks(verifiedCaptureTracks(capture)));
}

/**
 * The card in e_trackdata encrypted under the device of KSN e_id: a TDES KSN decrypts under the
 * PIN variant for e_datafieldfmt=magtek, the data variant for idtech, and without a format under
 * the data variant, then the PIN variant; an AES KSN under the AES data key. The plaintext must be
 * ISO 7813 tracks (each LRC checked when sent).
 */
export function decryptedTrackCard(keys: DeviceKeys, params: Params): TrackData {
  const device = deviceKsn('e_id', params.e_id ?? '');
  const data = parseHex('e_trackdata', params.e_trackdata ?? '');
  const format = namedFormat(params);
  const usages =
    format === undefined
      ? (['data-request', 'pin'] as const)
      : ([format === 'magtek' ? 'pin' : 'data-request'] as const);
  for (const usage of device.scheme === 'aes' ? usages.slice(0, 1) : usages) {
    try {
      return cardOfTracks(
        parseDecryptedTracks(keys.decrypt(device, data, usage, 'e_trackdata'), 'e_trackdata'),
      );
    } catch (error) {
      const noise = error instanceof CryptoError && error.rule === 'tracks.unreadable';
      if (!noise) throw error;
    }
  }
  throw invalidEntry(
    'e_trackdata',
    `does not decrypt to ISO 7813 track data under key set ${device.keySetId} (wrong key or e_datafieldfmt)`,
  );
}

/** e_trackdata with e_id: an encrypted swipe without its reader's framing (decryptedTrackCard). */
export function encryptedTrackEntry(keys: DeviceKeys, params: Params): CardEntry {
  return trackEntry(params, decryptedTrackCard(keys, params));
}

/**
 * e_account with e_id: a card number keyed on the PIN pad, its ASCII digits encrypted under the
 * device's data key (TDES data variant, or AES data key) and zero padded; expdate comes beside it.
 */
export function encryptedAccountEntry(keys: DeviceKeys, params: Params): CardEntry {
  const device = deviceKsn('e_id', params.e_id ?? '');
  const data = parseHex('e_account', params.e_account ?? '');
  const pan = keys
    .decrypt(device, data, 'data-request', 'e_account')
    .toString('latin1')
    .replace(/\0+$/, '');
  if (!/^[0-9]{8,19}$/.test(pan)) {
    throw invalidEntry(
      'e_account',
      `does not decrypt to a card number under key set ${device.keySetId} (wrong key)`,
    );
  }
  return {
    pan,
    ...(params.expdate !== undefined && { expdate: params.expdate }),
    ...(params.cardholdername !== undefined && { cardholdername: params.cardholdername }),
    entryMode: 'M',
    cardNotPresent: params.cardpresent !== 'yes',
  };
}
