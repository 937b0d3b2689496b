// The lane's history: one line per transaction the journal recorded, with what the cashier may do
// with it. The cashier picks a line; commands name its entryId, never a ttid.
import { z } from 'zod';
import { CardSummary, EpochMs, LaneId, MinorUnitsOrZero, Operation, Tender } from './values.ts';

/**
 * Where a journal entry stands: approved or partial (answered), declined, checking (sent, outcome
 * not known yet: the lane is resolving it), not_charged (definitely nothing happened).
 */
export const EntryOutcome = z.enum(['approved', 'partial', 'declined', 'checking', 'not_charged']);
/** One of EntryOutcome. */
export type EntryOutcome = z.infer<typeof EntryOutcome>;

/**
 * Where a transaction stands now, the one answer every view gives (docs/lane.md, One truth): its
 * row, its receipt's headline, a reprint, the day's totals and the interrupted list all read it
 * from the journal through one function. checking (sent, not known yet), approved, partial,
 * declined, not_charged; after a move the lane made on it: voided, reversed, refunded (all of it),
 * partly_refunded (some, with what remains).
 */
export const TransactionStatus = z.enum([
  'checking',
  'approved',
  'partial',
  'declined',
  'not_charged',
  'voided',
  'reversed',
  'refunded',
  'partly_refunded',
]);
/** One of TransactionStatus. */
export type TransactionStatus = z.infer<typeof TransactionStatus>;

/** What happened to an approved entry since: moves the lane made on it, and settlement. */
export const EntryMark = z.enum([
  'voided',
  'reversed',
  'refunded',
  'completed',
  'adjusted',
  'settled',
]);
/** One of EntryMark. */
export type EntryMark = z.infer<typeof EntryMark>;

/**
 * What the cashier may do with a line now; the lane offers only what the service's rules allow
 * (docs/test-cards.md, States and moves): void (unsettled: void or reversal), refund (whole or
 * part; the lane picks void, reversal or refund), tip (adjust), complete (a preauth), reprint.
 */
export const HistoryAction = z.enum(['void', 'refund', 'tip', 'complete', 'reprint']);
/** One of HistoryAction. */
export type HistoryAction = z.infer<typeof HistoryAction>;

/** One line of history. */
export const HistoryEntry = z.strictObject({
  id: LaneId,
  /** The workflow that made it (the tenders of one sale share it). */
  workflowId: LaneId,
  operation: Operation,
  at: EpochMs,
  /** The amount asked (for moves: the amount moved). */
  amountMinor: MinorUnitsOrZero,
  /** The amount approved, when approved or partial. */
  approvedMinor: MinorUnitsOrZero.optional(),
  /** The tip adjusted onto it (a tip adjust line: the tip it sent). */
  tipMinor: MinorUnitsOrZero.optional(),
  /** What the card is charged, when approved or partial: the approval plus a tip adjusted onto it. */
  chargedMinor: MinorUnitsOrZero.optional(),
  /** What has been refunded against it so far. */
  refundedMinor: MinorUnitsOrZero,
  tender: Tender.optional(),
  card: CardSummary.optional(),
  outcome: EntryOutcome,
  /** Where it stands now (the one truth of its outcome and the moves made on it since). */
  status: TransactionStatus,
  /** What is still charged on it and may be refunded (charged less refunded; 0 once undone). */
  remainingMinor: MinorUnitsOrZero,
  /** A gift card's balance the answer told (a balance inquiry shows this, not an amount). */
  balanceMinor: MinorUnitsOrZero.optional(),
  marks: z.array(EntryMark),
  auth: z.string().max(20).optional(),
  /** For display on screen and receipt only. */
  ttid: z.string().max(20).optional(),
  /** The entry a move was made on (a void's sale). */
  parentId: LaneId.optional(),
  /**
   * A sale approved offline (docs/lane.md › Offline): waiting to be sent, sent and approved, or
   * declined when sent (the money was not collected).
   */
  offline: z.enum(['waiting', 'forwarded', 'declined']).optional(),
  training: z.boolean(),
  actions: z.array(HistoryAction),
});
/** A history line. */
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/**
 * A history search: text matches the last four digits, auth code, amount ("12.50") or card brand;
 * from/to bound the time; newest first, at most limit (default 50, at most 500).
 */
export const HistoryQuery = z.strictObject({
  text: z.string().max(40).optional(),
  /** Only the transactions of workflows a stop or a crash interrupted (the interrupted list). */
  interrupted: z.boolean().optional(),
  from: EpochMs.optional(),
  to: EpochMs.optional(),
  operations: z.array(Operation).optional(),
  limit: z.int().min(1).max(500).optional(),
});
/** A history search. */
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/**
 * A transaction the journal held in flight when the lane stopped or died (docs/lane.md,
 * Interrupted transactions): listed after the next start, with where it stands now (checking
 * until recovery knows), until the cashier acknowledges it.
 */
export const InterruptedEntry = z.strictObject({
  entryId: LaneId,
  workflowId: LaneId,
  operation: Operation,
  at: EpochMs,
  amountMinor: MinorUnitsOrZero,
  tender: Tender.optional(),
  card: CardSummary.optional(),
  status: TransactionStatus,
  /** What recovery sent to undo it (reversal, void, refund), when it did. */
  undoneBy: Operation.optional(),
});
/** An interrupted transaction. */
export type InterruptedEntry = z.infer<typeof InterruptedEntry>;
