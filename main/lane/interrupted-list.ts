// Transactions a stop or a crash cut short, listed for the cashier after the next start until each
// is acknowledged (docs/lane.md, Interrupted transactions): where each stands comes from the one
// truth of its journal entry, so "checking" turns into its outcome as recovery resolves it.
import type { InterruptedEntry } from '../lane-api/index.ts';
import { truthOf } from './journal/entry-truth.ts';
import type { JournalStore } from './journal/journal-store.ts';
import type { JournalEntry } from './journal/journal-types.ts';

const isApproved = (entry: JournalEntry): boolean =>
  entry.state === 'approved' || entry.state === 'partial';

/** An interrupted entry as the list shows it: amount, tender, card, status, and what undid it. */
export function interruptedView(
  entry: JournalEntry,
  moves: readonly JournalEntry[],
): InterruptedEntry {
  const truth = truthOf(entry, moves);
  const undo = moves.find((move) => move.purpose === 'compensate' && isApproved(move));
  return {
    entryId: entry.id,
    workflowId: entry.workflowId,
    operation: entry.operation,
    at: entry.createdAt,
    amountMinor: truth.approvedMinor > 0 ? truth.approvedMinor : entry.amountMinor,
    status: truth.status,
    ...(entry.tender === undefined ? {} : { tender: entry.tender }),
    ...(entry.card === undefined ? {} : { card: entry.card }),
    ...(undo === undefined ? {} : { undoneBy: undo.operation }),
  };
}

/**
 * The interrupted list over the journal: workflows found running at a start (a crash, or a stop
 * that could not finish them) or running when the lane stopped are marked interrupted; their
 * cashier entries are listed until acknowledged.
 */
export class InterruptedList {
  readonly #journal: JournalStore;
  readonly #now: () => number;
  /** The workflows whose entries are listed now: a change to one of their entries changes the list. */
  #workflows = new Set<string>();

  constructor(journal: JournalStore, now: () => number) {
    this.#journal = journal;
    this.#now = now;
  }

  /** At a start, before recovery runs: every workflow still running was cut short. */
  markRunning(): void {
    this.#journal.markInterrupted(undefined, this.#now());
    this.entries();
  }

  /** At a stop: the workflow a cashier was running is cut short, whatever becomes of it. */
  markStopped(workflowId: string): void {
    this.#journal.markInterrupted(workflowId, this.#now());
  }

  /** The list now, oldest first. */
  entries(): InterruptedEntry[] {
    const entries = this.#journal.interrupted();
    this.#workflows = new Set(entries.map((entry) => entry.workflowId));
    return entries.map((entry) => interruptedView(entry, this.#journal.movesOf(entry.id)));
  }

  /** True when a change to `entry` changes the list (an entry of a listed workflow, or an undo in it). */
  concerns(entry: JournalEntry): boolean {
    return this.#workflows.has(entry.workflowId);
  }

  /**
   * The cashier saw it: it leaves the list. `checking` while its outcome is still being looked up
   * (the cashier is to see what it came to), `not_found` when it is not on the list.
   */
  acknowledge(entryId: string): 'done' | 'checking' | 'not_found' {
    const entry = this.#journal.get(entryId);
    if (entry?.state === 'pending' || entry?.state === 'unknown') return 'checking';
    return this.#journal.acknowledge(entryId, this.#now()) ? 'done' : 'not_found';
  }
}
