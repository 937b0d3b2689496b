// The one truth of a transaction the lane made: where its journal entry stands now, read from its
// outcome and the moves the journal recorded on it, by the rule book. Its history row, its
// receipt's headline, a reprint, the day's totals and the interrupted list all take it from here.
import { isTransactionOperation, kindOfOperation } from '../../../protocol/index.ts';
import type { TransactionStatus } from '../../lane-api/index.ts';
import { approvedOf, chargedMinor, refundableMinor, standingOf } from './entry-standing.ts';
import type { JournalEntry } from './journal-types.ts';

/** What the day's batch counts of a transaction: money taken from cards, or put on them. */
export interface Counted {
  readonly direction: 'sale' | 'refund';
  readonly minor: number;
}

/** Where a journal entry stands now (docs/lane.md, One truth). */
export interface EntryTruth {
  readonly status: TransactionStatus;
  /** Minor units approved: 0 unless it was approved in full or in part. */
  readonly approvedMinor: number;
  /** Minor units the card is charged: approved plus a tip adjusted onto it; 0 unless approved. */
  readonly chargedMinor: number;
  readonly refundedMinor: number;
  /** Still charged and refundable: charged less refunded; 0 once voided or reversed. */
  readonly remainingMinor: number;
  readonly settled: boolean;
  /** What the batch counts of it; undefined when it counts nothing (undone, never approved, a hold). */
  readonly counted?: Counted;
}

const isApproved = (entry: JournalEntry): boolean =>
  entry.state === 'approved' || entry.state === 'partial';

/** The status of an entry from its outcome and the marks its moves left (voided, reversed, refunded). */
function statusOf(entry: JournalEntry, charged: number): TransactionStatus {
  switch (entry.state) {
    case 'pending':
    case 'unknown':
      return 'checking';
    case 'declined':
    case 'not_charged':
      return entry.state;
    default:
      if (entry.marks.includes('voided')) return 'voided';
      if (entry.marks.includes('reversed')) return 'reversed';
      if (entry.refundedMinor > 0)
        return entry.refundedMinor >= charged ? 'refunded' : 'partly_refunded';
      return entry.state;
  }
}

/** The newest approved move of `operation` among `moves`. */
function latest(moves: readonly JournalEntry[], operation: string): JournalEntry | undefined {
  return moves.filter((move) => move.operation === operation && isApproved(move)).at(-1);
}

/**
 * What the batch counts of an approved transaction (docs/test-cards.md, Reports: captured and
 * settled items by direction, voided and reversed left out): a sale, a completed preauth or a gift
 * cash-out as money taken, for its final amount (the completion's, or what it charged: the
 * approval with the tip adjusted onto it); a refund or a gift load as money put on a card. A hold
 * not completed counts nothing.
 */
function countedOf(entry: JournalEntry, moves: readonly JournalEntry[]): Counted | undefined {
  const standing = standingOf(entry);
  if (standing === undefined || !isTransactionOperation(entry.operation)) return undefined;
  if (standing.state !== 'captured' && standing.state !== 'settled') return undefined;
  const direction = kindOfOperation(entry.operation) === 'refund' ? 'refund' : 'sale';
  const completion = latest(moves, 'preauthcomplete');
  if (completion !== undefined) return { direction, minor: completion.amountMinor };
  return { direction, minor: chargedMinor(entry) };
}

/**
 * Where an entry stands now: its status, what it approved, what was refunded and what remains,
 * and what the day's batch counts of it. `moves` are the journal's entries that act on it (its
 * completion, tip adjust, refunds, voids); only a completion changes what it counts.
 */
export function truthOf(entry: JournalEntry, moves: readonly JournalEntry[] = []): EntryTruth {
  const approvedMinor = isApproved(entry) ? approvedOf(entry) : 0;
  const charged = isApproved(entry) ? chargedMinor(entry) : 0;
  const status = statusOf(entry, charged);
  const undone = status === 'voided' || status === 'reversed';
  const counted = isApproved(entry) && !undone ? countedOf(entry, moves) : undefined;
  return {
    status,
    approvedMinor,
    chargedMinor: charged,
    refundedMinor: entry.refundedMinor,
    remainingMinor: isApproved(entry) && !undone ? Math.max(0, refundableMinor(entry)) : 0,
    settled: entry.marks.includes('settled'),
    ...(counted === undefined ? {} : { counted }),
  };
}
