import { describe, expect, it } from 'vitest';
import { OfflineConfig } from '../../../../main/lane/offline/offline-config.ts';
import {
  type OfflineAsk,
  type OfflineQueueSummary,
  offlineRefusal,
} from '../../../../main/lane/offline/offline-limits.ts';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const HOUR = 3_600_000;

const CONFIG = OfflineConfig.parse({
  allowed: true,
  floorLimits: { credit: { default: 5000, VISA: 10000 } },
  totalValueMinor: 20000,
  totalCount: 3,
  maxAgeHours: 24,
  entryMethods: ['insert', 'swipe'],
});

const EMPTY: OfflineQueueSummary = { count: 0, valueMinor: 0 };
const VISA_CHIP: OfflineAsk = {
  tender: 'credit',
  brand: 'VISA',
  amountMinor: 8000,
  entryMethod: 'insert',
};

describe('offline limits', () => {
  it('lets a sale within every rule go offline', () => {
    expect(offlineRefusal(CONFIG, VISA_CHIP, EMPTY, NOW)).toBeUndefined();
    const swipe: OfflineAsk = {
      tender: 'credit',
      brand: 'MC',
      amountMinor: 5000,
      entryMethod: 'swipe',
    };
    expect(
      offlineRefusal(CONFIG, swipe, { count: 2, valueMinor: 15000, oldestAt: NOW - HOUR }, NOW),
    ).toBeUndefined();
  });

  it.each<[string, OfflineAsk, OfflineQueueSummary, string]>([
    ['gift', { ...VISA_CHIP, tender: 'gift' }, EMPTY, 'tender_online_only'],
    ['PIN debit', { ...VISA_CHIP, tender: 'debit' }, EMPTY, 'tender_online_only'],
    [
      'a tap where only insert and swipe are allowed',
      { ...VISA_CHIP, entryMethod: 'tap' },
      EMPTY,
      'entry_not_allowed',
    ],
    ['keyed entry', { ...VISA_CHIP, entryMethod: 'keyed_pad' }, EMPTY, 'entry_not_allowed'],
    ['over the brand floor limit', { ...VISA_CHIP, amountMinor: 10001 }, EMPTY, 'over_floor_limit'],
    [
      'over the default floor limit',
      { ...VISA_CHIP, brand: 'AMEX', amountMinor: 5001 },
      EMPTY,
      'over_floor_limit',
    ],
    ['over the total value', VISA_CHIP, { count: 1, valueMinor: 12001 }, 'over_total_value'],
    [
      'over the count',
      { ...VISA_CHIP, amountMinor: 1 },
      { count: 3, valueMinor: 3 },
      'over_total_count',
    ],
    [
      'while the oldest is too old',
      VISA_CHIP,
      { count: 1, valueMinor: 1, oldestAt: NOW - 25 * HOUR },
      'too_old',
    ],
  ])('refuses %s with its reason', (_name, ask, queue, reason) => {
    expect(offlineRefusal(CONFIG, ask, queue, NOW)).toMatchObject({ reason, overridable: false });
  });

  it('names a limit in money as the screens write it, never in minor units', () => {
    const floor = offlineRefusal(CONFIG, { ...VISA_CHIP, amountMinor: 10001 }, EMPTY, NOW);
    expect(floor?.rule).toBe('over the offline floor limit of 100.00');
    const total = offlineRefusal(CONFIG, VISA_CHIP, { count: 1, valueMinor: 12001 }, NOW);
    expect(total?.rule).toBe('over the offline total of 200.00');
  });

  it('refuses every sale on a lane that does not allow offline', () => {
    const off = OfflineConfig.parse({});
    expect(offlineRefusal(off, VISA_CHIP, EMPTY, NOW)?.reason).toBe('offline_not_allowed');
  });

  it('refuses a brand with neither its own floor limit nor a default', () => {
    const visaOnly = OfflineConfig.parse({ ...CONFIG, floorLimits: { credit: { VISA: 100 } } });
    const mc: OfflineAsk = { ...VISA_CHIP, brand: 'MC', amountMinor: 1 };
    expect(offlineRefusal(visaOnly, mc, EMPTY, NOW)?.reason).toBe('no_floor_limit');
  });

  it('takes PIN debit offline once configured, by its own floor limit', () => {
    const debit = OfflineConfig.parse({
      ...CONFIG,
      pinDebitOffline: true,
      floorLimits: { debit: { default: 2000 } },
    });
    const ask: OfflineAsk = { ...VISA_CHIP, tender: 'debit', amountMinor: 2000 };
    expect(offlineRefusal(debit, ask, EMPTY, NOW)).toBeUndefined();
    expect(offlineRefusal(debit, { ...ask, amountMinor: 2001 }, EMPTY, NOW)?.reason).toBe(
      'over_floor_limit',
    );
  });

  it('lets a manager pass a limit where configured, never a tender or an entry method', () => {
    const override = OfflineConfig.parse({
      ...CONFIG,
      managerOverride: true,
      managers: [
        {
          name: 'ana',
          secretHash:
            'scrypt$16384$8$1$ePF0VKSUnrJxaLhTrvgELQ$E38M_FJu0KV1YGKxyiw0kmsWaEwLamKPuhi66AC8Q9M',
        },
      ],
    });
    expect(
      offlineRefusal(override, { ...VISA_CHIP, amountMinor: 10001 }, EMPTY, NOW),
    ).toMatchObject({
      reason: 'over_floor_limit',
      overridable: true,
    });
    expect(offlineRefusal(override, { ...VISA_CHIP, tender: 'gift' }, EMPTY, NOW)).toMatchObject({
      reason: 'tender_online_only',
      overridable: false,
    });
    expect(
      offlineRefusal(override, { ...VISA_CHIP, entryMethod: 'tap' }, EMPTY, NOW)?.overridable,
    ).toBe(false);
  });
});
