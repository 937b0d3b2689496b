/**
 * The lane's background pass (docs/lane.md, Recovery): one at a time, at start, on a timer and when
 * asked. A pass that fails is logged and `failed` is told once until a pass succeeds; the next
 * pass runs on time all the same. Once halted, no pass starts.
 */
export class BackgroundSweep {
  readonly #pass: () => Promise<void>;
  readonly #failed: () => void;
  #sweep: Promise<void> = Promise.resolve();
  #failing = false;
  #halted = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(pass: () => Promise<void>, failed: () => void) {
    this.#pass = pass;
    this.#failed = failed;
  }

  /** Runs a pass after the one in progress, if any; resolves when it is done. */
  now(): Promise<void> {
    if (this.#halted) return this.#sweep;
    this.#sweep = this.#sweep.then(() => this.#once());
    return this.#sweep;
  }

  /** Runs a pass now and every `everyMs` (the timer does not keep the process alive). */
  start(everyMs: number): void {
    void this.now();
    this.#timer = setInterval(() => void this.now(), everyMs);
    this.#timer.unref();
  }

  /** No pass starts from now on. */
  halt(): void {
    this.#halted = true;
    clearInterval(this.#timer);
  }

  /** Resolves once the pass in progress, if any, has ended. */
  settled(): Promise<void> {
    return this.#sweep;
  }

  async #once(): Promise<void> {
    try {
      await this.#pass();
      this.#failing = false;
    } catch (error) {
      console.error(`lane: a recovery pass failed: ${(error as Error).message}`);
      if (this.#failing) return;
      this.#failing = true;
      this.#failed();
    }
  }
}
