import type { EntryOutcome, HistoryAction, HistoryEntry } from '../lane-api/index.ts';
import { NEW_TRANSACTION_OPERATIONS } from '../payment/index.ts';
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
 * What the cashier may do with an entry (lane API HistoryAction), by the service's rules
 * (docs/test-cards.md, States and moves): reprint what was answered; void an unsettled approval of
 * a new transaction (sale, preauth, refund, gift operation) nothing was refunded from; refund a
 * sale (or completed preauth) while some is left; adjust the tip of an unsettled sale when the
 * lane offers it; complete a preauth not yet completed.
 */
export function historyActions(entry: JournalEntry, tipAdjust: boolean): HistoryAction[] {
  const actions: HistoryAction[] = [];
  const approved = entry.state === 'approved' || entry.state === 'partial';
  if (approved || entry.state === 'declined') actions.push('reprint');
  if (!approved || entry.purpose !== 'cashier' || entry.ttid === undefined) return actions;
  const undone = entry.marks.includes('voided') || entry.marks.includes('reversed');
  if (undone) return actions;
  const settled = entry.marks.includes('settled');
  const left = (entry.approvedMinor ?? entry.amountMinor) - entry.refundedMinor;
  if (!settled && entry.refundedMinor === 0 && NEW_TRANSACTION_OPERATIONS.has(entry.operation))
    actions.unshift('void');
  const captured = entry.operation === 'sale' || entry.marks.includes('completed');
  if (captured && left > 0) actions.push('refund');
  if (tipAdjust && entry.operation === 'sale' && !settled) actions.push('tip');
  if (entry.operation === 'preauth' && !entry.marks.includes('completed') && !settled)
    actions.push('complete');
  return actions;
}

/** A journal entry as a history line of the lane API. */
export function historyEntry(entry: JournalEntry, tipAdjust: boolean): HistoryEntry {
  return {
    id: entry.id,
    workflowId: entry.workflowId,
    operation: entry.operation,
    at: entry.createdAt,
    amountMinor: entry.amountMinor,
    refundedMinor: entry.refundedMinor,
    outcome: OUTCOME[entry.state],
    marks: [...entry.marks],
    training: entry.training,
    actions: historyActions(entry, tipAdjust),
    ...(entry.approvedMinor === undefined ? {} : { approvedMinor: entry.approvedMinor }),
    ...(entry.tipMinor === undefined ? {} : { tipMinor: entry.tipMinor }),
    ...(entry.tender === undefined ? {} : { tender: entry.tender }),
    ...(entry.card === undefined ? {} : { card: entry.card }),
    ...(entry.auth === undefined ? {} : { auth: entry.auth.slice(0, 20) }),
    ...(entry.ttid === undefined ? {} : { ttid: entry.ttid.slice(0, 20) }),
    ...(entry.parentId === undefined ? {} : { parentId: entry.parentId }),
  };
}
