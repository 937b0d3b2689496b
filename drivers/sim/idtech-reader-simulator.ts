import { createHash } from 'node:crypto';
import {
  IDTECH_ENHANCED,
  IDTECH_FIELD8,
  IDTECH_FIELD9,
  type IdtechSwipe,
  encodeIdtechData,
  frameIdtech,
  tdesCbcEncrypt,
  trackLrc,
  zeroPad,
} from '../crypto/index.ts';
import type { Transport } from '../transport/transport.ts';
import type { TestCard } from './card-catalogue.ts';
import { DeviceSimulator, type SimulatorOptions } from './device-simulator.ts';
import { type KeyInjection, SimulatedKeys, isKeyExhausted } from './simulated-keys.ts';
import {
  IDTECH_FACTORY_MASKING,
  type TrackMasking,
  checkedMasking,
  maskTrack,
} from './track-masking.ts';

/** Options of the ID TECH simulator. */
export interface IdtechSimulatorOptions extends SimulatorOptions {
  keys?: KeyInjection;
  /** "enhanced" (card type 0x80, the default) or "original" (one block for tracks 1 and 2). */
  format?: 'enhanced' | 'original';
  /** Reader serial number, up to 10 characters; default "IDSIM00001". */
  serial?: string;
  /** Masking of the masked tracks; default the SecureMag factory setting (IDTECH_FACTORY_MASKING). */
  masking?: Partial<TrackMasking>;
}

const empty = (): Buffer => Buffer.alloc(0);
const sha1 = (text: string): Buffer => createHash('sha1').update(text, 'latin1').digest();

/**
 * An ID TECH SecureMag-style reader on a serial line: each swipe is one framed message with
 * masked tracks (factory masking unless set: "*", first and last 4 PAN digits, format code,
 * expiry and LRC masked), tracks (with their LRC characters) encrypted TDES-CBC under the DUKPT data
 * variant with the one-way step, SHA-1 hashes of the clear tracks, serial number and KSN; field 8
 * bit 5 set for a chip card (service code 2xx or 6xx).
 * Faults: a bad LRC byte, noise, a slow or cut-off frame, DUKPT exhaustion (no ciphertext, no KSN).
 */
export class IdtechReaderSimulator extends DeviceSimulator {
  readonly keys: SimulatedKeys;
  readonly format: 'enhanced' | 'original';
  readonly serial: string;
  readonly masking: TrackMasking;

  constructor(transport: Transport, options: IdtechSimulatorOptions = {}) {
    super(transport, options);
    this.keys = new SimulatedKeys(options.keys);
    this.format = options.format ?? 'enhanced';
    this.serial = (options.serial ?? 'IDSIM00001').padEnd(10, '\0').slice(0, 10);
    this.masking = checkedMasking({ ...IDTECH_FACTORY_MASKING, ...options.masking });
  }

  /** Swipes `card` (tracks 1 and 2). */
  swipe(card: TestCard): Promise<void> {
    const clear = [
      card.track1 + trackLrc(1, card.track1),
      card.track2 + trackLrc(2, card.track2),
    ] as const;
    const swipe: IdtechSwipe = {
      cardType: this.format === 'enhanced' ? IDTECH_ENHANCED : 0,
      trackStatus: 0x03,
      lengths: [clear[0].length, clear[1].length, 0],
      maskedTracks: [maskTrack(clear[0], this.masking), maskTrack(clear[1], this.masking), ''],
      encryptedTracks: [empty(), empty(), empty()],
      hashes: [sha1(clear[0]), sha1(clear[1]), empty()],
      serial: Buffer.from(this.serial, 'latin1'),
      ksn: empty(),
      field8:
        IDTECH_FIELD8.masked[0] |
        IDTECH_FIELD8.masked[1] |
        IDTECH_FIELD8.serial |
        (/^[26]/.test(card.serviceCode) ? IDTECH_FIELD8.chipCard : 0),
      field9: 0,
    };
    if (this.faults.fire('exhausted')) this.keys.exhaust();
    try {
      const { ksn, keys } = this.keys.next();
      const encrypt = (text: string): Buffer =>
        tdesCbcEncrypt(keys['data-request'], zeroPad(Buffer.from(text, 'latin1'), 8));
      swipe.ksn = ksn;
      swipe.encryptedTracks =
        this.format === 'enhanced'
          ? [encrypt(clear[0]), encrypt(clear[1]), empty()]
          : [encrypt(clear[0] + clear[1]), empty(), empty()];
      swipe.field9 =
        IDTECH_FIELD9.encrypted[0] |
        IDTECH_FIELD9.encrypted[1] |
        IDTECH_FIELD9.hashed[0] |
        IDTECH_FIELD9.hashed[1] |
        IDTECH_FIELD9.ksn;
    } catch (error) {
      if (!isKeyExhausted(error)) throw error;
      swipe.hashes = [empty(), empty(), empty()];
      if (this.format === 'original') {
        swipe.encryptedTracks[0] = zeroPad(Buffer.alloc(clear[0].length + clear[1].length), 8);
        swipe.hashes = [Buffer.alloc(20), Buffer.alloc(20), empty()];
        swipe.ksn = Buffer.alloc(10);
      }
    }
    const frame = frameIdtech(encodeIdtechData(swipe));
    const lrcAt = frame.length - 3;
    if (this.faults.fire('bad-checksum')) frame[lrcAt] = (frame[lrcAt] ?? 0) ^ 0x5a;
    return this.send(frame);
  }

  /** Host commands are not simulated. */
  protected onBytes(): void {}
}
