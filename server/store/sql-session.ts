// The one way the store's SQL reaches a database, whichever back end holds it
// (docs/architecture.md, The store).
import type { SqlDialect } from './sql-dialect.ts';

/**
 * A statement's values, bound to $1, $2, … in order: text, numbers, booleans, bytes, null, or a
 * list of text (an array parameter, read through SqlDialect.eachText).
 */
export type SqlValues = readonly (string | number | boolean | Buffer | null | readonly string[])[];

/**
 * A session on a store's database, the same shape on every back end: statements with numbered
 * placeholders ($1, $2, …, a number used as often as needed) and the dialect for what the back ends
 * spell differently. Called outside a store transaction, a read sees committed data and run() or
 * write() is one atomic change, resolved once durable; inside one, everything belongs to it.
 */
export interface SqlSession {
  readonly dialect: SqlDialect;
  /**
   * " FOR UPDATE" inside a store transaction of a back end with row locks, else "": a row read there
   * to decide a change is locked until the commit, so a decision on another instance waits for it
   * (row locks at READ COMMITTED; docs/architecture.md, The store).
   */
  readonly lock: string;
  /** Every row of a statement. */
  all<T>(sql: string, values?: SqlValues): Promise<T[]>;
  /** The first row of a statement, if any. */
  get<T>(sql: string, values?: SqlValues): Promise<T | undefined>;
  /** Runs a statement; returns how many rows it changed. */
  run(sql: string, values?: SqlValues): Promise<number>;
  /**
   * Runs an INSERT of one row (no RETURNING clause) and returns the new row's `key` column, its id:
   * SQLite's last insert rowid, which costs no statement and no buffered row, or PostgreSQL's
   * RETURNING (docs/architecture.md, CPU per sale).
   */
  insertRow(sql: string, values: SqlValues, key: string): Promise<number>;
  /** Runs several statements as one atomic change, handed a session inside it. */
  write<T>(change: (session: SqlSession) => Promise<T>): Promise<T>;
}

/** An area of the store written in SQL over one session (store-areas.ts builds them). */
export abstract class SqlArea {
  protected readonly sql: SqlSession;

  constructor(session: SqlSession) {
    this.sql = session;
  }

  /**
   * Runs a statement meant to change at most one row (a conditional UPDATE, a DELETE by key); true
   * when it changed one, so of several callers racing for that row exactly one is told it did.
   */
  protected async changedOne(sql: string, values: SqlValues): Promise<boolean> {
    return (await this.sql.run(sql, values)) === 1;
  }
}
