import { describe, expect, it } from 'vitest';
import { FailureThrottle } from '../../../server/auth/failure-throttle.ts';

const at = (ms: number) => new Date(1_900_000_000_000 + ms);

describe('FailureThrottle', () => {
  it('blocks a source at its limit and frees it when the oldest failure leaves the window', () => {
    const throttle = new FailureThrottle({ maxFailures: 3, windowMs: 1000 });
    for (const ms of [0, 100, 200]) {
      expect(throttle.isBlocked('10.0.0.1', at(ms))).toBe(false);
      throttle.recordFailure('10.0.0.1', at(ms));
    }
    expect(throttle.isBlocked('10.0.0.1', at(300))).toBe(true);
    expect(throttle.isBlocked('10.0.0.2', at(300))).toBe(false);
    expect(throttle.isBlocked('10.0.0.1', at(999))).toBe(true);
    expect(throttle.isBlocked('10.0.0.1', at(1000))).toBe(false);
  });

  it('counts the failures inside the window', () => {
    const throttle = new FailureThrottle({ maxFailures: 10, windowMs: 1000 });
    expect(throttle.recordFailure('s', at(0))).toBe(1);
    expect(throttle.recordFailure('s', at(500))).toBe(2);
    expect(throttle.recordFailure('s', at(1200))).toBe(2);
  });
});
