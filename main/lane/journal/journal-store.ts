import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import type { HistoryQuery, WorkflowKind } from '../../lane-api/index.ts';
import type { ChipCompletion } from '../../receipt/index.ts';
import { LaneFault } from '../errors.ts';
import { createPrivateDir, ensurePrivateDatabase } from '../private-files.ts';
import { migrateJournal } from './journal-schema.ts';
import { OfflineEntries } from './offline-entries.ts';
import {
  type EntryRow,
  type WorkflowRow,
  entryFromRow,
  searchClause,
  workflowFromRow,
} from './journal-rows.ts';
import type {
  Intent,
  JournalEntry,
  JournalWorkflow,
  MarkChange,
  Outcome,
} from './journal-types.ts';

/**
 * The lane's journal (better-sqlite3, its own file; WAL with synchronous=FULL so a statement
 * returns only once its commit is on disk). An intent is committed before its request leaves and
 * its outcome after (docs/lane.md, Journal): after a crash every request that may have left is
 * found, with its order id, and nothing is guessed. It holds no PAN, track, PIN or CVV.
 */
export class JournalStore {
  readonly path: string;
  readonly #db: Database.Database;
  readonly #listeners = new Set<(entry: JournalEntry) => void>();
  /** Statements by their SQL, prepared once: a step's commit costs its fsync, not a parse. */
  readonly #statements = new Map<string, Database.Statement>();
  /** The store-and-forward queue of offline approvals (docs/lane.md › Offline). */
  readonly offline: OfflineEntries;

  constructor(path: string) {
    this.path = path;
    if (path !== ':memory:') {
      createPrivateDir(dirname(path));
      ensurePrivateDatabase(path);
    }
    this.#db = new Database(path);
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('synchronous = FULL');
    this.#db.pragma('foreign_keys = ON');
    migrateJournal(this.#db);
    this.offline = new OfflineEntries(this.#db, (id) => this.#changed(id));
  }

  /** Calls listener with every entry written or changed; returns the function that stops it. */
  onChange(listener: (entry: JournalEntry) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Records that a workflow started (running until ended). */
  startWorkflow(id: string, kind: WorkflowKind, training: boolean, at = Date.now()): void {
    this.#statement(
      `INSERT INTO workflows (id, kind, state, training, started_at) VALUES (?, ?, 'running', ?, ?)`,
    ).run(id, kind, training ? 1 : 0, at);
  }

  /** Ends a running workflow: complete (its work is done) or cancelled (its approvals undone). */
  endWorkflow(id: string, state: 'complete' | 'cancelled', at = Date.now()): void {
    this.#statement(
      `UPDATE workflows SET state = ?, ended_at = ? WHERE id = ? AND state = 'running'`,
    ).run(state, at, id);
  }

  /** Puts a complete workflow back to running: a cancel of it has begun (its reversals follow). */
  reopenWorkflow(id: string): void {
    this.#statement(
      `UPDATE workflows SET state = 'running', ended_at = NULL WHERE id = ? AND state = 'complete'`,
    ).run(id);
  }

  /** A workflow, or undefined. */
  workflow(id: string): JournalWorkflow | undefined {
    const row = this.#statement(`SELECT * FROM workflows WHERE id = ?`).get(id) as
      WorkflowRow | undefined;
    return row === undefined ? undefined : workflowFromRow(row);
  }

