import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  startPostgresCluster,
  type PostgresCluster,
} from '../../server/helpers/postgres-cluster.ts';
import { startServiceProcess, stopServiceProcess, type ServiceProcess } from './service-process.ts';

/**
 * Starts the service a conformance suite runs against, with the suite's own options, and stops it
 * (and what it needed) afterwards: one suite, run once per back end.
 */
export interface SuiteService {
  /** Starts the service with `extra` command-line options. */
  start: (extra?: string[]) => Promise<ServiceProcess>;
  stop: (service: ServiceProcess | undefined) => Promise<void>;
  /** Folders where what the service stores lies at rest: its data directory, and the database's. */
  restingDirs: (service: ServiceProcess) => string[];
}

/** The service as `npm run server -- --demo` runs it: the embedded SQLite store. */
export const sqliteService: SuiteService = {
  start: (extra = []) => startServiceProcess(undefined, extra),
  stop: stopServiceProcess,
  restingDirs: (service) => [service.dataDir],
};

/** The service on `--store postgres://…`, a database of a throwaway cluster started for it. */
export function postgresService(): SuiteService {
  let cluster: PostgresCluster | undefined;
  return {
    start: async (extra = []) => {
      cluster = await startPostgresCluster();
      return startServiceProcess(undefined, ['--store', await cluster.createDatabase(), ...extra]);
    },
    stop: async (service) => {
      await stopServiceProcess(service);
      await cluster?.stop();
    },
    restingDirs: (service) => [
      service.dataDir,
      ...(cluster === undefined ? [] : [cluster.primary.dataDir]),
    ],
  };
}

/** One file at rest and its bytes. */
export interface RestingFile {
  path: string;
  bytes: Buffer;
}

/**
 * Every file under the folders (recursively) with its bytes, to search for card data that must not
 * be there; a file the database removes between listing and reading is passed over.
 */
export function restingFiles(dirs: string[]): RestingFile[] {
  return dirs
    .flatMap((dir) => readdirSync(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .flatMap((entry) => {
      const path = join(entry.parentPath, entry.name);
      try {
        return [{ path, bytes: readFileSync(path) }];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    });
}
