// The store's SQL session over the one SQLite connection (better-sqlite3): numbered placeholders
// bound by position, turns at the connection, and group commit (docs/architecture.md, The store).
import type Database from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';
import { SQLITE_DIALECT } from '../sql-dialect.ts';
import type { SqlSession, SqlValues } from '../sql-session.ts';
import type { ConnectionGate } from './connection-gate.ts';
import { positionalValues } from './positional-sql.ts';
import { rowOf, statementCache, type Prepared } from './statement-cache.ts';
import { TurnCommit } from './turn-commit.ts';
import type { WalSync } from './wal-sync.ts';

/** How long a write waits for another connection's write lock before it fails, ms. */
const BUSY_MS = 5000;

/**
 * Runs `attempt` again while another connection to the file holds its write lock (SQLITE_BUSY),
 * waiting 2 ms, then twice as long each time up to 50 ms, for up to BUSY_MS: the connection's own
 * busy timeout is 0, since SQLite's wait would stop the event loop, and with it the transaction
 * holding the lock when that is this process's.
 */
async function whenFree<T>(attempt: () => T | Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_MS;
  for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
    try {
      return await attempt();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const busy = typeof code === 'string' && code.startsWith('SQLITE_BUSY');
      if (!busy || Date.now() >= deadline) throw error;
      await sleep(wait);
    }
  }
}

/** The statements of one session, run synchronously at the connection when `turn` lets them. */
interface Runner {
  all(sql: string, values?: SqlValues): unknown[];
  get(sql: string, values?: SqlValues): unknown;
  run(sql: string, values?: SqlValues): number;
  /** The rowid of the row an INSERT wrote. */
  insertRow(sql: string, values: SqlValues): number;
  /** True when the statement writes (a commit to make durable outside a transaction). */
  writes(sql: string): boolean;
}

function runner(prepare: (sql: string) => Prepared): Runner {
  return {
    all: (sql, values) => {
      const { statement, slots, columns } = prepare(sql);
      const rows = statement.all(positionalValues(slots, values)) as unknown[][];
      return rows.map((row) => rowOf(columns, row));
    },
    get: (sql, values) => {
      const { statement, slots, columns } = prepare(sql);
      const row = statement.get(positionalValues(slots, values)) as unknown[] | undefined;
      return row === undefined ? undefined : rowOf(columns, row);
    },
    run: (sql, values) => {
      const { statement, slots } = prepare(sql);
      return statement.run(positionalValues(slots, values)).changes;
    },
    insertRow: (sql, values) => {
      const { statement, slots } = prepare(sql);
      return Number(statement.run(positionalValues(slots, values)).lastInsertRowid);
    },
    writes: (sql) => !prepare(sql).statement.readonly,
  };
}

/** The sessions of a SQLite store: outside its transactions, and inside one. */
export interface SqliteSessions {
  /** Calls made outside a store transaction. */
  readonly top: SqlSession;
  /** Calls made inside a store transaction, which holds the connection already. */
  readonly tx: SqlSession;
}

/**
 * The sessions over one connection. Outside a store transaction each read takes its turn at the
 * connection (ConnectionGate: never inside another caller's open transaction); a statement that
 * writes runs in the immediate transaction of its turn (TurnCommit), and write() runs its change
 * there in a savepoint of its own; either resolves once the log holding it is flushed (WalSync,
 * group commit), and waits its turn without blocking while another connection to the file writes
 * (whenFree).
 */
export function sqliteSessions(
  db: Database.Database,
  gate: ConnectionGate,
  wal: WalSync | undefined,
): SqliteSessions {
  const statements = runner(statementCache(db));
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  /** Notes a commit at once, so a read after it waits for its flush (WalSync.durable). */
  const committed = (): void => wal?.committed();
  const durable = (): Promise<void> => wal?.durable() ?? Promise.resolve();
  const turns = new TurnCommit(db, gate, {
    begin: () => whenFree(() => void begin.run()),
    commit: () => {
      commit.run();
      committed();
    },
    durable,
  });
  const tx: SqlSession = {
    dialect: SQLITE_DIALECT,
    lock: '',
    all: async <T>(sql: string, values?: SqlValues) => statements.all(sql, values) as T[],
    get: async <T>(sql: string, values?: SqlValues) => statements.get(sql, values) as T | undefined,
    run: async (sql, values) => statements.run(sql, values),
    insertRow: async (sql, values) => statements.insertRow(sql, values),
    write: (change) => change(tx),
  };
  /**
   * Runs one statement in its turn; one that writes joins the commit of its turn (TurnCommit) and
   * resolves once that commit is durable.
   */
  const single = <T>(sql: string, use: () => T): Promise<T> =>
    statements.writes(sql) ? turns.joinStatement(use) : gate.run(use);
  const top: SqlSession = {
    dialect: SQLITE_DIALECT,
    lock: '',
    all: <T>(sql: string, values?: SqlValues) =>
      single(sql, () => statements.all(sql, values) as T[]),
    get: <T>(sql: string, values?: SqlValues) =>
      single(sql, () => statements.get(sql, values) as T | undefined),
    run: (sql, values) => single(sql, () => statements.run(sql, values)),
    insertRow: (sql, values) => single(sql, () => statements.insertRow(sql, values)),
    write: (change) => turns.join(() => change(tx)),
  };
  return { top, tx };
}
