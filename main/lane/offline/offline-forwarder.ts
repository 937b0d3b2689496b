import { formatMinor, type Notice } from '../../lane-api/index.ts';
import type { PaymentClient } from '../../payment/index.ts';
import type { JournaledPayments } from '../journal/journaled-payments.ts';
import type { JournalStore } from '../journal/journal-store.ts';
import type { JournalEntry } from '../journal/journal-types.ts';
import { foundOutcome } from '../journal/outcomes.ts';
import type { QueuedOffline } from '../journal/offline-entries.ts';
import { DEFAULT_IN_FLIGHT_MS } from '../journal/entry-resolver.ts';

/** What one forwarding pass did: answered by the service, and whether it stopped early. */
export interface ForwardPass {
  readonly forwarded: number;
  readonly declined: number;
  /** True when the queue is empty after the pass. */
  readonly done: boolean;
}

/** How long a forward may still be running at the service, and the clock it is read by. */
export interface ForwardTiming {
  /** The answer deadline plus the late-answer window, ms; default 150 000. */
  readonly inFlightMs?: number;
  readonly now?: () => number;
}

/**
 * Forwards the journal's offline approvals when the service answers again (docs/lane.md ›
 * Offline): in journal order, one at a time, those of the lane's own mode only (training or
 * real); an entry found forwarding (its request may have left before a stop or a kill) is looked
 * up by its order id first and sent again only when the service holds no such order and its
 * forward is older than inFlightMs (docs/lane.md › Decisions, the double-charge window of forwarding). A pass
 * stops at the first entry that cannot leave, gets no answer or may still be running, so the
 * order is kept. A decline on forwarding is told to the manager (offline_declined).
 */
export class OfflineForwarder {
  readonly #journal: JournalStore;
  readonly #payments: JournaledPayments;
  readonly #notify: (notice: Notice) => void;
  readonly #inFlightMs: number;
  readonly #now: () => number;
  /** The pass running or last run: passes never overlap, so no entry is sent twice at once. */
  #pass: Promise<unknown> = Promise.resolve();

  constructor(
    journal: JournalStore,
    payments: JournaledPayments,
    notify: (notice: Notice) => void,
    timing: ForwardTiming = {},
  ) {
    this.#journal = journal;
    this.#payments = payments;
    this.#notify = notify;
    this.#inFlightMs = timing.inFlightMs ?? DEFAULT_IN_FLIGHT_MS;
    this.#now = timing.now ?? Date.now;
  }

  /**
   * One pass over the queue, after the pass in progress if any; resolves once every waiting entry
   * is answered or the pass stops.
   */
  forward(): Promise<ForwardPass> {
    const pass = this.#pass.catch(() => undefined).then(() => this.#forwardAll());
    this.#pass = pass;
    return pass;
  }

  async #forwardAll(): Promise<ForwardPass> {
    let forwarded = 0;
    let declined = 0;
    for (const queued of this.#journal.offline.queued(this.#payments.training)) {
      const answered = await this.#forwardOne(queued);
      if (answered === undefined) return { forwarded, declined, done: false };
      if (answered.offline === 'declined') declined += 1;
      else forwarded += 1;
      this.#tell(answered);
    }
    return { forwarded, declined, done: true };
  }

  /** The entry once the service answered it; undefined when it stays in the queue. */
  async #forwardOne(queued: QueuedOffline): Promise<JournalEntry | undefined> {
    const { entry } = queued;
    if (entry.offline === 'forwarding' && entry.orderId !== undefined) {
      const found = await this.#client.resolve(entry.orderId, { waitMs: 0 });
      if (found.status === 'unknown') return undefined;
      if (found.status === 'not_found' && this.#now() - entry.updatedAt < this.#inFlightMs)
        return undefined;
      if (found.status !== 'not_found') {
        const outcome = foundOutcome(entry, found.response, found.status === 'approved');
        return this.#journal.offline.answered(entry.id, outcome);
      }
    }
    const sent = await this.#payments.forward(queued);
    return sent === 'answered' ? this.#journal.get(entry.id) : undefined;
  }

  get #client(): PaymentClient {
    return this.#payments.client;
  }

  #tell(entry: JournalEntry): void {
    const declined = entry.offline === 'declined';
    this.#notify({
      level: declined ? 'error' : 'info',
      code: declined ? 'offline_declined' : 'offline_forwarded',
      params: {
        amount: formatMinor(entry.amountMinor),
        card: entry.card?.maskedAccount ?? '',
        entryId: entry.id,
      },
    });
  }
}