  /** Workflows still running: at start, those a crash interrupted. */
  runningWorkflows(): JournalWorkflow[] {
    const rows = this.#statement(
      `SELECT * FROM workflows WHERE state = 'running' ORDER BY started_at`,
    ).all() as WorkflowRow[];
    return rows.map(workflowFromRow);
  }

  /** Commits an intent before its request leaves; the entry is pending until its outcome. */
  recordIntent(intent: Intent, at = Date.now()): JournalEntry {
    this.#statement(
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
    return this.#changed(intent.id);
  }

  /** Records that an entry's request left without an answer that can be read. */
  markUnknown(id: string, detail: string, at = Date.now()): JournalEntry {
    this.#statement(
      `UPDATE entries SET state = 'unknown', unknown_detail = ?, updated_at = ? WHERE id = ?`,
    ).run(detail, at, id);
    return this.#changed(id);
  }

  /** Keeps the card's final decision on an entry's completed contact chip (TC or AAC). */
  recordChip(id: string, chip: ChipCompletion, at = Date.now()): JournalEntry {
    this.#statement(`UPDATE entries SET chip = ?, updated_at = ? WHERE id = ?`).run(
      JSON.stringify(chip),
      at,
      id,
    );
    return this.#changed(id);
  }

  /** Counts one more lookup made to resolve an entry. */
  countAttempt(id: string): void {
    this.#statement(`UPDATE entries SET attempts = attempts + 1 WHERE id = ?`).run(id);
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
    const marked = this.#db.transaction(() => {
      this.#statement(
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
    for (const other of new Set(marked)) this.#changed(other);
    return this.#changed(id);
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
    const withdrawn = this.#db.transaction(() => {
      const left = this.#statement(
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
    return withdrawn ? this.#changed(move.id) : undefined;
  }

  /** Adds marks outside an outcome (settlement marks every approved entry of a batch). */
  addMarks(marks: readonly MarkChange[], at = Date.now()): void {
    this.#db.transaction(() => marks.forEach((change) => this.#applyMark(change, at)))();
    for (const id of new Set(marks.map((change) => change.entryId))) this.#changed(id);
  }

  /** An entry by id, or undefined. */
  get(id: string): JournalEntry | undefined {
    const row = this.#statement(`SELECT * FROM entries WHERE id = ?`).get(id) as
      EntryRow | undefined;
    return row === undefined ? undefined : entryFromRow(row);
  }

  /**
   * Marks workflows as cut short by a stop or a crash (docs/lane.md, Interrupted transactions):
   * the one named, or with none named every workflow still running. Answers how many it marked.
   */
  markInterrupted(workflowId?: string, at = Date.now()): number {
    const marked =
      workflowId === undefined
        ? this.#statement(
            `UPDATE workflows SET interrupted_at = ? WHERE state = 'running' AND interrupted_at IS NULL`,
          ).run(at)
        : this.#statement(
            `UPDATE workflows SET interrupted_at = ? WHERE id = ? AND interrupted_at IS NULL`,
          ).run(at, workflowId);
    return marked.changes;
  }

  /** The cashier's entries of interrupted workflows not acknowledged yet, oldest first. */
  interrupted(): JournalEntry[] {
    return this.#all(
      `SELECT * FROM entries WHERE purpose = 'cashier' AND acknowledged_at IS NULL
         AND workflow_id IN (SELECT id FROM workflows WHERE interrupted_at IS NOT NULL)
       ORDER BY seq`,
    );
  }

  /** Records that the cashier saw an interrupted entry; false when there is none such to see. */
  acknowledge(entryId: string, at = Date.now()): boolean {
    const done = this.#statement(
      `UPDATE entries SET acknowledged_at = ? WHERE id = ? AND acknowledged_at IS NULL
         AND purpose = 'cashier'
         AND workflow_id IN (SELECT id FROM workflows WHERE interrupted_at IS NOT NULL)`,
    ).run(at, entryId);
    return done.changes === 1;
  }

  /** The entries that act on one (its completion, tip, refunds, voids), oldest first. */
  movesOf(entryId: string): JournalEntry[] {
    return this.#all(`SELECT * FROM entries WHERE parent_id = ? ORDER BY seq`, entryId);
  }

  /** Entries whose outcome is not known yet (pending or unknown), oldest first. */
  unresolved(): JournalEntry[] {
    return this.#all(`SELECT * FROM entries WHERE state IN ('pending', 'unknown') ORDER BY seq`);
  }

  /** A workflow's entries, oldest first. */
  entriesOf(workflowId: string): JournalEntry[] {
    return this.#all(`SELECT * FROM entries WHERE workflow_id = ? ORDER BY seq`, workflowId);
  }

  /** The history: entries matching the query, newest first. */
  search(query: HistoryQuery): JournalEntry[] {
    const { where, params } = searchClause(query);
    const limit = query.limit ?? 50;
    return this.#all(`SELECT * FROM entries ${where} ORDER BY seq DESC LIMIT ${limit}`, ...params);
  }

  /** How many entries there are, and how many are being checked. */
  counts(): { entries: number; checking: number } {
    const row = this.#statement(
      `SELECT COUNT(*) AS entries,
           SUM(CASE WHEN state IN ('pending', 'unknown') THEN 1 ELSE 0 END) AS checking
         FROM entries`,
    ).get() as { entries: number; checking: number | null };
    return { entries: row.entries, checking: row.checking ?? 0 };
  }

  /** How many entries are being checked (pending or unknown), by the state index alone. */
  checkingCount(): number {
    const row = this.#statement(
      `SELECT COUNT(*) AS checking FROM entries WHERE state IN ('pending', 'unknown')`,
    ).get() as { checking: number };
    return row.checking;
  }

  /** A lane setting or flag the journal keeps (the day open, edited settings), or undefined. */
  getState(key: string): string | undefined {
    const row = this.#statement(`SELECT value FROM lane_state WHERE key = ?`).get(key) as
      { value: string } | undefined;
    return row?.value;
  }

  /** Keeps a lane setting or flag. */
  setState(key: string, value: string): void {
    this.#statement(
      `INSERT INTO lane_state (key, value) VALUES (?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ).run(key, value);
  }

  close(): void {
    this.#listeners.clear();
    this.#db.close();
  }

  #applyMark(change: MarkChange, at: number): void {
    this.#statement(
      `UPDATE entries SET
           marks = CASE WHEN instr('|' || marks || '|', '|' || @mark || '|') > 0 THEN marks
                        WHEN marks = '' THEN @mark ELSE marks || '|' || @mark END,
           refunded_minor = refunded_minor + @refunded, updated_at = @at
         WHERE id = @id`,
    ).run({ id: change.entryId, mark: change.mark, refunded: change.refundedMinor ?? 0, at });
  }

  #all(sql: string, ...params: unknown[]): JournalEntry[] {
    return (this.#db.prepare(sql).all(...params) as EntryRow[]).map(entryFromRow);
  }

  #statement(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #changed(id: string): JournalEntry {
    const entry = this.get(id);
    if (entry === undefined)
      throw new LaneFault('journal', 'id', 'entry.exists', `journal: no entry ${id}`);
    for (const listener of this.#listeners) listener(entry);
    return entry;
  }
}
