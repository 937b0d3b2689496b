/**
 * Turns at the one SQLite connection the service holds. A transaction holds the connection while
 * its work runs, which may await between statements; any other use waits until it is done, so no
 * statement runs inside another caller's open transaction or reads what it has not committed. A
 * use that finds the connection free runs at once, without waiting a turn.
 */
export class ConnectionGate {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  /** True while a transaction holds the connection. */
  get held(): boolean {
    return this.#held;
  }

  /** Runs `use` (synchronous statements) as soon as no transaction holds the connection. */
  async run<T>(use: () => T): Promise<T> {
    while (this.#held) await this.#released();
    return use();
  }

  /** Holds the connection for `work` (in arrival order); others wait until it settles. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    while (this.#held) await this.#released();
    this.#held = true;
    try {
      return await work();
    } finally {
      this.#held = false;
      this.#waiting.splice(0).forEach((wake) => wake());
    }
  }

  #released(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
}
