import type { WorkflowKind } from '../../lane-api/index.ts';
import type { ChipCompletion } from '../../receipt/index.ts';
import { JournalReads } from './journal-reads.ts';
import type { Intent, JournalEntry, MarkChange, Outcome } from './journal-types.ts';
import { OfflineEntries } from './offline-entries.ts';

/**
 * The lane's journal (better-sqlite3, its own file; WAL with synchronous=FULL so a statement
 * returns only once its commit is on disk). An intent is committed before its request leaves and
 * its outcome after (docs/lane.md, Journal): after a crash every request that may have left is
 * found, with its order id, and nothing is guessed. It holds no PAN, track, PIN or CVV.
 */
export class JournalStore extends JournalReads {
  /** The store-and-forward queue of offline approvals (docs/lane.md › Offline). */
  readonly offline: OfflineEntries;

  constructor(path: string) {
    super(path);
    this.offline = new OfflineEntries(this.db, (id) => this.changed(id));
  }

  /** Records that a workflow started (running until ended). */
  startWorkflow(id: string, kind: WorkflowKind, training: boolean, at = Date.now()): void {
    this.statement(
      `INSERT INTO workflows (id, kind, state, training, started_at) VALUES (?, ?, 'running', ?, ?)`,
    ).run(id, kind, training ? 1 : 0, at);
  }

  /** Ends a running workflow: complete (its work is done) or cancelled (its approvals undone). */
  endWorkflow(id: string, state: 'complete' | 'cancelled', at = Date.now()): void {
    this.statement(
      `UPDATE workflows SET state = ?, ended_at = ? WHERE id = ? AND state = 'running'`,
    ).run(state, at, id);
  }

  /** Puts a complete workflow back to running: a cancel of it has begun (its reversals follow). */
  reopenWorkflow(id: string): void {
    this.statement(
      `UPDATE workflows SET state = 'running', ended_at = NULL WHERE id = ? AND state = 'complete'`,
    ).run(id);
  }

  /** Commits an intent before its request leaves; the entry is pending until its outcome. */
  recordIntent(intent: Intent, at = Date.now()): JournalEntry {
    this.statement(
      `INSERT INTO entries (id, workflow_id, operation, purpose, parent_id, order_id, target_ttid,
           amount_minor, tip_minor, tender, card, training, state, created_at, updated_at)
         VALUES (@id, @workflowId, @operation, @purpose, @parentId, @orderId, @targetTtid,
           @amountMinor, @tipMinor, @tender, @card, @training, 'pending', @at, @at)`,
    ).run({
      id: intent.id,
      workflowId: intent.workflowId,
      operation: intent.operation,
      purpose: intent.purpose,
      parentId: intent.parentId ?? null,
      orderId: intent.orderId ?? null,
      targetTtid: intent.targetTtid ?? null,
      amountMinor: intent.amountMinor,
      tipMinor: intent.tipMinor ?? null,
      tender: intent.tender ?? null,
      card: intent.card === undefined ? null : JSON.stringify(intent.card),
      training: intent.training ? 1 : 0,
      at,
    });
    return this.changed(intent.id);
  }

  /** Records that an entry's request left without an answer that can be read. */
  markUnknown(id: string, detail: string, at = Date.now()): JournalEntry {
    this.statement(
      `UPDATE entries SET state = 'unknown', unknown_detail = ?, updated_at = ? WHERE id = ?`,
    ).run(detail, at, id);
    return this.changed(id);
  }

  /** Keeps the card's final decision on an entry's completed contact chip (TC or AAC). */
  recordChip(id: string, chip: ChipCompletion, at = Date.now()): JournalEntry {
    this.statement(`UPDATE entries SET chip = ?, updated_at = ? WHERE id = ?`).run(
      JSON.stringify(chip),
      at,
      id,
    );
    return this.changed(id);
  }

  /** Counts one more lookup made to resolve an entry. */
  countAttempt(id: string): void {
    this.statement(`UPDATE entries SET attempts = attempts + 1 WHERE id = ?`).run(id);
  }

