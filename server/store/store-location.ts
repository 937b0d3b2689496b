import { resolve } from 'node:path';
import {
  parsePostgresLocation,
  PostgresLocationError,
  type PostgresLocation,
} from './postgres/postgres-location.ts';
import { PostgresServiceStore } from './postgres/postgres-service-store.ts';
import type { ServiceStore, StoreProblemReport } from './service-store.ts';
import { SqliteServiceStore } from './sqlite/sqlite-service-store.ts';

/** A SQLite database file (the embedded default). */
export interface SqliteLocation {
  backend: 'sqlite';
  /** The database file (WAL files beside it), absolute. */
  path: string;
}

/** Where the service keeps what it persists: a SQLite file or a PostgreSQL database. */
export type StoreLocation = SqliteLocation | PostgresLocation;

/** A --store value the service cannot use: the message names the option and the forms it takes. */
export class StoreLocationError extends Error {
  readonly code = 'STORE_LOCATION';

  constructor(reason: string) {
    super(
      `--store: ${reason}; give sqlite:PATH (default: DATA_DIR/service.db) or ` +
        'postgres://[USER@]HOST[:PORT][,HOST[:PORT]…]/DATABASE',
    );
    this.name = 'StoreLocationError';
  }
}

/**
 * Reads a --store value: "sqlite:PATH" (PATH relative to the working directory), or a
 * postgres:// or postgresql:// URI (parsePostgresLocation).
 */
export function parseStoreLocation(text: string): StoreLocation {
  if (/^postgres(ql)?:\/\//i.test(text)) {
    try {
      return parsePostgresLocation(text);
    } catch (error) {
      if (error instanceof PostgresLocationError) throw new StoreLocationError(error.message);
      throw error;
    }
  }
  const match = /^sqlite:(.+)$/.exec(text);
  if (match === null) throw new StoreLocationError('not a store location');
  return { backend: 'sqlite', path: resolve(match[1] as string) };
}

/**
 * Opens the store at a location, bringing its schema up to date (refusing one too new); `report`
 * is told of failures the store meets outside any call (StoreProblemReport).
 */
export async function openServiceStore(
  location: StoreLocation,
  report?: StoreProblemReport,
): Promise<ServiceStore> {
  return location.backend === 'sqlite'
    ? new SqliteServiceStore(location.path)
    : PostgresServiceStore.open(location, report);
}
