import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/**
 * Commits between two checkpoints: about SQLite's default of 1000 log pages at ~10 pages a sale
 * (docs/architecture.md › Group commit, not an off-loop store).
 */
export const CHECKPOINT_COMMITS = 100;

/** SQLite's own automatic checkpoint threshold, in log pages (PRAGMA wal_autocheckpoint). */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

/**
 * The thread's code: its own connection to the database, and on each message a PASSIVE checkpoint
 * (SQLite's WAL docs: copies what no reader still needs, never waits for a lock or blocks a writer).
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
parentPort.on('message', () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage('done');
  } catch (error) {
    parentPort.postMessage('failed');
  }
});
`;

/**
 * Checkpoints of a WAL database run on a thread of their own instead of inside a commit on the
 * event loop: SQLite checkpoints in the commit that crosses wal_autocheckpoint, and with
 * synchronous=NORMAL that checkpoint syncs the log and the database (SQLite's WAL docs,
 * Automatic Checkpoint), stopping every request meanwhile. The connection's own automatic
 * checkpoint is turned off while the thread runs and turned back on if the thread stops
 * (docs/architecture.md › Group commit, not an off-loop store).
 */
export class WalCheckpointer {
  readonly #db: Database.Database;
  readonly #worker: Worker;
  #running = false;
  #stopped = false;
  /** Commits since the last checkpoint was asked for. */
  #commits = 0;

  constructor(db: Database.Database) {
    this.#db = db;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.#worker = new Worker(THREAD_CODE, { eval: true, workerData: { driver, path: db.name } });
    this.#worker.unref();
    db.pragma('wal_autocheckpoint = 0');
    this.#worker.on('message', () => {
      this.#running = false;
    });
    this.#worker.once('error', () => this.#fallBack());
    this.#worker.once('exit', () => this.#fallBack());
  }

  /** Asks for a checkpoint once CHECKPOINT_COMMITS commits were made since the last one asked. */
  committed(): void {
    this.#commits += 1;
    if (this.#stopped || this.#running || this.#commits < CHECKPOINT_COMMITS) return;
    this.#running = true;
    this.#commits = 0;
    this.#worker.postMessage('checkpoint');
  }

  /** Stops the thread; the connection checkpoints itself again (and at its close). */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#worker.terminate();
  }

  /** The thread is gone: the connection checkpoints itself again, as SQLite does by default. */
  #fallBack(): void {
    this.#stopped = true;
    if (this.#db.open) this.#db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
  }
}
