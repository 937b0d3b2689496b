// A burst of keys opened by a track's start sentinel (% or ;, ISO/IEC 7813) and typed faster than
// a hand types: what a magnetic stripe reader in USB keyboard mode sends for a swipe. The lane reads
// such a reader only as a serial port (docs/devices.md, the keyboard-wedge reader), so a swipe typed
// into the window must never land in a field (docs/app.md, Keys).

/** Keys closer together than this come from a device, not a hand (ms). */
export const DEVICE_KEY_GAP_MS = 100;

/** A burst of at least this many keys from a start sentinel is a card reader's, even unended. */
export const SWIPE_MIN_KEYS = 8;

/** The start sentinels of tracks 1 and 2 (ISO/IEC 7813). */
const START_SENTINEL = /^[%;]$/;

/** The end sentinel of a track. */
const END_SENTINEL = '?';

/** A held keydown: what is needed to play it again. */
export interface HeldKey {
  readonly key: string;
  readonly code: string;
  readonly shiftKey: boolean;
}

/** How a burst ended: a card reader's output, or keys a person typed (played again). */
export type BurstEnd = { kind: 'swipe' } | { kind: 'typed'; keys: readonly HeldKey[] };

/** The keys held since a start sentinel, while they keep coming at a device's pace. */
export class KeyBurst {
  #keys: HeldKey[] = [];
  #lastAt = 0;

  /** Whether a burst is open. */
  get open(): boolean {
    return this.#keys.length > 0;
  }

  /** Whether a key at `at` (ms) comes too late to belong to the open burst. */
  lapsed(at: number): boolean {
    return this.open && at - this.#lastAt > DEVICE_KEY_GAP_MS;
  }

  /** Holds `key` when it opens a burst or continues the open one; false when it is not held. */
  take(key: HeldKey, at: number): boolean {
    if (!this.open && !START_SENTINEL.test(key.key)) return false;
    this.#keys.push(key);
    this.#lastAt = at;
    return true;
  }

  /** Ends the open burst: a swipe when it holds an end sentinel or enough keys. */
  end(): BurstEnd {
    const keys = this.#keys;
    this.#keys = [];
    const swipe = keys.length >= SWIPE_MIN_KEYS || keys.some(({ key }) => key === END_SENTINEL);
    return swipe ? { kind: 'swipe' } : { kind: 'typed', keys };
  }
}
