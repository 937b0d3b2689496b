import { describe, expect, it } from 'vitest';
import { OfflineConfig } from '../../../../main/lane/offline/offline-config.ts';
import {
  type OfflineCandidate,
  brandOfAid,
  offlineVerdict,
} from '../../../../main/lane/offline/offline-verdict.ts';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const EMPTY = { count: 0, valueMinor: 0 };
const CONFIG = OfflineConfig.parse({
  allowed: true,
  floorLimits: { credit: { default: 5000 } },
  totalValueMinor: 10000,
  totalCount: 5,
  maxAgeHours: 24,
  entryMethods: ['insert', 'tap', 'swipe'],
  managerOverride: true,
  managers: [
    {
      name: 'ana',
      secretHash:
        'scrypt$16384$8$1$ePF0VKSUnrJxaLhTrvgELQ$E38M_FJu0KV1YGKxyiw0kmsWaEwLamKPuhi66AC8Q9M',
    },
  ],
});
const CHIP: OfflineCandidate = {
  tender: 'credit',
  amountMinor: 2000,
  entryMethod: 'insert',
  clear: false,
  firstAc: { cryptogramType: 'ARQC', tvr: '0000008000', iacDefault: '0000000000' },
};

describe('the offline verdict', () => {
  it('asks a chip whose action codes allow it for a TC (Y3), approves a first TC (Y1)', () => {
    expect(offlineVerdict(CONFIG, CHIP, EMPTY, NOW)).toEqual({ kind: 'approve', arc: 'Y3' });
    const tc = { ...CHIP, firstAc: { cryptogramType: 'TC' as const, tvr: '0000000000' } };
    expect(offlineVerdict(CONFIG, tc, EMPTY, NOW)).toEqual({ kind: 'approve', arc: 'Y1' });
  });

  it('refuses by the card a chip without IAC-Default (every bit set) or without its first answer', () => {
    const insists = { ...CHIP, firstAc: { cryptogramType: 'ARQC' as const, tvr: '0000008000' } };
    expect(offlineVerdict(CONFIG, insists, EMPTY, NOW)).toEqual({
      kind: 'card_refused',
      arc: 'Z3',
    });
    const { firstAc: _none, ...unread } = CHIP;
    expect(offlineVerdict(CONFIG, unread, EMPTY, NOW)).toEqual({ kind: 'card_refused', arc: 'Z3' });
  });

  it('lets a swipe or tap within the rules go without a card decision; a clear read never', () => {
    const swipe: OfflineCandidate = {
      tender: 'credit',
      amountMinor: 100,
      entryMethod: 'swipe',
      clear: false,
    };
    expect(offlineVerdict(CONFIG, swipe, EMPTY, NOW)).toEqual({ kind: 'approve' });
    expect(offlineVerdict(CONFIG, { ...swipe, clear: true }, EMPTY, NOW)).toMatchObject({
      kind: 'lane_refused',
      refusal: { reason: 'entry_not_allowed', overridable: false },
    });
  });

  it("checks the lane's rules before the card's, and passes an overridable one only when overridden", () => {
    const over = { ...CHIP, amountMinor: 6000 };
    expect(offlineVerdict(CONFIG, over, EMPTY, NOW)).toMatchObject({
      kind: 'lane_refused',
      refusal: { reason: 'over_floor_limit', overridable: true },
    });
    expect(offlineVerdict(CONFIG, over, EMPTY, NOW, true)).toEqual({ kind: 'approve', arc: 'Y3' });
    const gift = { ...CHIP, tender: 'gift' as const };
    expect(offlineVerdict(CONFIG, gift, EMPTY, NOW, true)).toMatchObject({
      kind: 'lane_refused',
      refusal: { reason: 'tender_online_only' },
    });
  });

  it('names the brand of a chip by its AID', () => {
    expect(brandOfAid('A0000000031010')).toBe('VISA');
    expect(brandOfAid('A0000000041010')).toBe('MC');
    expect(brandOfAid('A0000009999999')).toBeUndefined();
    expect(brandOfAid(undefined)).toBeUndefined();
  });
});
