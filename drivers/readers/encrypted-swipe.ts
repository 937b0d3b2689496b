import { DeviceError } from '../device-error.ts';
import type { EncryptedSwipeFormat, EncryptedSwipeRead } from './card-read.ts';
import { displayFromMaskedTracks } from './masked-track.ts';

/** What an encrypting reader hands over for one swipe, before it becomes an EncryptedSwipeRead. */
export interface EncryptedSwipeParts {
  format: EncryptedSwipeFormat;
  /** The ciphertext that goes out as e_trackdata (non-empty, whole 8-byte blocks). */
  ciphertext: Buffer;
  /** The 10-byte KSN. */
  ksn: Buffer;
  maskedTrack1: string | undefined;
  maskedTrack2: string | undefined;
  deviceSerial?: string;
  /** The reader flagged the card as a chip card (ID TECH field 8 bit 5). */
  chipCard?: boolean;
  /** The reader's whole output for the swipe (report or frame), when it has one. */
  capture?: Buffer;
}

/**
 * The read an encrypting reader's swipe becomes: ciphertext and KSN as uppercase hex for
 * e_trackdata and e_id, the whole capture for e_datafield when there is one, the format name,
 * the display fields from the masked tracks, and the reader's chip-card flag.
 * KEY_EXHAUSTED when the reader sent no ciphertext or a blank KSN (it stops encrypting then).
 */
export function encryptedSwipeRead(parts: EncryptedSwipeParts): EncryptedSwipeRead {
  if (
    parts.ciphertext.length === 0 ||
    parts.ksn.length !== 10 ||
    parts.ksn.every((byte) => byte === 0)
  ) {
    throw new DeviceError(
      'KEY_EXHAUSTED',
      `${parts.format} reader sent no encrypted data: DUKPT keys exhausted or encryption off`,
      {
        field: 'e_trackdata',
      },
    );
  }
  if (parts.ciphertext.length % 8 !== 0) {
    throw new DeviceError(
      'FRAMING',
      `${parts.format} reader: encrypted track is not whole 8-byte blocks`,
      {
        field: 'e_trackdata',
      },
    );
  }
  const read: EncryptedSwipeRead = {
    kind: 'encrypted-swipe',
    entryMode: 'swipe',
    ...displayFromMaskedTracks(parts.maskedTrack1, parts.maskedTrack2),
    e_trackdata: parts.ciphertext.toString('hex').toUpperCase(),
    e_id: parts.ksn.toString('hex').toUpperCase(),
    e_datafieldfmt: parts.format,
  };
  if (parts.chipCard === true) read.chipCard = true;
  if (parts.deviceSerial !== undefined && parts.deviceSerial.length > 0)
    read.deviceSerial = parts.deviceSerial;
  if (parts.capture !== undefined) read.e_datafield = parts.capture.toString('hex').toUpperCase();
  return read;
}
