// The signals and shapes every workflow family shares: cancel and defer, the machine's bounds, and
// an approval as the screen's tender line.
import type { TenderLine } from '../lane-api/index.ts';
import type { JournalEntry } from './journal/journal-types.ts';

/**
 * Who ends a workflow by undoing it: the cashier's cancel (Esc, Cancel), which a workflow holding
 * approvals first turns into a void to confirm; the cashier's confirmed void; or the lane itself
 * (a chip that declined after its approval).
 */
export type CancelledBy = 'cashier' | 'void' | 'lane';

/** Thrown into a workflow's run when it is cancelled: it then reverses what it approved. */
export class WorkflowCancelled extends Error {
  readonly by: CancelledBy;

  constructor(by: CancelledBy = 'cashier') {
    super(`workflow cancelled (${by})`);
    this.name = 'WorkflowCancelled';
    this.by = by;
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
 * A workflow's two stops: the cashier's cancel, which a confirmation may take back (a void the
 * cashier backs out of), and the lane's halt, which is final. Device waits take `waits`, aborted
 * by either.
 */
export class StopSignals {
  #cancel = new AbortController();
  readonly #halt = new AbortController();
  #waits = AbortSignal.any([this.#cancel.signal, this.#halt.signal]);

  /** Aborted by a cancel or a halt. */
  get waits(): AbortSignal {
    return this.#waits;
  }

  /** Aborted by a halt only. */
  get haltSignal(): AbortSignal {
    return this.#halt.signal;
  }

  get cancelled(): boolean {
    return this.#cancel.signal.aborted;
  }

  get halted(): boolean {
    return this.#halt.signal.aborted;
  }

  cancel(): void {
    this.#cancel.abort();
  }

  halt(): void {
    this.#halt.abort();
  }

  /** Takes a cancel back: device waits from now on take a fresh signal. */
  resume(): void {
    if (!this.#cancel.signal.aborted) return;
    this.#cancel = new AbortController();
    this.#waits = AbortSignal.any([this.#cancel.signal, this.#halt.signal]);
  }
}

/**
 * The machine states every family has besides its own steps: before the first step, after the
 * last, and the two steps of a cancel.
 */
export type Bounds = 'start' | 'end' | 'cancelling' | 'cancelled';

/** An approved journal entry as a tender line of the screen; `undoneBy` the move that undid it. */
export function tenderLine(entry: JournalEntry, undoneBy?: JournalEntry['operation']): TenderLine {
  return {
    entryId: entry.id,
    tender: entry.tender ?? 'credit',
    amountMinor: Math.max(1, entry.approvedMinor ?? entry.amountMinor),
    at: entry.updatedAt,
    ...(entry.card === undefined ? {} : { card: entry.card }),
    ...(undoneBy === undefined ? {} : { undoneBy }),
  };
}
