import pg from 'pg';
import { POSTGRES_DIALECT } from '../sql-dialect.ts';
import type { SqlSession, SqlValues } from '../sql-session.ts';
import { CommitOutcomeUnknown } from '../commit-outcome-unknown.ts';
import { isServerLost, type PgConnections } from './pg-connections.ts';

/**
 * The store's SQL session on PostgreSQL (SqlSession). Reads and single-statement writes run as
 * they are; write() runs a change of several statements as one transaction, handed a session on
 * it. Inside a store transaction everything runs on the transaction's connection.
 */
export interface PgSession extends SqlSession {
  /** Runs statements as one atomic change. */
  write<T>(change: (session: PgTxSession) => Promise<T>): Promise<T>;
}

/** The session of a store transaction: a statement may be left to run with the commit. */
export interface PgTxSession extends PgSession {
  /**
   * Runs `sql` (one statement, no parameters: values written in it are whole numbers only) in the
   * round trip that commits, just before COMMIT, and hands its rows to `done` before the store
   * transaction resolves. A row lock it takes is held only while PostgreSQL runs the statement and
   * the commit, never across a round trip of the service. A check violation (23514) of such a
   * statement means what it relied on changed meanwhile: the store transaction runs again.
   */
  atCommit(sql: string, done: (rows: Record<string, unknown>[]) => void): void;
}

/** The session of a store transaction on PostgreSQL, from the SqlSession a shared area was given. */
export function pgTxSession(session: SqlSession): PgTxSession {
  if (!('atCommit' in session)) throw new TypeError('not a PostgreSQL store transaction session');
  return session as PgTxSession;
}

/** A statement left for the commit's round trip (PgTxSession.atCommit). */
interface AtCommit {
  sql: string;
  done: (rows: Record<string, unknown>[]) => void;
}

const names = new Map<string, string>();

/** The statement as a named prepared statement: parsed once per connection, by its SQL text. */
function prepared(sql: string, values: SqlValues | undefined): pg.QueryConfig {
  let name = names.get(sql);
  if (name === undefined) {
    name = `laneterm_${names.size + 1}`;
    names.set(sql, name);
  }
  return { name, text: sql, values: values as unknown[] | undefined };
}

/** How many attempts a store transaction gets when it meets a conflict or a lost server. */
const ATTEMPTS = 5;
/** Conflicts that a new attempt resolves (PostgreSQL Appendix A): serialization, deadlock, unique. */
const CONFLICTS = new Set(['40001', '40P01', '23505']);
/** A check violation: in the commit's round trip, a statement's condition changed (atCommit). */
const CHECK_VIOLATION = '23514';

/**
 * Counts reads and fences: a commit that wrote is on disk (and on the synchronous standbys) with
 * everything committed before it, so each read finished before its COMMIT was sent is covered.
 */
export class ReadFence {
  /** Reads finished so far. */
  reads = 0;
  /** Reads finished before the last commit that wrote was sent. */
  covered = 0;

  /** Notes a finished commit that wrote, sent when `mark` reads had finished. */
  cover(mark: number): void {
    if (mark > this.covered) this.covered = mark;
  }
}

/** True when a statement changes rows, on its own or in a WITH clause. */
function isWrite(sql: string): boolean {
  return /\b(INSERT\s+INTO|DELETE\s+FROM)\b|\bUPDATE\s+\w+(\s+(AS\s+)?\w+)?\s+SET\b/i.test(sql);
}

/** The id RETURNING gave an INSERT of one row. */
function newId(row: Record<string, unknown> | undefined, key: string): number {
  if (row === undefined) throw new Error('store: an INSERT returned no row');
  return Number(row[key]);
}

/** A session on one connection inside a transaction; `wrote` tells whether it changed a row. */
class TransactionSession implements PgTxSession {
  readonly dialect = POSTGRES_DIALECT;
  readonly lock = ' FOR UPDATE';
  wrote = false;
  readonly finals: AtCommit[] = [];
  readonly #client: pg.PoolClient;
  readonly #fence: ReadFence;

  constructor(client: pg.PoolClient, fence: ReadFence) {
    this.#client = client;
    this.#fence = fence;
  }

  async all<T>(sql: string, values?: SqlValues): Promise<T[]> {
    const result = await this.#client.query(prepared(sql, values));
    if (isWrite(sql) && (result.rowCount ?? 0) > 0) this.wrote = true;
    this.#fence.reads += 1;
    return result.rows as T[];
  }

  async get<T>(sql: string, values?: SqlValues): Promise<T | undefined> {
    return (await this.all<T>(sql, values))[0];
  }

