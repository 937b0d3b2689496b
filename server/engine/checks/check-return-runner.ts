import type { CheckReturnTiming, EngineContext } from '../engine-context.ts';
import { unixSeconds } from '../../shared/clock.ts';
import { runDueReturns } from './check-returns.ts';

/** The longest a timer waits in one go, in milliseconds (Node caps setTimeout near 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Fetches checks' ACH returns when they fall due: a timer set for the earliest due return, reset
 * by every settlement that makes returns due (wake) and after every run; runs never overlap, so
 * no return is fetched twice. Housekeeping calls run too, which catches up returns that fell due
 * while the service was down.
 */
export class CheckReturnRunner implements CheckReturnTiming {
  readonly delaySeconds: number;
  readonly #timed: boolean;
  #ctx: EngineContext | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> = Promise.resolve(0);
  #closed = false;

  /**
   * `delaySeconds`: how long after settlement a check's return is due; `timed`: false leaves every
   * run to the caller (a service without housekeeping).
   */
  constructor(delaySeconds: number, timed: boolean) {
    this.delaySeconds = delaySeconds;
    this.#timed = timed;
  }

  /** Gives the runner the engine it runs in; wake and run do nothing before. */
  attach(ctx: EngineContext): void {
    this.#ctx = ctx;
  }

  wake(): void {
    void this.#arm().catch((error: unknown) => {
      const { name, message } = error as Error;
      this.#ctx?.logger.error({ error: name, message }, 'timing check returns failed');
    });
  }

  /** Sets the timer for the earliest return still to come, replacing the one set before. */
  async #arm(): Promise<void> {
    const ctx = this.#ctx;
    if (ctx === undefined || this.#closed || !this.#timed) return;
    const due = await ctx.store.checks.nextDueTs();
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (due === undefined || this.#closed) return;
    const waitMs = Math.min(MAX_TIMER_MS, Math.max(0, (due - unixSeconds(ctx.clock())) * 1000));
    this.#timer = setTimeout(() => void this.run(), waitMs);
    this.#timer.unref();
  }

  /** Fetches every due return now, after any run in progress; resolves to how many came back. */
  run(): Promise<number> {
    const ctx = this.#ctx;
    if (ctx === undefined) return Promise.resolve(0);
    const next = this.#running.then(async () => {
      if (this.#closed) return 0;
      try {
        return await runDueReturns(ctx, ctx.clock());
      } catch (error) {
        const { name, message } = error as Error;
        ctx.logger.error({ error: name, message }, 'fetching check returns failed');
        return 0;
      } finally {
        this.wake();
      }
    });
    this.#running = next;
    return next;
  }

  /** Stops the timer and waits for a run in progress. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    await this.#running;
  }
}
