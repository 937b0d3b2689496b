import type { TestCard } from './card-catalogue.ts';
import { DeviceSimulator } from './device-simulator.ts';

/**
 * A keyboard-wedge reader: a swipe types track 1, track 2 and CR (MagTek SureSwipe output,
 * ISO/IEC 7813). An unreadable track is typed as "E" between its sentinels.
 */
export class WedgeReaderSimulator extends DeviceSimulator {
  /** Types one swipe of `card`; `unreadable` lists tracks the head failed to read. */
  swipe(card: TestCard, unreadable: readonly (1 | 2)[] = []): Promise<void> {
    const track1 = unreadable.includes(1) ? '%E?' : card.track1;
    const track2 = unreadable.includes(2) ? ';E?' : card.track2;
    return this.send(Buffer.from(`${track1}${track2}\r`, 'latin1'));
  }

  /** A wedge reader takes no commands. */
  protected onBytes(): void {}
}