  /**
   * Commits an entry's definite outcome, together with the marks it leaves on the entries it acts
   * on (a void marks its sale voided) and, when given, the end of its workflow.
   */
  recordOutcome(
    id: string,
    outcome: Outcome,
    marks: readonly MarkChange[] = [],
    endWorkflow?: { id: string; state: 'complete' | 'cancelled' },
    at = Date.now(),
  ): JournalEntry {
    const marked = this.db.transaction(() => {
      this.statement(
        `UPDATE entries SET state = @state, ttid = @ttid, auth = @auth,
             approved_minor = @approvedMinor, balance_minor = @balanceMinor, reason = @reason,
             decided_by = @decidedBy, verbiage = @verbiage, answer = @answer,
             card = COALESCE(@card, card), unknown_detail = NULL, updated_at = @at
           WHERE id = @id`,
      ).run({
        id,
        at,
        state: outcome.state,
        ttid: outcome.ttid ?? null,
        auth: outcome.auth ?? null,
        approvedMinor: outcome.approvedMinor ?? null,
        balanceMinor: outcome.balanceMinor ?? null,
        reason: outcome.reason ?? null,
        decidedBy: outcome.decidedBy ?? null,
        verbiage: outcome.verbiage ?? null,
        answer: outcome.answer === undefined ? null : JSON.stringify(outcome.answer),
        card: outcome.card === undefined ? null : JSON.stringify(outcome.card),
      });
      for (const change of marks) this.#applyMark(change, at);
      if (endWorkflow !== undefined) this.endWorkflow(endWorkflow.id, endWorkflow.state, at);
      return marks.map((change) => change.entryId);
    })();
    for (const other of new Set(marked)) this.changed(other);
    return this.changed(id);
  }

  /**
   * Voids an offline approval still waiting to be forwarded (docs/lane.md › Offline), nothing
   * sent: in one commit the sale leaves the queue with its card fields, `move` (its void) is
   * recorded as the lane's approved move, and the sale is marked voided. Undefined when the sale
   * is not waiting (a forwarding may have left: the service's answer decides).
   */
  withdrawOffline(
    move: Intent & { readonly parentId: string },
    at = Date.now(),
  ): JournalEntry | undefined {
    const withdrawn = this.db.transaction(() => {
      const left = this.statement(
        `UPDATE entries SET offline = 'withdrawn', offline_card = NULL, updated_at = ?
           WHERE id = ? AND offline = 'waiting'`,
      ).run(at, move.parentId);
      if (left.changes !== 1) return false;
      this.recordIntent(move, at);
      const outcome = {
        state: 'approved',
        approvedMinor: move.amountMinor,
        decidedBy: 'lane',
      } as const;
      this.recordOutcome(
        move.id,
        outcome,
        [{ entryId: move.parentId, mark: 'voided' }],
        undefined,
        at,
      );
      return true;
    })();
    return withdrawn ? this.changed(move.id) : undefined;
  }

  /** Adds marks outside an outcome (settlement marks every approved entry of a batch). */
  addMarks(marks: readonly MarkChange[], at = Date.now()): void {
    this.db.transaction(() => marks.forEach((change) => this.#applyMark(change, at)))();
    for (const id of new Set(marks.map((change) => change.entryId))) this.changed(id);
  }

  /**
   * Marks workflows as cut short by a stop or a crash (docs/lane.md, Interrupted transactions):
   * the one named, or with none named every workflow still running. Answers how many it marked.
   */
  markInterrupted(workflowId?: string, at = Date.now()): number {
    const marked =
      workflowId === undefined
        ? this.statement(
            `UPDATE workflows SET interrupted_at = ? WHERE state = 'running' AND interrupted_at IS NULL`,
          ).run(at)
        : this.statement(
            `UPDATE workflows SET interrupted_at = ? WHERE id = ? AND interrupted_at IS NULL`,
          ).run(at, workflowId);
    return marked.changes;
  }

  /** Records that the cashier saw an interrupted entry; false when there is none such to see. */
  acknowledge(entryId: string, at = Date.now()): boolean {
    const done = this.statement(
      `UPDATE entries SET acknowledged_at = ? WHERE id = ? AND acknowledged_at IS NULL
         AND purpose = 'cashier'
         AND workflow_id IN (SELECT id FROM workflows WHERE interrupted_at IS NOT NULL)`,
    ).run(at, entryId);
    return done.changes === 1;
  }

  /** Keeps a lane setting or flag. */
  setState(key: string, value: string): void {
    this.statement(
      `INSERT INTO lane_state (key, value) VALUES (?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ).run(key, value);
  }

  #applyMark(change: MarkChange, at: number): void {
    this.statement(
      `UPDATE entries SET
           marks = CASE WHEN instr('|' || marks || '|', '|' || @mark || '|') > 0 THEN marks
                        WHEN marks = '' THEN @mark ELSE marks || '|' || @mark END,
           refunded_minor = refunded_minor + @refunded, tip_minor = coalesce(@tip, tip_minor),
           updated_at = @at
         WHERE id = @id`,
    ).run({
      id: change.entryId,
      mark: change.mark,
      refunded: change.refundedMinor ?? 0,
      tip: change.tipMinor ?? null,
      at,
    });
  }
}
