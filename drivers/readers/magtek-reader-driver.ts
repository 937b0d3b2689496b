import { DeviceError } from '../device-error.ts';
import type { Transport } from '../transport/transport.ts';
import { CardReaderBase } from './card-reader-base.ts';
import { encryptedSwipeRead } from './encrypted-swipe.ts';
import {
  MAGTEK_ENCRYPTION,
  MAGTEK_REPORT_LENGTH,
  magtekReportBody,
  parseMagtekReport,
} from '../crypto/index.ts';

/** USB identity of MagTek MagneSafe HID readers (vendor 0x0801, vendor-defined page 0xFF00). */
export const MAGTEK_USB = { vendorId: 0x0801, productId: 0x0011, usagePage: 0xff00 } as const;

/**
 * A MagTek MagneSafe-style encrypting reader over HID: each swipe is one fixed-offset input
 * report. Track 2 (else track 1) ciphertext becomes e_trackdata, encrypted by the reader under
 * the DUKPT PIN variant (format "magtek"); masked tracks give the display fields. Reports of the
 * wrong size (noise, a cut-off report) are dropped.
 */
export class MagtekReaderDriver extends CardReaderBase {
  constructor(transport: Transport) {
    super(transport, 'magtek reader');
  }

  protected onBytes(report: Buffer): void {
    const body = magtekReportBody(report);
    if (body.length !== MAGTEK_REPORT_LENGTH) return;
    try {
      const swipe = parseMagtekReport(body);
      if ((swipe.encryptionStatus & MAGTEK_ENCRYPTION.exhausted) !== 0) {
        throw new DeviceError(
          'KEY_EXHAUSTED',
          'magtek reader: DUKPT keys exhausted, reader needs key injection',
          {
            field: 'encryptionStatus',
          },
        );
      }
      if (!swipe.decoded[0] && !swipe.decoded[1]) {
        throw new DeviceError(
          'CARD_READ',
          'magtek reader: neither track 1 nor track 2 decoded, swipe again',
          {
            field: 'decodeStatus',
          },
        );
      }
      const track = swipe.decoded[1] && swipe.encryptedTracks[1].length > 0 ? 1 : 0;
      this.deliver(
        encryptedSwipeRead({
          format: 'magtek',
          ciphertext: swipe.encryptedTracks[track],
          ksn: swipe.ksn,
          maskedTrack1: swipe.decoded[0] ? swipe.maskedTracks[0] : undefined,
          maskedTrack2: swipe.decoded[1] ? swipe.maskedTracks[1] : undefined,
          deviceSerial: swipe.deviceSerial,
          capture: body,
        }),
      );
    } catch (error) {
      this.deliver(this.unreadable(error, 'magtek swipe'));
    }
  }

  protected resetDecoder(): void {}
}
