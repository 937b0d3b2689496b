import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { LaneFault } from '../errors.ts';
import { createPrivateDir, ensurePrivateDatabase } from '../private-files.ts';
import { migrateJournal } from './journal-schema.ts';
import { type EntryRow, entryFromRow } from './journal-rows.ts';
import type { JournalEntry } from './journal-types.ts';

/**
 * The journal's file (docs/lane.md, Journal): better-sqlite3 on its own private file, WAL with
 * synchronous=FULL so a statement returns only once its commit is on disk, its statements
 * prepared once, and the listeners told of every entry written or changed.
 */
export abstract class JournalDatabase {
  readonly path: string;
  protected readonly db: Database.Database;
  readonly #listeners = new Set<(entry: JournalEntry) => void>();
  /** Statements by their SQL, prepared once: a step's commit costs its fsync, not a parse. */
  readonly #statements = new Map<string, Database.Statement>();

  constructor(path: string) {
    this.path = path;
    if (path !== ':memory:') {
      createPrivateDir(dirname(path));
      ensurePrivateDatabase(path);
    }
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('foreign_keys = ON');
    migrateJournal(this.db);
  }

  /** Calls listener with every entry written or changed; returns the function that stops it. */
  onChange(listener: (entry: JournalEntry) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** An entry by id, or undefined. */
  get(id: string): JournalEntry | undefined {
    const row = this.statement(`SELECT * FROM entries WHERE id = ?`).get(id) as
      EntryRow | undefined;
    return row === undefined ? undefined : entryFromRow(row);
  }

  close(): void {
    this.#listeners.clear();
    this.db.close();
  }

  protected all(sql: string, ...params: unknown[]): JournalEntry[] {
    return (this.db.prepare(sql).all(...params) as EntryRow[]).map(entryFromRow);
  }

  protected statement(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  protected changed(id: string): JournalEntry {
    const entry = this.get(id);
    if (entry === undefined)
      throw new LaneFault('journal', 'id', 'entry.exists', `journal: no entry ${id}`);
    for (const listener of this.#listeners) listener(entry);
    return entry;
  }
}