  async run(sql: string, values?: SqlValues): Promise<number> {
    const result = await this.#client.query(prepared(sql, values));
    if ((result.rowCount ?? 0) > 0) this.wrote = true;
    return result.rowCount ?? 0;
  }

  async insertRow(sql: string, values: SqlValues, key: string): Promise<number> {
    return newId(await this.get(`${sql} RETURNING ${key}`, values), key);
  }

  write<T>(change: (session: PgTxSession) => Promise<T>): Promise<T> {
    return change(this);
  }

  atCommit(sql: string, done: (rows: Record<string, unknown>[]) => void): void {
    this.finals.push({ sql, done });
    this.wrote = true;
  }
}

/**
 * Commits, with the statements left for the commit in the same round trip: one simple query of
 * them and COMMIT, which PostgreSQL runs in order, stopping at the first error (the transaction
 * then rolls back); each statement's rows go to its `done`.
 */
async function commit(client: pg.PoolClient, finals: readonly AtCommit[]): Promise<void> {
  if (finals.length === 0) {
    await client.query('COMMIT');
    return;
  }
  const results = (await client.query(
    [...finals.map((final) => final.sql), 'COMMIT'].join(';\n'),
  )) as unknown as pg.QueryResult[];
  finals.forEach((final, index) => final.done(results[index]?.rows ?? []));
}

function retryable(error: unknown, committing: boolean, finals: boolean): boolean {
  if (error instanceof pg.DatabaseError) {
    if (CONFLICTS.has(error.code ?? '')) return true;
    if (committing && finals && error.code === CHECK_VIOLATION) return true;
  }
  return !committing && isServerLost(error);
}

/**
 * Runs `work` in one transaction (READ COMMITTED) on a connection of its own, and commits; resolves
 * once the commit is durable (synchronous_commit: flushed, and on the synchronous standbys). A
 * conflict (serialization failure, deadlock, a unique key taken meanwhile, a statement left for the
 * commit finding its condition changed) or a server lost before COMMIT was sent rolls back and
 * runs `work` again on a fresh connection, up to 5 times; a server lost during COMMIT leaves the
 * outcome unknown: CommitOutcomeUnknown is thrown.
 */
export async function runTransaction<T>(
  connections: PgConnections,
  fence: ReadFence,
  work: (session: PgTxSession) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const client = await connections.acquire();
    let committing = false;
    const session = new TransactionSession(client, fence);
    try {
      await client.query('BEGIN');
      const value = await work(session);
      committing = true;
      const mark = fence.reads;
      await commit(client, session.finals);
      if (session.wrote) fence.cover(mark);
      connections.release(client);
      return value;
    } catch (error) {
      if (client.getTransactionStatus() !== 'I') {
        await client.query('ROLLBACK').catch(() => undefined);
      }
      connections.release(client, error);
      const finals = session.finals.length > 0;
      if (attempt < ATTEMPTS && retryable(error, committing, finals)) continue;
      throw committing && isServerLost(error) ? new CommitOutcomeUnknown(error) : error;
    }
  }
}

/**
 * The session of calls made outside a store transaction: a read or a single statement runs on any
 * connection (a read lost with its server runs again on the next), and a change of several
 * statements is a transaction of its own (runTransaction).
 */
export function topLevelSession(connections: PgConnections, fence: ReadFence): PgSession {
  const query = async (sql: string, values: SqlValues | undefined): Promise<pg.QueryResult> => {
    for (let attempt = 1; ; attempt += 1) {
      const client = await connections.acquire();
      try {
        const result = await client.query(prepared(sql, values));
        connections.release(client);
        return result;
      } catch (error) {
        connections.release(client, error);
        if (isWrite(sql) || attempt >= ATTEMPTS || !isServerLost(error)) throw error;
      }
    }
  };
  return {
    dialect: POSTGRES_DIALECT,
    lock: '',
    all: async <T>(sql: string, values?: SqlValues): Promise<T[]> => {
      const result = await query(sql, values);
      fence.reads += 1;
      return result.rows as T[];
    },
    get: async <T>(sql: string, values?: SqlValues): Promise<T | undefined> => {
      const result = await query(sql, values);
      fence.reads += 1;
      return result.rows[0] as T | undefined;
    },
    run: async (sql, values) => {
      const mark = fence.reads;
      const count = (await query(sql, values)).rowCount ?? 0;
      if (count > 0) fence.cover(mark);
      return count;
    },
    insertRow: async (sql, values, key) => {
      const result = await query(`${sql} RETURNING ${key}`, values);
      fence.reads += 1;
      return newId(result.rows[0] as Record<string, unknown> | undefined, key);
    },
    write: (change) => runTransaction(connections, fence, change),
  };
}
