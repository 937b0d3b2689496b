import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { applyMigrations } from './migrate.ts';

/** An open store: a better-sqlite3 handle with the service's schema applied. */
export type Store = Database.Database;

/**
 * Opens (creating if needed) the service's SQLite database at `path`, or an in-memory one for
 * ":memory:", and brings its schema up to date. WAL journaling with synchronous=FULL: a commit is
 * on disk before the statement returns, so an answer sent after a commit survives a crash.
 */
export function openStore(path: string): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  applyMigrations(db);
  return db;
}
