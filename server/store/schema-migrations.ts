import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoreBackend } from './service-store.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^(\d{3})_[a-z0-9_]+\.sql$/;

/** One schema step of a back end: migrations/<backend>/NNN_name.sql, applied once, in order. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The database's schema is newer than this service knows: it refuses to start on it. */
export class SchemaTooNewError extends Error {
  readonly code = 'STORE_SCHEMA_TOO_NEW';
  /** The database's schema version. */
  readonly found: number;
  /** The newest version this service knows. */
  readonly known: number;

  constructor(found: number, known: number) {
    super(
      `store: the database's schema is version ${found}, newer than this service knows ` +
        `(${known}); run the service version that wrote it, or a later one`,
    );
    this.name = 'SchemaTooNewError';
    this.found = found;
    this.known = known;
  }
}

/** The schema steps shipped for a back end, in the order they apply. */
export function listMigrations(backend: StoreBackend): Migration[] {
  const dir = join(MIGRATIONS_DIR, backend);
  return readdirSync(dir)
    .map((name) => ({ name, match: MIGRATION_FILE.exec(name) }))
    .filter((entry) => entry.match !== null)
    .map(({ name, match }) => ({
      version: Number(match?.[1]),
      name,
      sql: readFileSync(join(dir, name), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
}

/**
 * The steps a database at schema version `current` still needs; throws SchemaTooNewError when it
 * is past the last step known.
 */
export function pendingMigrations(current: number, migrations: readonly Migration[]): Migration[] {
  const known = migrations.at(-1)?.version ?? 0;
  if (current > known) throw new SchemaTooNewError(current, known);
  return migrations.filter((migration) => migration.version > current);
}
