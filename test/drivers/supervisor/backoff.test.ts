import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, backoffDelay } from '../../../drivers/supervisor/backoff.ts';

describe('backoffDelay', () => {
  const noJitter = { ...DEFAULT_BACKOFF, jitter: 0 };

  it('doubles from 250 ms and stops at 30 s', () => {
    expect([0, 1, 2, 3, 7, 20].map((attempt) => backoffDelay(noJitter, attempt))).toEqual([
      250, 500, 1000, 2000, 30_000, 30_000,
    ]);
  });

  it('spreads each wait by at most the jitter fraction', () => {
    expect(backoffDelay(DEFAULT_BACKOFF, 2, () => 0)).toBe(800);
    expect(backoffDelay(DEFAULT_BACKOFF, 2, () => 1)).toBe(1200);
    expect(backoffDelay(DEFAULT_BACKOFF, 20, () => 1)).toBe(30_000);
  });
});
