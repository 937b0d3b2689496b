import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { SqlInFlightStore } from '../in-flight-store.ts';
import type { ServiceStore, StoreTx } from '../service-store.ts';
import type { SqlSession } from '../sql-session.ts';
import { StoreAreas, storeAreas } from '../store-areas.ts';
import type { GroupCommitObserver, StoreFigures } from '../store-figures.ts';
import { ConnectionGate } from './connection-gate.ts';
import { applySqliteMigrations } from './sqlite-migrations.ts';
import { sqliteSessions } from './sqlite-session.ts';
import { SqliteTransactionStore } from './sqlite-transaction-store.ts';
import { StanSequence } from './stan-sequence.ts';
import { WalCheckpointer } from './wal-checkpointer.ts';
import { WalSync } from './wal-sync.ts';

/** Options of a SQLite store. */
export interface SqliteStoreOptions {
  /** Called with the SQL of every statement run (better-sqlite3's verbose), for tracing. */
  verbose?: (sql?: unknown) => void;
}

/** Every area of a SQLite store over one session. */
function sqliteAreas(session: SqlSession): StoreTx {
  return storeAreas(session, {
    transactions: new SqliteTransactionStore(session),
    inFlight: new SqlInFlightStore(session),
  });
}

/**
 * Opens the file in WAL mode with foreign keys on, its schema brought up to date; a file on disk
 * gets group commit (WalSync) and checkpoints on a thread of their own (WalCheckpointer).
 */
function openDatabase(path: string, options: SqliteStoreOptions) {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, options.verbose === undefined ? {} : { verbose: options.verbose });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // The savepoints of one commit a turn journal pages in memory, not in a file each (TurnCommit).
    db.pragma('temp_store = MEMORY');
    db.pragma('busy_timeout = 5000');
    applySqliteMigrations(db);
    // From now on a write that meets another connection's lock waits without blocking (whenFree).
    db.pragma('busy_timeout = 0');
    if (db.memory) return { db, wal: undefined, checkpointer: undefined };
    const checkpointer = new WalCheckpointer(db);
    const wal = new WalSync(`${path}-wal`, () => checkpointer.committed());
    return { db, wal, checkpointer };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The SQLite back end of the store boundary, the service's embedded default: one file, one
 * connection, WAL journal with synchronous=NORMAL and group commit (WalSync), so a commit is
 * answered only once the log holding it is flushed, and one flush serves every commit made while
 * the previous one ran; checkpoints run on a thread of their own (WalCheckpointer). Store
 * transactions take turns at the connection (ConnectionGate); reads outside them wait for the one
 * in progress, so they never see what is not committed.
 */
export class SqliteServiceStore extends StoreAreas implements ServiceStore {
  readonly backend = 'sqlite';
  /** The database file, or ":memory:". */
  readonly path: string;
  /** The connection itself, for tests and tools that inspect rows; writes belong to the store. */
  readonly database: Database.Database;
  readonly #gate: ConnectionGate;
  readonly #wal: WalSync | undefined;
  readonly #checkpointer: WalCheckpointer | undefined;
  readonly #top: SqlSession;
  readonly #tx: StoreTx;
  readonly #stans: StanSequence;

  constructor(path: string, options: SqliteStoreOptions = {}) {
    const { db, wal, checkpointer } = openDatabase(path, options);
    const gate = new ConnectionGate();
    const sessions = sqliteSessions(db, gate, wal);
    const top = sqliteAreas(sessions.top);
    super(top);
    this.path = path;
    this.database = db;
    this.#gate = gate;
    this.#wal = wal;
    this.#checkpointer = checkpointer;
    this.#top = sessions.top;
    this.#tx = sqliteAreas(sessions.tx);
    this.#stans = new StanSequence(top.transactions);
  }

  /** Log flushes so far: a figure for benches (0 for an in-memory database). */
  get flushes(): number {
    return this.#wal?.flushes ?? 0;
  }

  ping(): Promise<void> {
    return this.#gate.run(() => {
      this.database.prepare('SELECT count(*) FROM sqlite_schema').get();
    });
  }

  figures(): StoreFigures {
    return { flushes: this.flushes };
  }

  watchGroupCommits(observer: GroupCommitObserver): void {
    if (this.#wal !== undefined) this.#wal.onFlush = observer;
  }

  transaction<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.#top.write(() => work(this.#tx));
  }

  nextStanSeq(profileId: number): Promise<number> {
    return this.#stans.next(profileId);
  }

  settled(): Promise<void> {
    return this.#wal?.durable() ?? Promise.resolve();
  }

  async close(): Promise<void> {
    await this.#gate.run(() => undefined);
    await this.#wal?.close();
    await this.#checkpointer?.stop();
    this.database.close();
  }
}
