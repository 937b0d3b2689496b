import { formatMinor, type EntryMethod, type Tender } from '../../lane-api/index.ts';
import type { OfflineConfig } from './offline-config.ts';

/** Why the lane refuses an offline approval; a limit may be passed with a manager's override. */
export type OfflineRefusalReason =
  | 'offline_not_allowed'
  | 'tender_online_only'
  | 'entry_not_allowed'
  | 'no_floor_limit'
  | 'over_floor_limit'
  | 'over_total_value'
  | 'over_total_count'
  | 'too_old';

/** The refusals a manager's override may pass, where the configuration allows one. */
const OVERRIDABLE: ReadonlySet<OfflineRefusalReason> = new Set([
  'over_floor_limit',
  'over_total_value',
  'over_total_count',
  'too_old',
]);

/** The offline transactions waiting in the journal: how many, their value, the oldest's time. */
export interface OfflineQueueSummary {
  readonly count: number;
  readonly valueMinor: number;
  /** Milliseconds since the epoch of the oldest waiting; absent when none waits. */
  readonly oldestAt?: number;
}

/** The sale asked to go offline. */
export interface OfflineAsk {
  readonly tender: Tender;
  /** The card brand (wire cardtype: VISA, MC, …), when the reader told it. */
  readonly brand?: string;
  readonly amountMinor: number;
  readonly entryMethod: EntryMethod;
}

/** A refusal: its reason, the rule in words (money as a screen writes it), whether a manager may pass it. */
export interface OfflineRefusal {
  readonly reason: OfflineRefusalReason;
  readonly rule: string;
  readonly overridable: boolean;
}

const HOUR_MS = 3_600_000;

/** The first rule of the sale itself (tender, entry, floor limit) it breaks, if any. */
function saleRefusal(
  config: OfflineConfig,
  ask: OfflineAsk,
): [OfflineRefusalReason, string] | undefined {
  if (!config.allowed) return ['offline_not_allowed', 'this lane does not approve offline'];
  if (ask.tender === 'gift') return ['tender_online_only', 'gift cards are never approved offline'];
  if (ask.tender === 'debit' && !config.pinDebitOffline) {
    return ['tender_online_only', 'PIN debit is online only on this lane'];
  }
  const entry = ask.entryMethod === 'fallback_swipe' ? 'swipe' : ask.entryMethod;
  if (!(config.entryMethods as readonly string[]).includes(entry)) {
    return ['entry_not_allowed', `a card by ${entry} is not approved offline on this lane`];
  }
  const limits: Readonly<Record<string, number | undefined>> = config.floorLimits[ask.tender] ?? {};
  const floor = (ask.brand === undefined ? undefined : limits[ask.brand]) ?? limits['default'];
  if (floor === undefined) return ['no_floor_limit', 'this card brand has no offline floor limit'];
  if (ask.amountMinor > floor)
    return ['over_floor_limit', `over the offline floor limit of ${formatMinor(floor)}`];
  return undefined;
}

/** The first rule of the queue (total value, count, age) the sale would break, if any. */
function queueRefusal(
  config: OfflineConfig,
  ask: OfflineAsk,
  queue: OfflineQueueSummary,
  now: number,
): [OfflineRefusalReason, string] | undefined {
  if (queue.valueMinor + ask.amountMinor > (config.totalValueMinor ?? 0)) {
    return [
      'over_total_value',
      `over the offline total of ${formatMinor(config.totalValueMinor ?? 0)}`,
    ];
  }
  if (queue.count + 1 > (config.totalCount ?? 0)) {
    return ['over_total_count', `${queue.count} offline transactions already wait`];
  }
  const maxAge = (config.maxAgeHours ?? 0) * HOUR_MS;
  if (queue.oldestAt !== undefined && now - queue.oldestAt > maxAge) {
    return ['too_old', `an offline transaction has waited over ${config.maxAgeHours ?? 0} hours`];
  }
  return undefined;
}

/**
 * The lane's rules for an offline approval (docs/lane.md, Offline): allowed at all, tender
 * (gift never, PIN debit only when configured), entry method, floor limit by tender and brand,
 * then the waiting queue's total value, count and oldest age. Undefined when the sale may go
 * offline; otherwise the first rule broken, a limit overridable when managerOverride is set.
 */
export function offlineRefusal(
  config: OfflineConfig,
  ask: OfflineAsk,
  queue: OfflineQueueSummary,
  now: number,
): OfflineRefusal | undefined {
  const broken = saleRefusal(config, ask) ?? queueRefusal(config, ask, queue, now);
  if (broken === undefined) return undefined;
  const [reason, rule] = broken;
  return { reason, rule, overridable: config.managerOverride && OVERRIDABLE.has(reason) };
}
