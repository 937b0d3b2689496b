// What one key/value connection works with: the service's dispatcher, work tracker, logs and
// buffer budget, and the connection's limits (docs/api.md, Limits).
import type { Logger } from 'pino';
import type { RequestDispatcher } from '../dispatch/request-dispatcher.ts';
import type { WorkTracker } from '../dispatch/work-tracker.ts';
import type { BufferBudget } from '../net/buffer-budget.ts';
import type { RequestLog } from '../log/request-log.ts';

/** Limits of one key/value connection (docs/api.md, Limits). */
export interface KvLimits {
  /** Largest frame, STX to ETX, in bytes. */
  maxFrameBytes: number;
  /** Requests running at once on the connection; the next waits, unread, for an answer. */
  maxInFlight: number;
  /** Milliseconds with nothing in flight and nothing received before the connection is closed. */
  idleMs: number;
  /** Milliseconds a frame has to arrive whole once its STX has. */
  frameTimeoutMs: number;
  /** Unsent answer bytes past which the connection is read no further until they are sent. */
  maxUnsentBytes: number;
}

/** What a key/value connection works with (docs/security.md, Connections and memory). */
export interface KvConnectionDeps {
  dispatcher: RequestDispatcher;
  tracker: WorkTracker;
  logger: Logger;
  requests: RequestLog;
  limits: KvLimits;
  budget: BufferBudget;
}
