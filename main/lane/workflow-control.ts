// The signals and shapes every workflow family shares: cancel and defer, the machine's bounds, and
// an approval as the screen's tender line.
import type { TenderLine } from '../lane-api/index.ts';
import type { JournalEntry } from './journal/journal-types.ts';

/** Thrown into a workflow's run when the cashier cancels: it then reverses what it approved. */
export class WorkflowCancelled extends Error {
  constructor() {
    super('workflow cancelled');
    this.name = 'WorkflowCancelled';
  }
}

/**
 * Thrown into a workflow's run when the lane stops (SIGTERM, SIGINT): no step waits for a person
 * or a device any more and no new request is sent; what the journal holds stays for the next
 * start's recovery (docs/lane.md, Stopping the lane).
 */
export class WorkflowHalted extends Error {
  constructor() {
    super('workflow halted: the lane is stopping');
    this.name = 'WorkflowHalted';
  }
}

/** Thrown when the cashier leaves an unknown outcome to the journal (workflow.defer). */
export class WorkflowDeferred extends Error {
  constructor() {
    super('workflow deferred to the journal');
    this.name = 'WorkflowDeferred';
  }
}

/**
 * The machine states every family has besides its own steps: before the first step, after the
 * last, and the two steps of a cancel.
 */
export type Bounds = 'start' | 'end' | 'cancelling' | 'cancelled';

/** An approved journal entry as a tender line of the screen. */
export function tenderLine(entry: JournalEntry): TenderLine {
  return {
    entryId: entry.id,
    tender: entry.tender ?? 'credit',
    amountMinor: Math.max(1, entry.approvedMinor ?? entry.amountMinor),
    at: entry.updatedAt,
    ...(entry.card === undefined ? {} : { card: entry.card }),
  };
}
