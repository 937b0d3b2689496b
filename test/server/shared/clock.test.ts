import { describe, expect, it } from 'vitest';
import { formatHostTs, formatTimestamp } from '../../../server/shared/clock.ts';

describe('formatTimestamp and formatHostTs', () => {
  it('answer each zone its own text for moments within one second, in any order', () => {
    const first = new Date('2025-03-01T19:55:04.120Z');
    const later = new Date('2025-03-01T19:55:04.870Z');
    expect(formatTimestamp(first, 'America/New_York')).toBe('2025-03-01 14:55:04 -0500');
    expect(formatTimestamp(later, 'Asia/Kolkata')).toBe('2025-03-02 01:25:04 +0530');
    expect(formatTimestamp(later, 'America/New_York')).toBe('2025-03-01 14:55:04 -0500');
    expect(formatHostTs(later, 'Asia/Kolkata')).toBe('030225012504');
    expect(formatHostTs(first, 'America/New_York')).toBe('030125145504');
  });

  it('answer the next second, and a second on the other side of a change to summer time, anew', () => {
    const zone = 'America/New_York';
    expect(formatTimestamp(new Date('2025-03-09T06:59:59.500Z'), zone)).toBe(
      '2025-03-09 01:59:59 -0500',
    );
    expect(formatTimestamp(new Date('2025-03-09T07:00:00.000Z'), zone)).toBe(
      '2025-03-09 03:00:00 -0400',
    );
    expect(formatTimestamp(new Date('2025-03-09T06:59:59.999Z'), zone)).toBe(
      '2025-03-09 01:59:59 -0500',
    );
  });
});
