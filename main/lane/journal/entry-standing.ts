import {
  isTransactionOperation,
  kindOfOperation,
  stateAfter,
  type TransactionStanding,
  type TransactionState,
} from '../../../protocol/index.ts';
import type { JournalEntry } from './journal-types.ts';

const isApproved = (entry: JournalEntry): boolean =>
  entry.state === 'approved' || entry.state === 'partial';

/** The state the service gave a new transaction when it approved it: a preauth holds, the rest are in the batch. */
function approvedState(entry: JournalEntry): TransactionState {
  return entry.operation === 'preauth' ? 'authorized' : 'captured';
}

/**
 * Where the service holds the transaction a journal entry created, by the rule book
 * (protocol/transactions): its approval, then the moves the journal marked on it (a completion, a
 * void, a whole reversal) and its settlement (`settled`, default: as the journal marks it).
 * Undefined for an entry that created no transaction the service holds (a move, a balance
 * inquiry, an entry not approved, one whose ttid the lane never read).
 */
export function standingOf(
  entry: JournalEntry,
  settled = entry.marks.includes('settled'),
): TransactionStanding | undefined {
  const { operation } = entry;
  if (!isTransactionOperation(operation) || entry.ttid === undefined || !isApproved(entry)) {
    return undefined;
  }
  let state = approvedState(entry);
  if (entry.marks.includes('completed')) state = stateAfter(state, 'preauthcomplete');
  if (settled && state === 'captured') state = 'settled';
  if (entry.marks.includes('voided')) state = stateAfter(state, 'void');
  if (entry.marks.includes('reversed')) state = stateAfter(state, 'reversal_full');
  return {
    kind: kindOfOperation(operation),
    operation,
    state,
    refundedAmount: entry.refundedMinor,
  };
}

/** Minor units an entry approved: its approval, or the amount asked when it names none. */
export function approvedOf(entry: Pick<JournalEntry, 'approvedMinor' | 'amountMinor'>): number {
  return entry.approvedMinor ?? entry.amountMinor;
}

/**
 * Minor units the card is charged by an entry: what was approved plus the tip an adjust put onto
 * it (its `adjusted` mark; the lane's adjust sends the new total, docs/lane.md › History).
 */
export function chargedMinor(entry: JournalEntry): number {
  const tip = entry.marks.includes('adjusted') ? (entry.tipMinor ?? 0) : 0;
  return approvedOf(entry) + tip;
}

/** Minor units a refund may still take from an entry: what it charged less what was refunded. */
export function refundableMinor(entry: JournalEntry): number {
  return chargedMinor(entry) - entry.refundedMinor;
}
