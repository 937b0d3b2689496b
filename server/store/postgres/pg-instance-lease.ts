import { randomInt } from 'node:crypto';
import type pg from 'pg';
import type { StoreProblemReport } from '../service-store.ts';
import type { PgConnections } from './pg-connections.ts';

/** The first key of the advisory locks that tell running instances (pg_advisory_lock(int, int)). */
export const INSTANCE_LOCK_CLASS = 1_507_020_007;

/** How long a lease lasts past its last renewal, in milliseconds (10 s). */
export const LEASE_MS = 10_000;
/** How often a running instance renews its lease, and retakes a lost lock, in milliseconds. */
const RENEW_MS = 1_000;

/** The database's clock in Unix milliseconds: every instance's lease is read by the same clock. */
export const NOW_MS = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

/** SQL true when instance `owner` (a column or parameter) holds its advisory lock in this database. */
export function holdsInstanceLock(owner: string): string {
  return `EXISTS (SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid::bigint = ${INSTANCE_LOCK_CLASS} AND l.objid::bigint = ${owner})`;
}

/**
 * SQL true when instance `owner` runs: it holds its advisory lock (released the moment its
 * connection closes, so a crashed instance shows at once), or its lease has not run out (it may be
 * taking its lock again on a promoted standby, which holds no lock of the old primary).
 */
export function instanceRuns(owner: string): string {
  return `(${holdsInstanceLock(owner)} OR EXISTS (SELECT 1 FROM instances i
    WHERE i.owner = ${owner} AND i.lease_until > ${NOW_MS}))`;
}

const TRY_LOCK = 'SELECT pg_try_advisory_lock($1, $2) AS ok';
const RENEW = `INSERT INTO instances (owner, lease_until) VALUES ($1, ${NOW_MS} + $2)
  ON CONFLICT (owner) DO UPDATE SET lease_until = excluded.lease_until`;

/** An Error for what a rejection carried. */
const asError = (thrown: unknown): Error =>
  thrown instanceof Error ? thrown : new Error(String(thrown));

async function tryLock(client: pg.PoolClient, owner: number): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>(TRY_LOCK, [INSTANCE_LOCK_CLASS, owner]);
  return rows[0]?.ok === true;
}

/**
 * A running instance's claim on the database (docs/architecture.md, The store): an advisory lock
 * (INSTANCE_LOCK_CLASS, a random key: `owner`) held on a connection of its own, and a lease in the
 * instances table renewed every second. When the connection is lost (its server crashed or a
 * standby was promoted), the lock is taken again on the server now writable within a second of it
 * answering; the lease, replicated with every commit, covers the gap. A renewal that fails is
 * reported once until one succeeds again, and so is a lock and lease not given up at close.
 */
export class PgInstanceLease {
  readonly owner: number;
  readonly #connections: PgConnections;
  readonly #report: StoreProblemReport;
  #client: pg.PoolClient | undefined;
  #failing = false;
  #renewing: Promise<void> | undefined;
  readonly #timer: NodeJS.Timeout;

  private constructor(
    connections: PgConnections,
    client: pg.PoolClient,
    owner: number,
    report: StoreProblemReport,
  ) {
    this.#connections = connections;
    this.#report = report;
    this.#client = client;
    this.owner = owner;
    this.#timer = setInterval(() => void this.#renew(), RENEW_MS).unref();
  }

  /** Takes a lock key no running instance holds, and a lease on it. */
  static async take(
    connections: PgConnections,
    report: StoreProblemReport,
  ): Promise<PgInstanceLease> {
    const client = await connections.acquire();
    try {
      let owner = randomInt(1, 2 ** 31 - 1);
      while (!(await tryLock(client, owner))) owner = randomInt(1, 2 ** 31 - 1);
      await client.query(RENEW, [owner, LEASE_MS]);
      return new PgInstanceLease(connections, client, owner, report);
    } catch (error) {
      client.release(true);
      throw error;
    }
  }

  /** Stops renewing, gives the lease and the lock up, and closes their connection. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#renewing;
    const client = this.#client;
    if (client === undefined) return;
    // Unlocked before the connection closes: a backend lets its locks go only once it has exited.
    await client
      .query('SELECT pg_advisory_unlock($1, $2)', [INSTANCE_LOCK_CLASS, this.owner])
      .then(() => client.query('DELETE FROM instances WHERE owner = $1', [this.owner]))
      .catch((error: unknown) =>
        this.#report(
          'instance lock and lease not given up at close; the lease runs out by itself',
          asError(error),
        ),
      );
    client.release(true);
  }

  /** Renews the lease; on a connection found lost, takes the lock again on a fresh one first. */
  #renew(): void {
    if (this.#renewing !== undefined) return;
    this.#renewing = this.#renewOnce().finally(() => {
      this.#renewing = undefined;
    });
  }

  async #renewOnce(): Promise<void> {
    let client = this.#client;
    try {
      if (client === undefined) {
        client = await this.#connections.acquire();
        this.#client = client;
        if (!(await tryLock(client, this.owner))) throw new Error('instance lock held elsewhere');
      }
      await client.query(RENEW, [this.owner, LEASE_MS]);
      this.#failing = false;
    } catch (error) {
      client?.release(true);
      this.#client = undefined;
      if (!this.#failing)
        this.#report(
          'instance lease not renewed; its lock is taken again at the next renewal',
          asError(error),
        );
      this.#failing = true;
    }
  }
}
