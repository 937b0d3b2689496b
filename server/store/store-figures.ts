/** A PostgreSQL store's connection pools now, all servers together (pg.Pool's counts). */
export interface PoolFigures {
  /** Connections lent out to a store call. */
  inUse: number;
  /** Connections open and idle. */
  idle: number;
  /** Store calls waiting for a connection now. */
  waiting: number;
  /** Store calls so far that found every connection in use and had to wait. */
  waits: number;
}

/**
 * What a store tells the service's metrics (docs/scaling.md › What to watch): SQLite's group
 * commits, or PostgreSQL's pool; read when /metrics is, never on a request's path.
 */
export interface StoreFigures {
  /** SQLite: write-ahead log flushes started so far (each covers one group of commits). */
  flushes?: number;
  /** PostgreSQL: the connection pools. */
  pool?: PoolFigures;
}

/** Told the size of each group commit: the commits and reads one log flush made durable. */
export type GroupCommitObserver = (size: number) => void;
