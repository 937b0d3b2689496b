import type { Logger } from 'pino';

/** Refusal lines written one by one per window at most: 10 (docs/security.md). */
const LINES_PER_WINDOW = 10;
/** The window those lines are counted over: 10 seconds. */
const WINDOW_MS = 10_000;

/**
 * Logs one warn line per refused connection, with its source address and the limit it met, at
 * most 10 lines in 10 seconds. Past that, refusals are counted, and when the window ends one line
 * tells how many were not logged one by one, so a flood of connections cannot flood the log.
 */
export class RefusalLog {
  readonly #logger: Logger;
  #windowStart = 0;
  #written = 0;
  #unlogged = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Notes one refused connection from `source`, refused for `reason` (the limit it met). */
  refused(source: string, reason: string): void {
    const now = Date.now();
    if (now - this.#windowStart >= WINDOW_MS) {
      this.#windowStart = now;
      this.#written = 0;
    }
    if (this.#written < LINES_PER_WINDOW) {
      this.#written += 1;
      this.#logger.warn({ source, reason }, 'connection refused');
      return;
    }
    this.#unlogged += 1;
    this.#timer ??= setTimeout(() => this.#summarize(), this.#windowStart + WINDOW_MS - now);
    this.#timer.unref();
  }

  #summarize(): void {
    this.#timer = undefined;
    this.#logger.warn({ refused: this.#unlogged }, 'connections refused and not logged one by one');
    this.#unlogged = 0;
  }
}
