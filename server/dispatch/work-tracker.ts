/**
 * Counts requests between their arrival and the moment their answer is written, so shutdown can
 * wait until every accepted request has been answered. Idleness is confirmed a turn of the event
 * loop after the count reaches zero, so a request that a finishing one lets start (a key/value or
 * REST request waiting for an in-flight slot) is waited for too.
 */
export class WorkTracker {
  #active = 0;
  #waiters: (() => void)[] = [];
  /**
   * True once the service drains (docs/scaling.md › A rolling upgrade): each transport closes a
   * connection after its current answer instead of keeping it open for the next request.
   */
  draining = false;

  /** Requests begun and not yet finished. */
  get active(): number {
    return this.#active;
  }

  /** Marks one request begun; call end() once when its answer is written. */
  begin(): void {
    this.#active += 1;
  }

  /** Marks one begun request finished (answered, or its connection gone). */
  end(): void {
    this.#active -= 1;
    if (this.#active === 0 && this.#waiters.length > 0) setImmediate(() => this.#wakeIfIdle());
  }

  /** Resolves when no request is in progress (at once when none is). */
  whenIdle(): Promise<void> {
    if (this.#active === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #wakeIfIdle(): void {
    if (this.#active === 0) for (const wake of this.#waiters.splice(0)) wake();
  }
}
