import type { TenderLine } from '../lane-api/index.ts';
import type { JournalEntry } from './journal/journal-types.ts';
import {
  WorkflowCancelled,
  WorkflowDeferred,
  WorkflowHalted,
  tenderLine,
  type CancelledBy,
} from './workflow-control.ts';
import { WorkflowSteps } from './workflow-steps.ts';

export {
  WorkflowCancelled,
  WorkflowDeferred,
  WorkflowHalted,
  tenderLine,
  type Bounds,
} from './workflow-control.ts';

/**
 * A running workflow (docs/lane.md, Workflows): an explicit state machine whose states are the
 * lane API's steps, driven by an async run() that shows each step, waits for the cashier's
 * commands (ask) and for devices and the service, and ends. Cancel is accepted at every step that
 * allows it: device waits are aborted at once, a request in flight is let finish, and whatever
 * was approved is then reversed. A halt (the lane stopping) ends it the same way but reverses
 * nothing: the journal keeps what it did for the next start's recovery.
 */
export abstract class Workflow<S extends string> extends WorkflowSteps<S> {
  /**
   * Runs the workflow to its end; a cancel reverses what it approved first. A halt ends it where it
   * is: the journal keeps the workflow running unless its last approval completed it.
   */
  async execute(): Promise<void> {
    try {
      await this.#runToEnd();
    } catch (error) {
      if (!(error instanceof WorkflowHalted)) throw error;
    } finally {
      this.withdraw();
    }
  }

  async #runToEnd(): Promise<void> {
    try {
      await this.run();
      this.ctx.journal.endWorkflow(this.id, 'complete');
    } catch (error) {
      if (error instanceof WorkflowCancelled) await this.#cancelOut(error.by);
      else if (error instanceof WorkflowDeferred) await this.#deferOut();
      else throw error;
    }
  }

  /** The workflow's own steps, from its first to its end. */
  protected abstract run(): Promise<void>;

  /** Prints the receipts of what a confirmed void sent (the service steps print; none here). */
  protected async printUndone(_moves: readonly JournalEntry[]): Promise<void> {}

  /**
   * Reverses every approval of the workflow; a void the cashier confirmed prints the receipts of
   * what was sent, and each line reversed names that move (reversal, void or refund).
   */
  async #cancelOut(by: CancelledBy): Promise<void> {
    this.ctx.journal.reopenWorkflow(this.id);
    this.show({ name: 'cancelling', reversing: [...this.tenders] });
    const { reversed, pending, refused } = await this.ctx.recovery.compensate(this.id);
    if (pending.length === 0) this.ctx.journal.endWorkflow(this.id, 'cancelled');
    this.tenders = [];
    const entries = this.ctx.journal.entriesOf(this.id);
    const moveOf = (parent: JournalEntry) =>
      entries.find(
        (entry) =>
          entry.parentId === parent.id &&
          entry.purpose === 'compensate' &&
          (entry.state === 'approved' || entry.state === 'partial'),
      );
    const moves = reversed.map(moveOf).filter((entry) => entry !== undefined);
    if (by === 'void') await this.printUndone(moves);
    await this.#closing(
      reversed.map((parent) => tenderLine(parent, moveOf(parent)?.operation)),
      pending.map((entry) => tenderLine(entry)),
      refused.map((entry) => tenderLine(entry)),
      by === 'void',
    );
  }

  async #deferOut(): Promise<void> {
    const open = this.ctx.journal
      .entriesOf(this.id)
      .filter((entry) => entry.state !== 'declined' && entry.state !== 'not_charged');
    this.tenders = [];
    await this.#closing(
      [],
      open.map((entry) => tenderLine(entry)),
    );
  }

  async #closing(
    reversed: TenderLine[],
    pending: TenderLine[],
    refused: TenderLine[] = [],
    confirmed = false,
  ): Promise<void> {
    this.markClosed();
    this.show({
      name: 'cancelled',
      reversed,
      pending,
      ...(refused.length > 0 ? { refused } : {}),
      ...(confirmed ? { confirmed } : {}),
    });
    await this.choose(['finish']);
    this.end();
  }
}
