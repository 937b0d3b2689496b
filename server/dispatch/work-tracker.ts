/**
 * Counts requests between their arrival and the moment their answer is written, so shutdown can
 * wait until every accepted request has been answered.
 */
export class WorkTracker {
  #active = 0;
  #waiters: (() => void)[] = [];

  /** Requests begun and not yet finished. */
  get active(): number {
    return this.#active;
  }

  /** Marks one request begun; call the returned function once when its answer is written. */
  begin(): () => void {
    this.#active += 1;
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      this.#active -= 1;
      if (this.#active === 0) for (const wake of this.#waiters.splice(0)) wake();
    };
  }

  /** Resolves when no request is in progress (at once when none is). */
  whenIdle(): Promise<void> {
    if (this.#active === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}
