// How a running service stops: at once (close) or by draining first (drain, on SIGTERM)
// (docs/scaling.md › A rolling upgrade).
import type { Logger } from 'pino';
import type { RequestDispatcher } from './dispatch/request-dispatcher.ts';
import type { WorkTracker } from './dispatch/work-tracker.ts';
import type { RequestLog } from './log/request-log.ts';
import type { ServiceListeners } from './net/service-listeners.ts';
import type { OpsListener } from './ops/ops-listener.ts';
import type { ServiceStore } from './store/service-store.ts';

/** Milliseconds open connections get to close on their own at shutdown before being cut. */
const CLOSE_GRACE_MS = 2000;

/** What a stop ends, in the order it ends them. */
export interface StopParts {
  readonly listeners: ServiceListeners;
  readonly dispatcher: RequestDispatcher;
  readonly tracker: WorkTracker;
  readonly requests: RequestLog;
  /** Closes the transports' idle connections, so the drain leaves only those with work. */
  readonly closeIdleConnections: () => void;
  readonly engine: { close(): Promise<void> };
  readonly store: ServiceStore;
  readonly ops: OpsListener | undefined;
  readonly logger: Logger;
}

/** The two ways to stop a running service; each runs once however often it is called. */
export interface ServiceStop {
  /**
   * Stops accepting connections, answers new requests SYS_UNAVAILABLE, lets the engine finish
   * the transactions in flight, sends their answers, closes every connection and the store. Called
   * during a drain, it cuts the drain's wait short.
   */
  close(): Promise<void>;
  /**
   * Readiness turns 503 and connections are no longer accepted; every request already read, and
   * every one still arriving on an open connection, is run and answered, and each connection is
   * closed after its answer (REST with Connection: close) or at once when idle. Once no connection
   * is left, or after `timeoutMs`, or when close() is called, the service closes as close() does.
   */
  drain(timeoutMs: number): Promise<void>;
}

/** The stop of a running service (ServiceStop). */
export function serviceStop(parts: StopParts): ServiceStop {
  const { listeners, dispatcher, tracker, requests, engine, store, ops, logger } = parts;
  let closing: Promise<void> | undefined;
  let draining: Promise<void> | undefined;
  let cutShort: () => void = () => undefined;
  const close = () => {
    cutShort();
    closing ??= (async () => {
      logger.info('stopping: finishing requests in flight');
      listeners.stopAccepting();
      dispatcher.stopTaking();
      await engine.close();
      await tracker.whenIdle();
      await listeners.closeConnections(CLOSE_GRACE_MS);
      requests.flush();
      await store.close();
      await ops?.close();
      logger.info('stopped');
    })();
    return closing;
  };
  const drain = (timeoutMs: number) => {
    if (closing !== undefined) return closing;
    draining ??= (async () => {
      logger.info({ timeoutMs }, 'draining: answering what was sent, accepting nothing new');
      tracker.draining = true;
      listeners.stopAccepting();
      parts.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([
        listeners.whenNoConnections().then(() => 'done' as const),
        new Promise<'timeout'>((resolve) => (timer = setTimeout(resolve, timeoutMs, 'timeout'))),
        new Promise<'cut'>((resolve) => (cutShort = () => resolve('cut'))),
      ]);
      clearTimeout(timer);
      if (waited !== 'done') logger.warn({ reason: waited }, 'drain ended with connections open');
      await close();
    })();
    return draining;
  };
  return { close, drain };
}
