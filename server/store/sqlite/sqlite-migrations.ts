import type Database from 'better-sqlite3';
import { listMigrations, pendingMigrations, type Migration } from '../schema-migrations.ts';

/**
 * Brings a SQLite database's schema up to date: applies every step newer than its PRAGMA
 * user_version, each in its own transaction together with the version bump, so a crash leaves
 * the schema at a whole step. Refuses (SchemaTooNewError) a schema newer than the steps known.
 * Returns the number of steps applied.
 */
export function applySqliteMigrations(
  db: Database.Database,
  migrations: readonly Migration[] = listMigrations('sqlite'),
): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const pending = pendingMigrations(current, migrations);
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return pending.length;
}
