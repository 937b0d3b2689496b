import {
  PaymentNotSentError,
  type PaymentClient,
  type PaymentResponse,
} from '../../payment/index.ts';
import type { JournalStore } from './journal-store.ts';
import type { JournalEntry, Outcome } from './journal-types.ts';
import { foundOutcome, markOfMove } from './outcomes.ts';

/** The txnstatus or tranflags member that shows a move was applied to its transaction. */
function moveApplied(entry: JournalEntry, detail: PaymentResponse): boolean {
  switch (entry.operation) {
    case 'void':
      return detail.txnstatus.includes('VOIDED');
    case 'reversal':
      return detail.txnstatus.includes('REVERSED');
    case 'adjust':
      return entry.tipMinor !== undefined && detail.minorUnits('tip') === entry.tipMinor;
    case 'preauthcomplete':
      return detail.tranflags.includes('CAPTURED');
    default:
      return false;
  }
}

/**
 * One lookup for an entry whose outcome is not known (docs/lane.md, Recovery): a new transaction
 * by its order id (PaymentClient.resolve: a late answer, else the service's record), a move by
 * its transaction's detail (txnstatus, tranflags). What it finds is committed; a lookup without a
 * definite answer leaves the entry unknown, and nothing is ever sent again from here.
 */
export async function resolveEntry(
  journal: JournalStore,
  client: PaymentClient,
  entry: JournalEntry,
): Promise<JournalEntry> {
  journal.countAttempt(entry.id);
  if (entry.orderId !== undefined) {
    const found = await client.resolve(entry.orderId);
    if (found.status === 'unknown') return journal.markUnknown(entry.id, found.detail);
    if (found.status === 'not_found')
      return journal.recordOutcome(entry.id, { state: 'not_charged', reason: 'not_found' });
    const outcome = foundOutcome(entry, found.response, found.status === 'approved');
    const mark =
      outcome.state === 'declined' ? undefined : markOfMove(entry, outcome.approvedMinor ?? 0);
    return journal.recordOutcome(entry.id, outcome, mark === undefined ? [] : [mark]);
  }
  if (entry.targetTtid === undefined)
    return journal.recordOutcome(entry.id, { state: 'not_charged', reason: 'not_found' });
  let detail;
  try {
    detail = await client.transactionDetail(entry.targetTtid);
  } catch (error) {
    if (!(error instanceof PaymentNotSentError)) throw error;
    return journal.markUnknown(entry.id, `the lookup was not sent: ${error.message}`);
  }
  if (detail.outcome !== 'approved') {
    const why = detail.outcome === 'unknown' ? detail.detail : (detail.response.verbiage ?? '');
    return journal.markUnknown(entry.id, `the lookup got no definite answer: ${why}`);
  }
  if (!moveApplied(entry, detail.response))
    return journal.recordOutcome(entry.id, { state: 'not_charged', reason: 'not_found' });
  const mark = markOfMove(entry, entry.amountMinor);
  const outcome: Outcome = {
    state: 'approved',
    ttid: entry.targetTtid,
    approvedMinor: entry.amountMinor,
    answer: detail.response.masked(),
  };
  return journal.recordOutcome(entry.id, outcome, mark === undefined ? [] : [mark]);
}
