// A burst of keys from a track's start sentinel (renderer/src/ui/key-burst.ts): a card reader in
// keyboard mode types a swipe far faster than a hand, so its keys are held and dropped whole, while
// a person's % or ; is given back.
import { describe, expect, it } from 'vitest';
import {
  DEVICE_KEY_GAP_MS,
  KeyBurst,
  SWIPE_MIN_KEYS,
  type HeldKey,
} from '../../renderer/src/ui/key-burst.ts';

/** A keydown of `key` as the window sees it. */
function press(key: string): HeldKey {
  return { key, code: '', shiftKey: false };
}

/** Feeds `keys` to `burst`, one every `gap` ms from `start`; whether each was held. */
function feed(burst: KeyBurst, keys: string[], gap: number, start = 1000): boolean[] {
  return keys.map((key, index) => burst.take(press(key), start + index * gap));
}

const SWIPE = '%B4111111111111111^TEST/CARD^2512101?;4111111111111111=2512101?';

describe('a burst of keys from a start sentinel', () => {
  it('holds a whole swipe typed at a reader’s pace and ends it as a swipe', () => {
    const burst = new KeyBurst();
    expect(feed(burst, [...SWIPE, 'Enter'], 2).every(Boolean)).toBe(true);
    expect(burst.end()).toEqual({ kind: 'swipe' });
    expect(burst.open).toBe(false);
  });

  it('takes a reader’s unreadable track (%E?) as a swipe, short as it is', () => {
    const burst = new KeyBurst();
    feed(burst, ['%', 'E', '?'], 3);
    expect(burst.end()).toEqual({ kind: 'swipe' });
  });

  it('takes a swipe cut short as a swipe once it has SWIPE_MIN_KEYS keys', () => {
    const burst = new KeyBurst();
    feed(burst, [...';41111111111'].slice(0, SWIPE_MIN_KEYS), 2);
    expect(burst.end()).toEqual({ kind: 'swipe' });
  });

  it('gives back what a person typed after a sentinel, in order', () => {
    const burst = new KeyBurst();
    feed(burst, [';', '7', 'Enter'], 20);
    expect(burst.end()).toEqual({ kind: 'typed', keys: [press(';'), press('7'), press('Enter')] });
  });

  it('holds nothing but from a start sentinel', () => {
    const burst = new KeyBurst();
    expect(feed(burst, ['4', '1', '?', 'Enter'], 2)).toEqual([false, false, false, false]);
    expect(burst.open).toBe(false);
  });

  it('says a key came too late for the open burst only past the device gap', () => {
    const burst = new KeyBurst();
    expect(burst.lapsed(5000)).toBe(false);
    burst.take(press('%'), 1000);
    expect(burst.lapsed(1000 + DEVICE_KEY_GAP_MS)).toBe(false);
    expect(burst.lapsed(1000 + DEVICE_KEY_GAP_MS + 1)).toBe(true);
  });
});
