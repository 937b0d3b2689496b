import type { ServiceStore, StoreProblemReport, StoreTx } from '../service-store.ts';
import type { SqlSession } from '../sql-session.ts';
import type { StoreFigures } from '../store-figures.ts';
import { StoreAreas, storeAreas } from '../store-areas.ts';
import { PgConnections } from './pg-connections.ts';
import { PgInFlightStore } from './pg-in-flight-store.ts';
import { PgInstanceLease } from './pg-instance-lease.ts';
import { applyPostgresMigrations } from './pg-migrations.ts';
import { ReadFence, runTransaction, topLevelSession, type PgSession } from './pg-session.ts';
import { PgStanBlocks } from './pg-stan-blocks.ts';
import { PgTransactionStore } from './pg-transaction-store.ts';
import type { PostgresLocation } from './postgres-location.ts';

/**
 * A commit of its own in one statement: txid_current() gives the statement's transaction an id, so
 * its commit is flushed (and waits for the synchronous standbys) like any write's.
 */
const FENCE = 'SELECT txid_current()';

/** Every area of the store over one session, for the instance holding lock key `owner`. */
function pgAreas(session: SqlSession, owner: number): StoreTx {
  return storeAreas(session, {
    transactions: new PgTransactionStore(session),
    inFlight: new PgInFlightStore(session, owner),
  });
}

/**
 * The PostgreSQL back end of the store boundary, for several service instances over one database
 * (docs/architecture.md, The store; docs/scaling.md). A pool of connections per server
 * (PgConnections) follows the primary across a failover. Each store transaction runs on a
 * connection of its own at READ COMMITTED, with row locks on what it decides from, and resolves
 * once its commit is durable; concurrent commits on the pool's connections share the server's WAL
 * flushes (PostgreSQL's group commit), so throughput grows with clients.
 */
export class PostgresServiceStore extends StoreAreas implements ServiceStore {
  readonly backend = 'postgres';
  readonly #connections: PgConnections;
  readonly #fence: ReadFence;
  readonly #top: PgSession;
  readonly #stans: PgStanBlocks;
  /** This instance's lock and lease, held for as long as the store is open. */
  readonly #lease: PgInstanceLease;
  #fencing: Promise<void> | undefined;
  #nextFence: Promise<void> | undefined;

  private constructor(connections: PgConnections, lease: PgInstanceLease) {
    const fence = new ReadFence();
    const top = topLevelSession(connections, fence);
    super(pgAreas(top, lease.owner));
    this.#connections = connections;
    this.#lease = lease;
    this.#fence = fence;
    this.#top = top;
    this.#stans = new PgStanBlocks(top);
  }

  /**
   * Connects to the location, brings its schema up to date (refusing one too new), and takes this
   * instance's lock and lease (PgInstanceLease), which tell other instances it runs.
   */
  static async open(
    location: PostgresLocation,
    report: StoreProblemReport = () => undefined,
  ): Promise<PostgresServiceStore> {
    const connections = new PgConnections(location);
    try {
      await applyPostgresMigrations(connections);
      return new PostgresServiceStore(connections, await PgInstanceLease.take(connections, report));
    } catch (error) {
      await connections.end();
      throw error;
    }
  }

  transaction<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return runTransaction(this.#connections, this.#fence, (session) =>
      work(pgAreas(session, this.#lease.owner)),
    );
  }

  nextStanSeq(profileId: number): Promise<number> {
    return this.#stans.next(profileId);
  }

  /**
   * A read may have seen a commit that is flushed on the primary but not yet on the synchronous
   * standbys (PostgreSQL shows a commit before the standby confirms it). Once a commit that wrote
   * and was sent after a read finished is durable, so is everything the read saw; when none is,
   * one is made (FENCE), shared by every caller meanwhile.
   */
  settled(): Promise<void> {
    if (this.#fence.covered >= this.#fence.reads) return Promise.resolve();
    if (this.#nextFence !== undefined) return this.#nextFence;
    if (this.#fencing === undefined) return this.#startFence();
    const next = this.#fencing
      .catch(() => undefined)
      .then(() => {
        this.#nextFence = undefined;
        return this.#startFence();
      });
    this.#nextFence = next;
    return next;
  }

  ping(): Promise<void> {
    return this.#connections.ping();
  }

  figures(): StoreFigures {
    return { pool: this.#connections.figures() };
  }

  /** PostgreSQL groups commits in its own WAL writer: there is nothing here to watch. */
  watchGroupCommits(): void {}

  async close(): Promise<void> {
    await this.#lease.close();
    await this.#connections.end();
  }

  #startFence(): Promise<void> {
    const fencing = this.#top
      .run(FENCE)
      .then(() => undefined)
      .finally(() => {
        if (this.#fencing === fencing) this.#fencing = undefined;
      });
    this.#fencing = fencing;
    return fencing;
  }
}
