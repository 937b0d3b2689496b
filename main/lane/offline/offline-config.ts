import { z } from 'zod';
import { CARD_BRAND_CODES } from '../../../drivers/crypto/card-brands.ts';
import { MANAGER_HASH } from './offline-managers.ts';

const minor = z.int().min(0).max(100_000_000);

/**
 * A tender's floor limits in minor units (docs/lane.md, Offline): `default` for every brand, a
 * brand code (VISA, MC, …) for that brand; a brand with neither is never approved offline.
 */
const FloorLimits = z.strictObject({
  default: minor.optional(),
  ...Object.fromEntries(CARD_BRAND_CODES.map((brand) => [brand, minor.optional()])),
}) as z.ZodType<Partial<Record<'default' | (typeof CARD_BRAND_CODES)[number], number>>>;

/** How a card may reach the lane for an offline approval; keyed entry never goes offline. */
const OfflineEntry = z.enum(['insert', 'tap', 'swipe']);

const OfflineShape = z.strictObject({
  /** Off unless set: the merchant takes the risk of an offline approval. */
  allowed: z.boolean().default(false),
  floorLimits: z
    .strictObject({
      credit: FloorLimits.optional(),
      debit: FloorLimits.optional(),
      gift: z.unknown().optional(),
    })
    .default({}),
  /** The most the waiting offline transactions may add up to, minor units. */
  totalValueMinor: minor.optional(),
  /** The most offline transactions that may wait at once. */
  totalCount: z.int().min(1).max(10_000).optional(),
  /** The oldest a waiting offline transaction may be before the lane refuses more, hours. */
  maxAgeHours: z.int().min(1).max(168).optional(),
  /** PIN debit is online-only unless this is true (its PIN is verified by the issuer). */
  pinDebitOffline: z.boolean().default(false),
  /** The entry methods an offline approval accepts; a chip (insert) always asks the card. */
  entryMethods: z.array(OfflineEntry).min(1).default(['insert']),
  /** A manager may approve offline past a limit (never past a tender or the card's refusal). */
  managerOverride: z.boolean().default(false),
  /** The managers who may: a name and the scrypt hash `npm start -- hash-manager NAME` prints. */
  managers: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(64),
        secretHash: z
          .string()
          .regex(MANAGER_HASH, 'must be a hash printed by npm start -- hash-manager NAME'),
      }),
    )
    .default([]),
});

/**
 * The lane's offline rules (docs/lane.md, Offline; EMV Book 3 §10.6 floor limits): gift never
 * offline (its balance lives on the service), a debit floor limit only with pinDebitOffline, and,
 * when offline is allowed, every limit given and no floor limit above the total value limit.
 */
export const OfflineConfig = OfflineShape.superRefine((config, ctx) => {
  if (config.floorLimits.gift !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['floorLimits', 'gift'],
      message: 'cannot be set: gift cards never go offline, their balance lives on the service',
    });
  }
  if (config.floorLimits.debit !== undefined && !config.pinDebitOffline) {
    ctx.addIssue({
      code: 'custom',
      path: ['floorLimits', 'debit'],
      message: 'needs pinDebitOffline: true (PIN debit is online-only unless configured)',
    });
  }
  if (config.managerOverride && config.managers.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['managers'],
      message: 'needs at least one manager when managerOverride is true',
    });
  }
  const names = config.managers.map((manager) => manager.name);
  const twice = names.findIndex((name, index) => names.indexOf(name) !== index);
  if (twice >= 0) {
    ctx.addIssue({ code: 'custom', path: ['managers', twice, 'name'], message: 'is given twice' });
  }
  if (!config.allowed) return;
  for (const limit of ['totalValueMinor', 'totalCount', 'maxAgeHours'] as const) {
    if (config[limit] === undefined) {
      ctx.addIssue({ code: 'custom', path: [limit], message: 'is required when allowed is true' });
    }
  }
  for (const tender of ['credit', 'debit'] as const) {
    for (const [brand, value] of Object.entries(config.floorLimits[tender] ?? {})) {
      if (value !== undefined && value > (config.totalValueMinor ?? Infinity)) {
        ctx.addIssue({
          code: 'custom',
          path: ['floorLimits', tender, brand],
          message: 'must not exceed totalValueMinor',
        });
      }
    }
  }
});

/** A checked offline configuration. */
export type OfflineConfig = z.output<typeof OfflineConfig>;

/** The rules of a lane whose configuration says nothing of offline: never offline. */
export const OFFLINE_NEVER: OfflineConfig = OfflineConfig.parse({});
