import { resolve } from 'node:path';
import type { ServiceStore } from './service-store.ts';
import { SqliteServiceStore } from './sqlite/sqlite-service-store.ts';

/** Where the service keeps what it persists: a SQLite database file (the embedded default). */
export interface StoreLocation {
  backend: 'sqlite';
  /** The database file (WAL files beside it), absolute. */
  path: string;
}

/** A --store value the service cannot use: the message names the option and the forms it takes. */
export class StoreLocationError extends Error {
  readonly code = 'STORE_LOCATION';

  constructor(reason: string) {
    super(`--store: ${reason}; give sqlite:PATH (default: DATA_DIR/service.db)`);
    this.name = 'StoreLocationError';
  }
}

/**
 * Reads a --store value: "sqlite:PATH" (PATH relative to the working directory). A postgres://
 * or postgresql:// location is refused: this version of the service has no PostgreSQL back end.
 */
export function parseStoreLocation(text: string): StoreLocation {
  if (/^postgres(ql)?:\/\//i.test(text)) {
    throw new StoreLocationError('PostgreSQL is not available in this version of the service');
  }
  const match = /^sqlite:(.+)$/.exec(text);
  if (match === null) throw new StoreLocationError('not a store location');
  return { backend: 'sqlite', path: resolve(match[1] as string) };
}

/** Opens the store at a location, bringing its schema up to date (refusing one too new). */
export function openServiceStore(location: StoreLocation): ServiceStore {
  return new SqliteServiceStore(location.path);
}
