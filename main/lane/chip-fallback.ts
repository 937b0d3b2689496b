import type { CardRead } from '../../drivers/index.ts';

/**
 * A magnetic stripe whose ISO 7813 service code starts 2 or 6 belongs to a card with a chip, as
 * does one the reader flags so when it masks the service code (docs/lane.md › Chip first; ISO/IEC
 * 7813 service code, first digit; ID TECH field 8 bit 5).
 */
export function isChipCard(read: CardRead): boolean {
  const first = read.serviceCode?.[0];
  return first === '2' || first === '6' || read.chipCard === true;
}

/** lane.yaml `chipFirst` (docs/lane.md › Chip first): failed chip reads before the swipe is taken. */
export interface ChipFirstConfig {
  readonly attempts: number;
}

/** One failed chip read opens the fallback (docs/lane.md › Chip first). */
export const CHIP_FIRST_DEFAULT: ChipFirstConfig = { attempts: 1 };

/** What the card step does with a read: take it, ask for the chip, or take it as a fallback swipe. */
export type ChipVerdict = 'take' | 'insert_chip' | 'fallback';

/**
 * The lane's chip reader as chip first sees it at a read: none (no EMV reader, or a gift tender),
 * ready (connected), or down (configured but not connected, or faulted: its link out of step, its
 * keys used up).
 */
export type ChipReaderState = 'none' | 'ready' | 'down';

/**
 * Chip first (docs/lane.md › Chip first; EMV Book 4, a hybrid terminal reads the chip before the
 * stripe; the brands' fallback rules): on a lane whose EMV reader is ready, a chip card swiped is
 * refused with "insert the chip"; once the chip could not be read `attempts` times on this card
 * step, or while the EMV reader is down, its swipe is taken as a fallback swipe. A read that is
 * not a plain swipe (chip, tap, the EMV reader's own fallback swipe, keyed) is taken as it is.
 */
export class ChipFirst {
  readonly #chipReader: () => ChipReaderState;
  readonly #attempts: number;
  #asked = false;
  #failedChipReads = 0;

  /** `chipReader` tells the reader's state at each read. */
  constructor(chipReader: () => ChipReaderState, attempts = 1) {
    this.#chipReader = chipReader;
    this.#attempts = Math.max(1, attempts);
  }

  /** The verdict on a read; asking for the chip is remembered, so failed reads after it count. */
  judge(read: CardRead): ChipVerdict {
    if (read.entryMode !== 'swipe' || !isChipCard(read)) return 'take';
    const reader = this.#chipReader();
    if (reader === 'none') return 'take';
    if (reader === 'down' || this.#failedChipReads >= this.#attempts) return 'fallback';
    this.#asked = true;
    return 'insert_chip';
  }

  /** A read that failed in a way the customer retries; it counts once the lane asked for the chip. */
  readFailed(): void {
    if (this.#asked) this.#failedChipReads += 1;
  }
}
