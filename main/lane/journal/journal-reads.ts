import type { HistoryQuery } from '../../lane-api/index.ts';
import { JournalDatabase } from './journal-database.ts';
import { type WorkflowRow, searchClause, workflowFromRow } from './journal-rows.ts';
import type { JournalEntry, JournalWorkflow } from './journal-types.ts';

/**
 * What the journal is asked (docs/lane.md, Journal): workflows, entries by workflow, by parent and
 * by state, the history, the interrupted list, counts and the lane's kept state.
 */
export abstract class JournalReads extends JournalDatabase {
  /** A workflow, or undefined. */
  workflow(id: string): JournalWorkflow | undefined {
    const row = this.statement(`SELECT * FROM workflows WHERE id = ?`).get(id) as
      WorkflowRow | undefined;
    return row === undefined ? undefined : workflowFromRow(row);
  }

  /** Workflows still running: at start, those a crash interrupted. */
  runningWorkflows(): JournalWorkflow[] {
    const rows = this.statement(
      `SELECT * FROM workflows WHERE state = 'running' ORDER BY started_at`,
    ).all() as WorkflowRow[];
    return rows.map(workflowFromRow);
  }

  /** The cashier's entries of interrupted workflows not acknowledged yet, oldest first. */
  interrupted(): JournalEntry[] {
    return this.all(
      `SELECT * FROM entries WHERE purpose = 'cashier' AND acknowledged_at IS NULL
         AND workflow_id IN (SELECT id FROM workflows WHERE interrupted_at IS NOT NULL)
       ORDER BY seq`,
    );
  }

  /** The entries that act on one (its completion, tip, refunds, voids), oldest first. */
  movesOf(entryId: string): JournalEntry[] {
    return this.all(`SELECT * FROM entries WHERE parent_id = ? ORDER BY seq`, entryId);
  }

  /** Entries whose outcome is not known yet (pending or unknown), oldest first. */
  unresolved(): JournalEntry[] {
    return this.all(`SELECT * FROM entries WHERE state IN ('pending', 'unknown') ORDER BY seq`);
  }

  /** A workflow's entries, oldest first. */
  entriesOf(workflowId: string): JournalEntry[] {
    return this.all(`SELECT * FROM entries WHERE workflow_id = ? ORDER BY seq`, workflowId);
  }

  /** The history: entries matching the query, newest first. */
  search(query: HistoryQuery): JournalEntry[] {
    const { where, params } = searchClause(query);
    const limit = query.limit ?? 50;
    return this.all(`SELECT * FROM entries ${where} ORDER BY seq DESC LIMIT ${limit}`, ...params);
  }

  /** How many entries there are, and how many are being checked. */
  counts(): { entries: number; checking: number } {
    const row = this.statement(
      `SELECT COUNT(*) AS entries,
           SUM(CASE WHEN state IN ('pending', 'unknown') THEN 1 ELSE 0 END) AS checking
         FROM entries`,
    ).get() as { entries: number; checking: number | null };
    return { entries: row.entries, checking: row.checking ?? 0 };
  }

  /** How many entries are being checked (pending or unknown), by the state index alone. */
  checkingCount(): number {
    const row = this.statement(
      `SELECT COUNT(*) AS checking FROM entries WHERE state IN ('pending', 'unknown')`,
    ).get() as { checking: number };
    return row.checking;
  }

  /** A lane setting or flag the journal keeps (the day open, edited settings), or undefined. */
  getState(key: string): string | undefined {
    const row = this.statement(`SELECT value FROM lane_state WHERE key = ?`).get(key) as
      { value: string } | undefined;
    return row?.value;
  }
}
