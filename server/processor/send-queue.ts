/** Order among waiting transactions (seed: priority; default normal; low for large batches). */
export type SendPriority = 'low' | 'normal' | 'high';

const PRIORITY_ORDER: readonly SendPriority[] = ['high', 'normal', 'low'];

/** Timers the queue arms for waiting jobs; tests pass their own to fire them at will. */
export interface QueueTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Node's own timers. */
const nodeTimers: QueueTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** One unit of work for the processor. */
export interface SendJob<T> {
  priority: SendPriority;
  /** Seconds the job may wait for a free slot before it is answered TIMEOUT; none by default. */
  timeoutSeconds?: number;
  run: () => Promise<T>;
}

/** What became of a job: run to its value, or timed out waiting and never run. */
export type SendOutcome<T> = { kind: 'done'; value: T } | { kind: 'timeout' };

interface Waiting {
  start: () => void;
  expire: () => void;
  timer?: unknown;
}

/** Options of the send queue. */
export interface SendQueueOptions {
  /** Jobs running at once (messages in flight to the processor); default 16. */
  concurrency?: number;
  timers?: QueueTimers;
}

/**
 * The send queue in front of the processor (seed: priority, timeout): at most `concurrency` jobs
 * run at once; waiting jobs start by priority (high, normal, low), first come first served within
 * one priority; a job still waiting after its timeout is answered timeout without running.
 */
export class SendQueue {
  readonly #concurrency: number;
  readonly #timers: QueueTimers;
  readonly #waiting = new Map<SendPriority, Waiting[]>(PRIORITY_ORDER.map((p) => [p, []]));
  #running = 0;

  constructor(options: SendQueueOptions = {}) {
    this.#concurrency = options.concurrency ?? 16;
    this.#timers = options.timers ?? nodeTimers;
  }

  /** Jobs waiting for a slot. */
  get waiting(): number {
    let count = 0;
    for (const list of this.#waiting.values()) count += list.length;
    return count;
  }

  /** Jobs running now. */
  get running(): number {
    return this.#running;
  }

  /** Runs the job when a slot is free, or answers timeout if it waited past its timeout. */
  submit<T>(job: SendJob<T>): Promise<SendOutcome<T>> {
    return new Promise<SendOutcome<T>>((resolve, reject) => {
      const start = (): void => {
        this.#running += 1;
        job
          .run()
          .then((value) => resolve({ kind: 'done', value }), reject)
          .finally(() => {
            this.#running -= 1;
            this.#next();
          });
      };
      if (this.#running < this.#concurrency && this.waiting === 0) {
        start();
        return;
      }
      if (job.timeoutSeconds === 0) {
        resolve({ kind: 'timeout' });
        return;
      }
      const list = this.#waiting.get(job.priority) ?? [];
      const entry: Waiting = { start, expire: () => resolve({ kind: 'timeout' }) };
      if (job.timeoutSeconds !== undefined) {
        entry.timer = this.#timers.set(() => {
          const at = list.indexOf(entry);
          if (at >= 0) list.splice(at, 1);
          entry.expire();
        }, job.timeoutSeconds * 1000);
      }
      list.push(entry);
    });
  }

  #next(): void {
    while (this.#running < this.#concurrency) {
      const list = PRIORITY_ORDER.map((p) => this.#waiting.get(p)).find((l) => l?.length);
      const entry = list?.shift();
      if (entry === undefined) return;
      if (entry.timer !== undefined) this.#timers.clear(entry.timer);
      entry.start();
    }
  }
}
