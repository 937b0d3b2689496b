import { allowedMoves } from '../../protocol/index.ts';
import type { EntryOutcome, HistoryAction, HistoryEntry } from '../lane-api/index.ts';
import { refundableMinor, standingOf } from './journal/entry-standing.ts';
import { truthOf } from './journal/entry-truth.ts';
import type { JournalEntry } from './journal/journal-types.ts';

const OUTCOME: Readonly<Record<JournalEntry['state'], EntryOutcome>> = {
  pending: 'checking',
  unknown: 'checking',
  approved: 'approved',
  partial: 'partial',
  declined: 'declined',
  not_charged: 'not_charged',
};

/**
 * What the cashier may do with an entry (lane API HistoryAction), by the rule book
 * (protocol/transactions, docs/test-cards.md › States and moves) over where the journal holds its
 * transaction: reprint what the service answered and holds; void what the rules let be voided;
 * refund while some is left and the rules allow a refund; adjust the tip of a sale when the lane
 * offers it; complete a preauth.
 */
export function historyActions(entry: JournalEntry, tipAdjust: boolean): HistoryAction[] {
  const actions: HistoryAction[] = [];
  const approved = entry.state === 'approved' || entry.state === 'partial';
  // A reprint is rebuilt from the service's detail: only of what the service holds (its ttid).
  if ((approved || entry.state === 'declined') && entry.ttid !== undefined) actions.push('reprint');
  const standing = entry.purpose === 'cashier' ? standingOf(entry) : undefined;
  if (standing === undefined) return actions;
  const allowed = new Set(allowedMoves(standing));
  if (allowed.has('void')) actions.unshift('void');
  const refundable = allowed.has('refund_partial') || allowed.has('refund_whole');
  if (refundable && refundableMinor(entry) > 0) actions.push('refund');
  if (tipAdjust && entry.operation === 'sale' && allowed.has('adjust')) actions.push('tip');
  if (allowed.has('preauthcomplete')) actions.push('complete');
  return actions;
}

/** Where a sale approved offline stands, as its line says it; one being sent is still waiting. */
function offlineOf(entry: JournalEntry): Pick<HistoryEntry, 'offline'> {
  switch (entry.offline) {
    case 'waiting':
    case 'forwarding':
      return { offline: 'waiting' };
    case 'forwarded':
    case 'declined':
      return { offline: entry.offline };
    default:
      return {};
  }
}

/**
 * A journal entry as a history line of the lane API: its status, what it charges (a tip adjusted
 * onto it included) and what remains through the one truth (truthOf, with `moves`, the entries
 * acting on it); a balance inquiry carries the balance it answered.
 */
export function historyEntry(
  entry: JournalEntry,
  tipAdjust: boolean,
  moves: readonly JournalEntry[] = [],
): HistoryEntry {
  const truth = truthOf(entry, moves);
  return {
    id: entry.id,
    workflowId: entry.workflowId,
    operation: entry.operation,
    at: entry.createdAt,
    amountMinor: entry.amountMinor,
    refundedMinor: entry.refundedMinor,
    outcome: OUTCOME[entry.state],
    status: truth.status,
    remainingMinor: truth.remainingMinor,
    marks: [...entry.marks],
    training: entry.training,
    actions: historyActions(entry, tipAdjust),
    ...(entry.approvedMinor === undefined ? {} : { approvedMinor: entry.approvedMinor }),
    ...(truth.chargedMinor > 0 ? { chargedMinor: truth.chargedMinor } : {}),
    ...(entry.balanceMinor === undefined ? {} : { balanceMinor: entry.balanceMinor }),
    ...(entry.tipMinor === undefined ? {} : { tipMinor: entry.tipMinor }),
    ...(entry.tender === undefined ? {} : { tender: entry.tender }),
    ...(entry.card === undefined ? {} : { card: entry.card }),
    ...(entry.auth === undefined ? {} : { auth: entry.auth.slice(0, 20) }),
    ...(entry.ttid === undefined ? {} : { ttid: entry.ttid.slice(0, 20) }),
    ...(entry.parentId === undefined ? {} : { parentId: entry.parentId }),
    ...offlineOf(entry),
  };
}
