import {
  MAGTEK_ENCRYPTION,
  type MagtekSwipe,
  encodeMagtekReport,
  tdesCbcEncrypt,
  zeroPad,
} from '../crypto/index.ts';
import type { Transport } from '../transport/transport.ts';
import type { TestCard } from './card-catalogue.ts';
import { DeviceSimulator, type SimulatorOptions } from './device-simulator.ts';
import { type KeyInjection, SimulatedKeys, isKeyExhausted } from './simulated-keys.ts';
import {
  MAGTEK_FACTORY_MASKING,
  type TrackMasking,
  checkedMasking,
  maskTrack,
} from './track-masking.ts';

/** Options of the MagTek simulator: faults, key injection and the serial it reports. */
export interface MagtekSimulatorOptions extends SimulatorOptions {
  keys?: KeyInjection;
  /** Device serial number in the report; default "B0SIM001". */
  serial?: string;
  /** Masking of the masked tracks; default the factory ISO Track Mask "04040Y". */
  masking?: Partial<TrackMasking>;
}

/**
 * A MagTek MagneSafe-style reader: each swipe is one HID input report with the tracks encrypted
 * TDES-CBC (zero IV, zero padding) under the DUKPT PIN variant of the next transaction, masked
 * tracks (factory masking unless set: "0" with Mod 10 correction, first and last 4 PAN digits,
 * format code, name and expiry clear), the KSN and the serial number. Past DUKPT end of life it reports "exhausted" and sends
 * no ciphertext, as the reader stops encrypting.
 */
export class MagtekReaderSimulator extends DeviceSimulator {
  readonly keys: SimulatedKeys;
  readonly serial: string;
  readonly masking: TrackMasking;

  constructor(transport: Transport, options: MagtekSimulatorOptions = {}) {
    super(transport, options);
    this.keys = new SimulatedKeys(options.keys);
    this.serial = options.serial ?? 'B0SIM001';
    this.masking = checkedMasking({ ...MAGTEK_FACTORY_MASKING, ...options.masking });
  }

  /** Swipes `card`; `unreadable` lists tracks the head failed to decode. */
  swipe(card: TestCard, unreadable: readonly (1 | 2)[] = []): Promise<void> {
    const tracks = [card.track1, card.track2, ''];
    const decoded: MagtekSwipe['decoded'] = [
      !unreadable.includes(1),
      !unreadable.includes(2),
      false,
    ];
    const swipe: MagtekSwipe = {
      decoded,
      encryptedTracks: [Buffer.alloc(0), Buffer.alloc(0), Buffer.alloc(0)],
      maskedTracks: tracks.map((track, t) =>
        decoded[t] === true ? maskTrack(track, this.masking) : '',
      ) as MagtekSwipe['maskedTracks'],
      deviceSerial: this.serial,
      encryptionStatus: MAGTEK_ENCRYPTION.enabled | MAGTEK_ENCRYPTION.initialized,
      ksn: Buffer.alloc(10),
      cardEncodeType: 0,
    };
    if (this.faults.fire('exhausted')) this.keys.exhaust();
    try {
      const transaction = this.keys.next();
      swipe.ksn = transaction.ksn;
      swipe.encryptedTracks = tracks.map((track, t) =>
        decoded[t] === true
          ? tdesCbcEncrypt(transaction.keys.pin, zeroPad(Buffer.from(track, 'latin1'), 8))
          : Buffer.alloc(0),
      ) as MagtekSwipe['encryptedTracks'];
    } catch (error) {
      if (!isKeyExhausted(error)) throw error;
      swipe.encryptionStatus |= MAGTEK_ENCRYPTION.exhausted;
    }
    return this.send(encodeMagtekReport(swipe));
  }

  /** Host commands (feature reports) are not simulated. */
  protected onBytes(): void {}
}
