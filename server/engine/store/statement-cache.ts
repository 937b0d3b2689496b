import type { Store } from '../../store/database.ts';

/**
 * The database as the engine's and the accounts' stores use it: prepared statements compiled once
 * and reused, and one reusable transaction wrapper (nested calls become savepoints of the outer
 * transaction).
 */
export interface EngineDatabase {
  /** A prepared statement for the SQL, compiled on first use. */
  prepare: Store['prepare'];
  /** Runs `work` in one SQLite transaction, or in a savepoint when already inside one. */
  atomically<T>(work: () => T): T;
}

/** The engine's view of an open store. */
export function engineDatabase(store: Store): EngineDatabase {
  const statements = new Map<string, ReturnType<Store['prepare']>>();
  const inTransaction = store.transaction((work: () => unknown) => work());
  const prepare = (sql: string): ReturnType<Store['prepare']> => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = store.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return {
    prepare: prepare as Store['prepare'],
    atomically: <T>(work: () => T): T => inTransaction(work) as T,
  };
}
