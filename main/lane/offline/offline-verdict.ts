import { type FirstGenerateAc, cardOfflineDecision } from './card-offline-decision.ts';
import type { OfflineConfig } from './offline-config.ts';
import {
  type OfflineAsk,
  type OfflineQueueSummary,
  type OfflineRefusal,
  offlineRefusal,
} from './offline-limits.ts';

/** What the lane knows of a sale whose request could not leave, for its offline decision. */
export interface OfflineCandidate extends OfflineAsk {
  /** A contact chip's first GENERATE AC; required for an inserted card. */
  readonly firstAc?: FirstGenerateAc;
  /** True when the read holds card data in the clear (a wedge swipe): never queued. */
  readonly clear: boolean;
}

/**
 * The lane's offline decision: approve (with the 8A the card is given for a chip: Y1 when it
 * approved itself, Y3 to ask it for a TC), refused by a rule of the lane (a manager may pass an
 * overridable one), or refused by the card (Z1, Z3: it is given Z3 and the sale is declined).
 */
export type OfflineVerdict =
  | { readonly kind: 'approve'; readonly arc?: 'Y1' | 'Y3' }
  | { readonly kind: 'lane_refused'; readonly refusal: OfflineRefusal }
  | { readonly kind: 'card_refused'; readonly arc: 'Z1' | 'Z3' };

/** Registered application provider ids (the first 5 bytes of an AID) and their wire cardtype. */
const BRAND_OF_RID: Readonly<Record<string, string>> = {
  A000000003: 'VISA',
  A000000004: 'MC',
  A000000025: 'AMEX',
  A000000152: 'DISC',
  A000000065: 'JCB',
  A000000333: 'CUP',
};

/** The wire cardtype of a chip's AID by its RID (ISO/IEC 7816-5), or undefined. */
export function brandOfAid(aid: string | undefined): string | undefined {
  return aid === undefined ? undefined : BRAND_OF_RID[aid.slice(0, 10).toUpperCase()];
}

/**
 * Decides a sale the service could not be reached for (docs/lane.md › Offline): first the
 * lane's rules (offlineRefusal; `overridden` when a manager passed an overridable one), then a
 * read in the clear is refused (it is never queued), then an inserted chip is asked
 * (cardOfflineDecision, EMV Book 3 §10.7); a tap or swipe goes by the configured rules alone.
 */
export function offlineVerdict(
  config: OfflineConfig,
  candidate: OfflineCandidate,
  queue: OfflineQueueSummary,
  now: number,
  overridden = false,
): OfflineVerdict {
  const refusal = offlineRefusal(config, candidate, queue, now);
  if (refusal !== undefined && !(overridden && refusal.overridable)) {
    return { kind: 'lane_refused', refusal };
  }
  if (candidate.clear) {
    return {
      kind: 'lane_refused',
      refusal: {
        reason: 'entry_not_allowed',
        rule: 'a card read in the clear is never stored for forwarding',
        overridable: false,
      },
    };
  }
  if (candidate.entryMethod !== 'insert') return { kind: 'approve' };
  if (candidate.firstAc === undefined) return { kind: 'card_refused', arc: 'Z3' };
  const card = cardOfflineDecision(candidate.firstAc);
  if (card.kind === 'refused') return { kind: 'card_refused', arc: card.arc };
  return { kind: 'approve', arc: card.arc };
}
