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

/** An answer may still come this long after its request left, by default: 30 s + 120 s, ms. */
export const DEFAULT_IN_FLIGHT_MS = 150_000;

/**
 * Looks up entries whose outcome is not known (docs/lane.md, Recovery): a new transaction by its
 * order id (PaymentClient.resolve: a late answer, else the service's record), a move by its
 * transaction's detail (txnstatus, tranflags). What it finds is committed; a lookup without a
 * definite answer leaves the entry unknown, and nothing is ever sent again from here. "Not found"
 * (or a move not applied) is definite only once the request is older than inFlightMs (the answer
 * deadline plus the late-answer window): before that the service may still be running it (a held
 * request after a lane restart), so the entry stays unknown.
 */
export class EntryResolver {
  readonly #journal: JournalStore;
  readonly #client: PaymentClient;
  readonly #inFlightMs: number;
  readonly #now: () => number;
  readonly #answered: () => void;

  /** `answered`: a lookup got the service's definite answer, so the service is up (its status). */
  constructor(
    journal: JournalStore,
    client: PaymentClient,
    inFlightMs = DEFAULT_IN_FLIGHT_MS,
    now: () => number = Date.now,
    answered: () => void = () => undefined,
  ) {
    this.#journal = journal;
    this.#client = client;
    this.#inFlightMs = inFlightMs;
    this.#now = now;
    this.#answered = answered;
  }

  /** One lookup; answers the entry as it stands after it. */
  async resolve(entry: JournalEntry): Promise<JournalEntry> {
    const journal = this.#journal;
    const client = this.#client;
    journal.countAttempt(entry.id);
    if (entry.orderId !== undefined) {
      const found = await client.resolve(entry.orderId);
      if (found.status === 'unknown') return journal.markUnknown(entry.id, found.detail);
      this.#answered();
      if (found.status === 'not_found') return this.#notFound(entry);
      const outcome = foundOutcome(entry, found.response, found.status === 'approved');
      const mark =
        outcome.state === 'declined' ? undefined : markOfMove(entry, outcome.approvedMinor ?? 0);
      return journal.recordOutcome(entry.id, outcome, mark === undefined ? [] : [mark]);
    }
    if (entry.targetTtid === undefined) return this.#notFound(entry);
    let detail;
    try {
      detail = await client.transactionDetail(entry.targetTtid);
    } catch (error) {
      if (!(error instanceof PaymentNotSentError)) throw error;
      return journal.markUnknown(entry.id, `the lookup was not sent: ${error.message}`);
    }
    if (detail.outcome !== 'unknown') this.#answered();
    if (detail.outcome !== 'approved') {
      const why = detail.outcome === 'unknown' ? detail.detail : (detail.response.verbiage ?? '');
      return journal.markUnknown(entry.id, `the lookup got no definite answer: ${why}`);
    }
    if (!moveApplied(entry, detail.response)) return this.#notFound(entry);
    const mark = markOfMove(entry, entry.amountMinor);
    const outcome: Outcome = {
      state: 'approved',
      ttid: entry.targetTtid,
      approvedMinor: entry.amountMinor,
      answer: detail.response.masked(),
    };
    return journal.recordOutcome(entry.id, outcome, mark === undefined ? [] : [mark]);
  }

  /** Not charged (or not applied), once the request is too old to be running still. */
  #notFound(entry: JournalEntry): JournalEntry {
    if (this.#now() - entry.createdAt < this.#inFlightMs)
      return this.#journal.markUnknown(entry.id, 'no record yet; the request may still be running');
    return this.#journal.recordOutcome(entry.id, { state: 'not_charged', reason: 'not_found' });
  }
}
