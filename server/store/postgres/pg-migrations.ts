import { listMigrations, pendingMigrations, type Migration } from '../schema-migrations.ts';
import type { PgConnections } from './pg-connections.ts';

/** Key of the advisory lock held while a schema is brought up to date (any 64-bit number). */
const MIGRATION_LOCK = 1_507_020_001;

/**
 * Brings a PostgreSQL database's schema up to date: in one transaction holding an advisory lock
 * (so instances starting together migrate once), reads the version from schema_version, refuses
 * (SchemaTooNewError) a schema newer than the steps known, and applies every newer step with the
 * version bump; DDL is transactional in PostgreSQL, so a failed step leaves the schema where it
 * was. Returns the number of steps applied.
 */
export async function applyPostgresMigrations(
  connections: PgConnections,
  migrations: readonly Migration[] = listMigrations('postgres'),
): Promise<number> {
  const client = await connections.acquire();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)');
    const { rows } = await client.query<{ version: number }>(
      'SELECT max(version) AS version FROM schema_version',
    );
    const pending = pendingMigrations(rows[0]?.version ?? 0, migrations);
    for (const migration of pending) {
      await client.query(migration.sql);
      await client.query('DELETE FROM schema_version');
      await client.query('INSERT INTO schema_version (version) VALUES ($1)', [migration.version]);
    }
    await client.query('COMMIT');
    connections.release(client);
    return pending.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    connections.release(client, error);
    throw error;
  }
}
