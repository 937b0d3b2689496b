import type Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;

/** One schema step: migrations/NNN_name.sql, applied once, in order of NNN. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The schema steps shipped with the service, in the order they apply. */
export function listMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .map((name) => ({ name, match: MIGRATION_FILE.exec(name) }))
    .filter((entry) => entry.match !== null)
    .map(({ name, match }) => ({
      version: Number(match?.[1]),
      name,
      sql: readFileSync(join(MIGRATIONS_DIR, name), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
}

/**
 * Applies every migration newer than the database's PRAGMA user_version, each in its own
 * transaction together with the version bump, so a crash leaves the schema at a whole step.
 */
export function applyMigrations(db: Database.Database, migrations = listMigrations()): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const pending = migrations.filter((m) => m.version > current);
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return pending.length;
}
