import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { RefusalBudget, type RefusalLogLimits } from '../log/refusal-budget.ts';
import { connectionSource } from './source-address.ts';

/** Sources a summary of refused connections names: the five with the most. */
const NAMED_SOURCES = 5;

/** The connection limits (docs/security.md, Connections and memory). */
export interface AdmissionLimits {
  /** Connections served at once over every port; default 512. */
  maxConnections: number;
  /** Connections, served or waiting, from one source (connectionSource); default 64. */
  maxConnectionsPerSource: number;
  /** Milliseconds a connection may wait for a slot before it is closed; default 120 000. */
  waitMs: number;
}

/** Lines of refused connections written one by one: at most 10 in 10 seconds (docs/security.md). */
const CONNECTION_REFUSAL_LINES: RefusalLogLimits = { perSource: 10, overall: 10, windowMs: 10_000 };

interface Waiter {
  socket: Socket;
  serve: (socket: Socket) => void;
}

/**
 * Decides what happens to each accepted TCP connection, before a byte of it is read: one from a
 * source that already holds maxConnectionsPerSource is closed at once; otherwise it is served
 * while fewer than maxConnections are, and else waits unread for a slot, first come first served,
 * for at most waitMs (TCP backpressure rather than refusal). As many may wait as may be served;
 * past that a new one is closed at once. Every closed one is logged, one line each up to a budget and
 * then in a summary (RefusalBudget).
 */
export class ConnectionAdmission {
  readonly #limits: AdmissionLimits;
  readonly #logger: Logger;
  readonly #refusals: RefusalBudget;
  readonly #perSource = new Map<string, number>();
  /** Waiting connections in arrival order (a Set keeps insertion order and deletes in O(1)). */
  readonly #waiting = new Set<Waiter>();
  #serving = 0;

  constructor(limits: AdmissionLimits, logger: Logger) {
    this.#limits = limits;
    this.#logger = logger;
    this.#refusals = new RefusalBudget(CONNECTION_REFUSAL_LINES, (summary) =>
      logger.warn(
        {
          refused: summary.suppressed,
          sources: summary.sources,
          top: summary.by_source.slice(0, NAMED_SOURCES),
        },
        'connections refused and not logged one by one',
      ),
    );
  }

  /** Takes an accepted, not yet read socket: `serve` runs now, later, or never (closed). */
  admit(socket: Socket, serve: (socket: Socket) => void): void {
    const source = connectionSource(socket.remoteAddress);
    const { maxConnections, maxConnectionsPerSource } = this.#limits;
    const held = this.#perSource.get(source) ?? 0;
    socket.on('error', () => socket.destroy());
    if (held >= maxConnectionsPerSource) {
      this.#refuse(socket, source, 'connections per source');
      return;
    }
    const full = this.#serving >= maxConnections;
    if (full && this.#waiting.size >= maxConnections) {
      this.#refuse(socket, source, 'connections waiting for a slot');
      return;
    }
    this.#perSource.set(source, held + 1);
    socket.once('close', () => this.#leave(source));
    if (full) {
      this.#logger.debug({ source }, 'connection waiting for a slot');
      this.#wait(socket, serve);
    } else this.#serve(socket, serve);
  }

  /** Closes every waiting connection (shutdown). */
  dropWaiting(): void {
    for (const waiter of this.#waiting) waiter.socket.destroy();
  }

  #serve(socket: Socket, serve: (socket: Socket) => void): void {
    this.#serving += 1;
    socket.once('close', () => {
      this.#serving -= 1;
      this.#next();
    });
    serve(socket);
  }

  #wait(socket: Socket, serve: (socket: Socket) => void): void {
    const expire = () => socket.destroy();
    const waiter: Waiter = {
      socket,
      serve: (ready) => {
        ready.setTimeout(0);
        ready.removeListener('timeout', expire);
        serve(ready);
      },
    };
    this.#waiting.add(waiter);
    socket.setTimeout(this.#limits.waitMs, expire);
    socket.once('close', () => this.#waiting.delete(waiter));
  }

  #next(): void {
    for (const waiter of this.#waiting) {
      if (this.#serving >= this.#limits.maxConnections) return;
      this.#waiting.delete(waiter);
      this.#serve(waiter.socket, waiter.serve);
    }
  }

  #leave(source: string): void {
    const held = (this.#perSource.get(source) ?? 1) - 1;
    if (held === 0) this.#perSource.delete(source);
    else this.#perSource.set(source, held);
  }

  #refuse(socket: Socket, source: string, reason: string): void {
    socket.destroy();
    if (this.#refusals.take(source)) this.#logger.warn({ source, reason }, 'connection refused');
  }
}
