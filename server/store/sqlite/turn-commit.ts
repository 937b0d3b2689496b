import type Database from 'better-sqlite3';
import type { ConnectionGate } from './connection-gate.ts';

/**
 * A store transaction, or one statement, waiting to run in the commit of its turn: a statement is
 * atomic by itself (SQLite's statement journal undoes one that fails), so it takes no savepoint.
 */
interface Member {
  work: () => unknown;
  statement: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What a member's work came to. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** How the group of a turn runs its SQL: begin (waiting out another connection's lock), commit. */
export interface TurnCommitSql {
  /** BEGIN IMMEDIATE, run again while another connection to the file holds its write lock. */
  begin(): Promise<void>;
  /** COMMIT, noted for group commit (WalSync.committed). */
  commit(): void;
  /** Resolves once every commit noted so far is on disk (WalSync.durable). */
  durable(): Promise<void>;
}

/** Store transactions in one commit at most (a bound on what one failed commit takes with it). */
export const TURN_MEMBERS = 64;

/**
 * The store transactions (SqlSession.write) and the single statements that write outside one,
 * arriving in one turn of the event loop, run in one SQLite transaction, each store transaction in
 * a savepoint of its own, and share its COMMIT and its flush: each resolves once that commit is
 * durable, and one that fails is undone alone, a store transaction rolled back to its savepoint, a
 * statement by itself (docs/architecture.md, Group commit, not an off-loop store). The group holds
 * the connection (ConnectionGate) from BEGIN to COMMIT, so nothing outside it reads what it has not
 * committed. It takes members until a turn of the event loop passes with none waiting, or
 * TURN_MEMBERS ran; when SQLite ends the transaction itself (a full disk, an I/O error) or the
 * commit or its flush fails, every member of the group fails with that error.
 */
export class TurnCommit {
  readonly #db: Database.Database;
  readonly #gate: ConnectionGate;
  readonly #sql: TurnCommitSql;
  readonly #savepoint: Database.Statement;
  readonly #release: Database.Statement;
  readonly #undo: Database.Statement;
  readonly #rollback: Database.Statement;
  #waiting: Member[] = [];
  #running = false;

  constructor(db: Database.Database, gate: ConnectionGate, sql: TurnCommitSql) {
    this.#db = db;
    this.#gate = gate;
    this.#sql = sql;
    this.#savepoint = db.prepare('SAVEPOINT member');
    this.#release = db.prepare('RELEASE member');
    this.#undo = db.prepare('ROLLBACK TO member');
    this.#rollback = db.prepare('ROLLBACK');
  }

  /** Runs `work` in the commit of its turn; resolves with its value once that commit is durable. */
  join<T>(work: () => Promise<T>): Promise<T> {
    return this.#enter(work, false);
  }

  /**
   * Runs `statement`, one statement that writes, in the commit of its turn without a savepoint;
   * resolves with its value once that commit is durable.
   */
  joinStatement<T>(statement: () => T): Promise<T> {
    return this.#enter(statement, true);
  }

  #enter<T>(work: () => unknown, statement: boolean): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ work, statement, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#running) void this.#groups();
    });
  }

  /**
   * Runs groups while store transactions wait for one; a group's flush is not waited for before
   * the next begins, so commits made meanwhile share the next flush (WalSync).
   */
  async #groups(): Promise<void> {
    this.#running = true;
    try {
      while (this.#waiting.length > 0) {
        const done: [Member, unknown][] = [];
        const failAll = (error: unknown): void => done.forEach(([member]) => member.reject(error));
        try {
          await this.#gate.hold(() => this.#group(done));
        } catch (error) {
          failAll(error);
          continue;
        }
        this.#sql.durable().then(() => done.forEach(([m, value]) => m.resolve(value)), failAll);
      }
    } finally {
      this.#running = false;
    }
  }

  /** One group at the connection: BEGIN, its members each in a savepoint, COMMIT. */
  async #group(done: [Member, unknown][]): Promise<void> {
    try {
      await this.#sql.begin();
    } catch (error) {
      this.#waiting.splice(0).forEach((member) => member.reject(error));
      throw error;
    }
    try {
      for (let taken = 0; taken < TURN_MEMBERS; taken += 1) {
        const member = this.#waiting.shift() ?? (await this.#nextTurn());
        if (member === undefined) break;
        const outcome = await this.#run(member);
        if (outcome.ok) done.push([member, outcome.value]);
        // SQLite ended the transaction itself: what the group did so far is gone.
        if (!this.#db.inTransaction)
          throw outcome.ok ? new Error('store: transaction ended') : outcome.error;
      }
      this.#sql.commit();
    } catch (error) {
      if (this.#db.inTransaction) this.#rollback.run();
      throw error;
    }
  }

  /**
   * A member in its savepoint: released when it succeeds, rolled back and refused when not. A
   * savepoint that cannot be released or rolled back throws, and the whole group is rolled back. A
   * statement runs as it is, and is refused when it fails.
   */
  async #run(member: Member): Promise<Outcome> {
    if (member.statement) {
      try {
        return { ok: true, value: member.work() };
      } catch (error) {
        member.reject(error);
        return { ok: false, error };
      }
    }
    let value: unknown;
    try {
      this.#savepoint.run();
      value = await member.work();
    } catch (error) {
      member.reject(error);
      if (this.#db.inTransaction) {
        this.#undo.run();
        this.#release.run();
      }
      return { ok: false, error };
    }
    try {
      this.#release.run();
    } catch (error) {
      member.reject(error);
      throw error;
    }
    return { ok: true, value };
  }

  /** The first store transaction to arrive before a turn of the event loop passes, if any. */
  async #nextTurn(): Promise<Member | undefined> {
    await new Promise((resolve) => setImmediate(resolve));
    return this.#waiting.shift();
  }
}
