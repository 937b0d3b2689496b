import pg from 'pg';
import { StoreTlsError, pgTlsOptions, tlsRefusal } from './pg-tls-options.ts';
import type { PostgresLocation } from './postgres-location.ts';
import type { PoolFigures } from '../store-figures.ts';

/** No server of the location could be used within connect_timeout. */
export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';

  constructor(detail: string) {
    super(`store: no usable PostgreSQL server (${detail})`);
    this.name = 'StoreUnavailableError';
  }
}

/** int8 (count(*), bigint ids and times) read as numbers: every value kept fits 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? (text: string) => Number(text)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * True when an error means the server went away or cannot take writes: a broken connection, or a
 * SQLSTATE of class 08 (connection exception) or 57 (operator intervention: shutdown, crash,
 * cannot connect now), or 25006 (a write refused as read-only: a standby) (PostgreSQL Appendix A).
 */
export function isServerLost(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) {
    const code = error.code ?? '';
    return code.startsWith('08') || code.startsWith('57') || code === '25006';
  }
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && /^E[A-Z]+$/.test(code)) ||
    /Connection terminated|connection timeout|connection error|not queryable/i.test(error.message)
  );
}

/** Resolves after `ms` milliseconds. */
export const pause = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The pools of connections to a location's servers, one pg.Pool per host, and which host is in
 * use. A connection is taken from the first host (in the location's order, starting with the one
 * in use) that answers and, with target_session_attrs=read-write, is not in recovery; until one
 * does, hosts are tried again every 250 ms for up to connect_timeout. A lost server is left for
 * the next one, so the service follows a promoted standby without a restart.
 */
export class PgConnections {
  readonly #location: PostgresLocation;
  readonly #pools: pg.Pool[];
  readonly #checked = new WeakSet<pg.PoolClient>();
  #current = 0;
  #waits = 0;

  /** Reads the TLS files of the location now (StoreTlsError when one cannot be used). */
  constructor(location: PostgresLocation) {
    this.#location = location;
    const ssl = pgTlsOptions(location.tls);
    this.#pools = location.hosts.map((host) => {
      const pool = new pg.Pool({
        host: host.host,
        port: host.port,
        user: location.user,
        password: location.password,
        database: location.database,
        application_name: location.applicationName,
        max: location.poolMax,
        connectionTimeoutMillis: Math.min(5_000, location.connectTimeoutSeconds * 1000),
        idleTimeoutMillis: 30_000,
        types: TYPES,
        ssl,
      });
      // A connection whose server went away: an idle one the pool drops, one in use fails its
      // query (and is closed on release); neither may end the process as an unhandled event.
      pool.on('error', () => undefined);
      pool.on('connect', (client) => client.on('error', () => undefined));
      return pool;
    });
  }

  /**
   * Takes a connection to a usable server; release it with `release(client, error?)`. When no
   * server is usable and one was refused at the TLS step, fails at once with StoreTlsError: no
   * wait mends a certificate.
   */
  async acquire(): Promise<pg.PoolClient> {
    const deadline = Date.now() + this.#location.connectTimeoutSeconds * 1000;
    let last = 'no host tried';
    for (;;) {
      let refused: string | undefined;
      for (let step = 0; step < this.#pools.length; step += 1) {
        const index = (this.#current + step) % this.#pools.length;
        const client = await this.#connect(index).catch((error: Error) => {
          last = error.message;
          const why = tlsRefusal(error);
          if (why !== undefined) refused = `${this.#hostName(index)} refused: ${why}`;
          return undefined;
        });
        if (client === undefined) continue;
        this.#current = index;
        return client;
      }
      if (refused !== undefined) {
        throw new StoreTlsError(`${refused} (sslmode=${this.#location.tls.sslmode})`);
      }
      if (Date.now() >= deadline) throw new StoreUnavailableError(last);
      await pause(250);
    }
  }

  /** Gives a connection back; with an error that lost the server, it is closed, not reused. */
  release(client: pg.PoolClient, error?: unknown): void {
    client.release(error !== undefined && isServerLost(error) ? (error as Error) : undefined);
  }

  /** Takes a connection, runs SELECT 1 on it and gives it back (readiness). */
  async ping(): Promise<void> {
    const client = await this.acquire();
    try {
      await client.query('SELECT 1');
      this.release(client);
    } catch (error) {
      this.release(client, error);
      throw error;
    }
  }

  /** The pools' connections in use and idle, callers waiting now, and waits so far. */
  figures(): PoolFigures {
    const figures = { inUse: 0, idle: 0, waiting: 0, waits: this.#waits };
    for (const pool of this.#pools) {
      figures.inUse += pool.totalCount - pool.idleCount;
      figures.idle += pool.idleCount;
      figures.waiting += pool.waitingCount;
    }
    return figures;
  }

  /** Closes every connection. */
  async end(): Promise<void> {
    await Promise.all(this.#pools.map((pool) => pool.end()));
  }

  #hostName(index: number): string {
    const host = this.#location.hosts[index];
    if (host === undefined) return '';
    return host.host.includes(':') ? `[${host.host}]:${host.port}` : `${host.host}:${host.port}`;
  }

  async #connect(index: number): Promise<pg.PoolClient> {
    const pool = this.#pools[index] as pg.Pool;
    if (pool.idleCount === 0 && pool.totalCount >= this.#location.poolMax) this.#waits += 1;
    const client = await pool.connect();
    if (this.#location.targetSessionAttrs === 'any' || this.#checked.has(client)) return client;
    try {
      const { rows } = await client.query<{ standby: boolean }>(
        'SELECT pg_is_in_recovery() AS standby',
      );
      if (rows[0]?.standby !== false) throw new Error('server is a standby (read-only)');
      this.#checked.add(client);
      return client;
    } catch (error) {
      client.release(true);
      throw error;
    }
  }
}
