import type Database from 'better-sqlite3';
import type { ConnectionGate } from './connection-gate.ts';
import type { WalSync } from './wal-sync.ts';

/** Statements compiled once per connection and reused, by their SQL text. */
export type Prepare = Database.Database['prepare'];

/**
 * How a SQLite store's tables reach the connection. Each table method runs its statements inside
 * read() or write(), synchronously; the session decides what surrounds them.
 */
export interface SqliteSession {
  /** The prepared statement for the SQL, compiled on first use. */
  prepare: Prepare;
  /** Runs statements that only read. */
  read<T>(use: () => T): Promise<T>;
  /** Runs statements that write, as one atomic change. */
  write<T>(change: () => T): Promise<T>;
}

/** A statement cache over one connection. */
export function statementCache(db: Database.Database): Prepare {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return prepare as Prepare;
}

/**
 * The session of calls made outside a store transaction: each takes its turn at the connection
 * (never inside another caller's open transaction); each write is its own immediate transaction and
 * resolves once the log holding it is flushed.
 */
export function topLevelSession(
  db: Database.Database,
  prepare: Prepare,
  gate: ConnectionGate,
  wal: WalSync | undefined,
): SqliteSession {
  const atomically = db.transaction((change: () => unknown) => change()).immediate;
  return {
    prepare,
    read: (use) => gate.run(use),
    write: async <T>(change: () => T): Promise<T> => {
      const result = await gate.run(() => atomically(change) as T);
      if (wal === undefined) return result;
      wal.committed();
      await wal.durable();
      return result;
    },
  };
}

/** The session of calls made inside a store transaction, which holds the connection already. */
export function transactionSession(prepare: Prepare): SqliteSession {
  return {
    prepare,
    read: async (use) => use(),
    write: async (change) => change(),
  };
}
