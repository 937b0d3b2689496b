import { DeviceError } from '../device-error.ts';
import type { Transport } from '../transport/transport.ts';
import { CardReaderBase } from './card-reader-base.ts';
import { encryptedSwipeRead } from './encrypted-swipe.ts';
import {
  IDTECH_FIELD8,
  IDTECH_OPTIONAL_STATUS,
  isIdtechEnhanced,
  isIdtechFinancialCard,
  isIntactIdtechFrame,
  parseIdtechData,
  unframeIdtech,
} from '../crypto/index.ts';

/** Longest card data accepted in one frame; a longer length field is noise. 1024 bytes. */
const MAX_CARD_DATA = 1024;

/** USB identity of ID TECH SecureMag readers in USB-serial mode (vendor 0x0ACD). */
export const IDTECH_USB = { vendorId: 0x0acd, productId: 0x2030 } as const;

/**
 * An ID TECH SecureMag-style encrypting reader over serial (default 9600 8N1): frames of
 * `02 LenL LenH data LRC CheckSum 03`, original and enhanced formats. A frame with a bad LRC or
 * checksum is reported as CHECKSUM (swipe again); noise between frames is skipped, and a frame
 * still awaited is given up as soon as an intact frame starts inside it (noise that opened a
 * frame, or a frame cut off). Track 2 (else
 * track 1) ciphertext, or the original format's joint track 1+2 block, becomes e_trackdata,
 * encrypted under the DUKPT data variant (format "idtech"). The enhanced format's field 8 bit 5
 * marks a chip card, whose masked service code the lane cannot read (chipCard). A card that is not
 * ISO/ABA (card encode type AAMVA, other or raw: a driver's licence) is CARD_READ on cardType.
 */
export class IdtechReaderDriver extends CardReaderBase {
  #buffer = Buffer.alloc(0);

  constructor(transport: Transport) {
    super(transport, 'idtech reader');
  }

  protected onBytes(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const start = this.#buffer.indexOf(0x02);
      if (start < 0) {
        this.#buffer = Buffer.alloc(0);
        return;
      }
      this.#buffer = this.#buffer.subarray(start);
      if (this.#buffer.length < 3) return;
      const length = this.#buffer.readUInt16LE(1);
      if (length === 0 || length > MAX_CARD_DATA) {
        this.#buffer = this.#buffer.subarray(1);
        continue;
      }
      if (this.#buffer.length < length + 6) {
        const inner = this.#innerFrame();
        if (inner < 0) return;
        this.#buffer = this.#buffer.subarray(inner);
        continue;
      }
      if (this.#buffer[length + 5] !== 0x03) {
        this.#buffer = this.#buffer.subarray(1);
        continue;
      }
      const frame = this.#buffer.subarray(0, length + 6);
      this.#buffer = this.#buffer.subarray(length + 6);
      this.#frame(frame);
    }
  }

  /**
   * Where a whole frame with a good LRC and checksum starts inside the frame still being waited
   * for (so that one was noise, or cut off); -1 when none does.
   */
  #innerFrame(): number {
    const buffer = this.#buffer;
    for (let at = buffer.indexOf(0x02, 1); at > 0 && at + 3 <= buffer.length;) {
      const end = at + buffer.readUInt16LE(at + 1) + 6;
      if (isIntactIdtechFrame(buffer.subarray(at, end))) return at;
      at = buffer.indexOf(0x02, at + 1);
    }
    return -1;
  }

  protected resetDecoder(): void {
    this.#buffer = Buffer.alloc(0);
  }

  #frame(frame: Buffer): void {
    try {
      const swipe = parseIdtechData(unframeIdtech(frame));
      if (!isIdtechFinancialCard(swipe.cardType)) {
        throw new DeviceError(
          'CARD_READ',
          'idtech reader: not a payment card (AAMVA, other or raw card encode type)',
          { field: 'cardType' },
        );
      }
      if (
        swipe.field8 & (IDTECH_FIELD8.aes | IDTECH_FIELD8.pinKey) ||
        (swipe.optionalStatus?.[0] ?? 0) & IDTECH_OPTIONAL_STATUS.encryptionType
      ) {
        throw new DeviceError(
          'PROTOCOL',
          'idtech reader: configure TDES with the data key (AES, PIN-key or TransArmor mode is not supported)',
          {
            field: 'field8',
          },
        );
      }
      if ((swipe.trackStatus & 0x03) === 0) {
        throw new DeviceError(
          'CARD_READ',
          'idtech reader: neither track 1 nor track 2 decoded, swipe again',
          {
            field: 'trackStatus',
          },
        );
      }
      const enhanced = isIdtechEnhanced(swipe.cardType);
      const track = enhanced && swipe.encryptedTracks[1].length > 0 ? 1 : 0;
      this.deliver(
        encryptedSwipeRead({
          format: 'idtech',
          ciphertext: swipe.encryptedTracks[track],
          ksn: swipe.ksn,
          maskedTrack1: swipe.maskedTracks[0] || undefined,
          maskedTrack2: swipe.maskedTracks[1] || undefined,
          deviceSerial: swipe.serial.toString('latin1').replace(/\0+$/, ''),
          chipCard: enhanced && (swipe.field8 & IDTECH_FIELD8.chipCard) !== 0,
          capture: frame,
        }),
      );
    } catch (error) {
      this.deliver(this.unreadable(error, 'idtech swipe'));
    }
  }
}
