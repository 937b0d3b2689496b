import { describe, expect, it } from 'vitest';
import { parseServerArgs } from '../../../server/config/cli-options.ts';
import { DEFAULT_LIMITS } from '../../../server/config/server-options.ts';

describe('server options for throttling, lockout and password checks', () => {
  it('reads them into the service limits, each in its unit', () => {
    const args = parseServerArgs([
      '--throttle-failures',
      '20',
      '--throttle-window',
      '120',
      '--lockout-failures',
      '5',
      '--lockout-minutes',
      '45',
      '--password-cache-seconds',
      '0',
      '--password-cache-hours',
      '24',
      '--password-checks',
      '3',
    ]);
    expect(args).toEqual({
      options: {
        demo: false,
        limits: {
          throttle: { maxFailures: 20, windowMs: 120_000 },
          lockout: { maxFailures: 5, windowMs: 2_700_000 },
          passwordCacheMs: 0,
          passwordCacheMaxMs: 86_400_000,
          passwordChecks: 3,
        },
      },
    });
  });

  it('keeps the defaults of what is not given: 10 in 30 minutes for lockout', () => {
    const args = parseServerArgs(['--lockout-minutes', '60']);
    expect(args).toHaveProperty('options.limits.lockout', {
      maxFailures: DEFAULT_LIMITS.lockout.maxFailures,
      windowMs: 3_600_000,
    });
    expect(DEFAULT_LIMITS.lockout).toEqual({ maxFailures: 10, windowMs: 1_800_000 });
    expect(DEFAULT_LIMITS.passwordChecks).toBeGreaterThanOrEqual(1);
    expect(DEFAULT_LIMITS.passwordCacheMs).toBe(3_600_000);
    expect(DEFAULT_LIMITS.passwordCacheMaxMs).toBe(43_200_000);
  });

  it('refuses a value out of range, naming the option and the rule', () => {
    expect(parseServerArgs(['--lockout-failures', '0'])).toEqual({
      error: '--lockout-failures: a whole number from 1 to 1000000',
    });
    expect(parseServerArgs(['--password-checks', 'many'])).toEqual({
      error: '--password-checks: a whole number from 1 to 1024',
    });
    expect(parseServerArgs(['--password-cache-seconds', '86401'])).toEqual({
      error: '--password-cache-seconds: a whole number from 0 to 86400',
    });
    expect(parseServerArgs(['--password-cache-hours', '0'])).toEqual({
      error: '--password-cache-hours: a whole number from 1 to 720',
    });
  });
});
