import type { DeclineReason, LaneResult } from '../lane-api/index.ts';
import type { JournalEntry } from './journal/journal-types.ts';

const cut = (text: string | undefined, max: number): string | undefined =>
  text === undefined ? undefined : text.slice(0, max);

/** Only the fields that have a value, so the result fits its strict schema. */
function defined<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/**
 * The lane API result of a journal entry with a definite outcome (lane API LaneResult): what was
 * approved, partially approved with what remains, declined with the reason in cashier words, or
 * not charged. An entry still pending or unknown has no result (the screen shows checking).
 */
export function resultOf(entry: JournalEntry): LaneResult {
  const base = defined({
    operation: entry.operation,
    entryId: entry.id,
    card: entry.card,
  });
  const refs = defined({ auth: cut(entry.auth, 20), ttid: cut(entry.ttid, 20) });
  // An operation sent without an amount (a balance inquiry, a cash-out, a denominated activation:
  // journaled as 0) names none on a decline, never $0.00.
  const asked =
    entry.operation === 'balanceinq' || entry.amountMinor === 0
      ? {}
      : { amountMinor: entry.amountMinor };
  switch (entry.state) {
    case 'approved':
      return {
        outcome: 'approved',
        ...base,
        ...refs,
        amountMinor: entry.approvedMinor ?? entry.amountMinor,
        ...defined({ balanceMinor: entry.balanceMinor, tipMinor: entry.tipMinor }),
        ...(entry.offline === 'waiting' || entry.offline === 'forwarding'
          ? { offline: true as const }
          : {}),
      };
    case 'partial': {
      const approved = entry.approvedMinor ?? 0;
      return {
        outcome: 'partial',
        ...base,
        ...refs,
        amountMinor: approved,
        requestedMinor: entry.amountMinor,
        remainingMinor: entry.amountMinor - approved,
      };
    }
    case 'declined':
      return {
        outcome: 'declined',
        ...base,
        ...asked,
        reason: (entry.reason ?? 'declined') as DeclineReason,
        by: entry.decidedBy ?? 'service',
        ...defined({ verbiage: cut(entry.verbiage, 200) }),
      };
    case 'not_charged':
      return {
        outcome: 'not_charged',
        ...base,
        ...asked,
        why: entry.reason === 'not_sent' ? 'not_sent' : 'not_found',
      };
    case 'pending':
    case 'unknown':
      throw new Error(`entry ${entry.id}: no definite outcome yet`);
  }
}
