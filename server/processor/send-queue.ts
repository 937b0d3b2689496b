/** Order among waiting transactions (docs/interface.md › priority; default normal; low for large batches). */
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
  /** The merchant (merchants.id) the message is for; jobs without one share one merchant's lot. */
  merchant?: number;
  /** Seconds the job may wait for a free slot before it is answered TIMEOUT; none by default. */
  timeoutSeconds?: number;
  run: () => Promise<T>;
}

/** What became of a job: run to its value, or timed out waiting and never run. */
export type SendOutcome<T> = { kind: 'done'; value: T } | { kind: 'timeout' };

/**
 * A job waiting for a slot and how its caller is answered: a class, so a message makes no named
 * closures (each would cost a defineProperty of its name per message under tsx).
 */
class Waiting {
  readonly job: SendJob<unknown>;
  readonly merchant: number;
  readonly resolve: (outcome: SendOutcome<unknown>) => void;
  readonly reject: (error: unknown) => void;
  timer: unknown = undefined;

  constructor(
    job: SendJob<unknown>,
    merchant: number,
    resolve: (outcome: SendOutcome<unknown>) => void,
    reject: (error: unknown) => void,
  ) {
    this.job = job;
    this.merchant = merchant;
    this.resolve = resolve;
    this.reject = reject;
  }

  /** Answers timeout: the job never ran. */
  expire(): void {
    this.resolve({ kind: 'timeout' });
  }
}

/** Options of the send queue (docs/security.md, Limits). */
export interface SendQueueOptions {
  /** Jobs running at once (messages in flight to the processor); default 16. */
  concurrency?: number;
  /** Jobs of one merchant running at once; default 8. */
  perMerchant?: number;
  timers?: QueueTimers;
}

/** The key of jobs sent without a merchant. */
const SHARED = -1;

/**
 * The send queue in front of the processor (docs/interface.md › priority, timeout): at most `concurrency` jobs
 * run at once, and at most `perMerchant` of one merchant. A free slot goes to the highest priority
 * (high, normal, low) that has a waiting job of a merchant below its limit; among those merchants,
 * to the one with the fewest jobs running, the one served longest ago on a tie; each merchant's own
 * jobs go first come first served. So a merchant's backlog never holds back another merchant's
 * first job for longer than the first job in flight takes to finish: one processor round trip. A
 * job still waiting after its timeout is answered timeout without running.
 */
export class SendQueue {
  readonly #concurrency: number;
  readonly #perMerchant: number;
  readonly #timers: QueueTimers;
  /** Waiting jobs by priority, then by merchant in the order merchants began to wait. */
  readonly #waiting = new Map<SendPriority, Map<number, Waiting[]>>(
    PRIORITY_ORDER.map((p) => [p, new Map()]),
  );
  readonly #runningBy = new Map<number, number>();
  /** When each merchant was last given a slot, by a counter of slots given. */
  readonly #servedAt = new Map<number, number>();
  #served = 0;
  #running = 0;

  constructor(options: SendQueueOptions = {}) {
    this.#concurrency = options.concurrency ?? 16;
    this.#perMerchant = options.perMerchant ?? 8;
    this.#timers = options.timers ?? nodeTimers;
  }

  /** Jobs waiting for a slot. */
  get waiting(): number {
    let count = 0;
    for (const byMerchant of this.#waiting.values()) {
      for (const list of byMerchant.values()) count += list.length;
    }
    return count;
  }

  /** Jobs running now. */
  get running(): number {
    return this.#running;
  }

  /** Jobs of one merchant running now. */
  runningFor(merchant: number | undefined): number {
    return this.#runningBy.get(merchant ?? SHARED) ?? 0;
  }

  /** Runs the job when a slot is free for it, or answers timeout if it waited past its timeout. */
  submit<T>(job: SendJob<T>): Promise<SendOutcome<T>> {
    const merchant = job.merchant ?? SHARED;
    return new Promise<SendOutcome<T>>((resolve, reject) => {
      const answer = resolve as (outcome: SendOutcome<unknown>) => void;
      const entry = new Waiting(job, merchant, answer, reject);
      const byMerchant = this.#waiting.get(job.priority) ?? new Map<number, Waiting[]>();
      const list = byMerchant.get(merchant) ?? [];
      byMerchant.set(merchant, list);
      list.push(entry);
      this.#next();
      if (!list.includes(entry)) return;
      if (job.timeoutSeconds === 0) {
        this.#remove(byMerchant, merchant, entry);
        entry.expire();
      } else if (job.timeoutSeconds !== undefined) {
        entry.timer = this.#timers.set(() => {
          this.#remove(byMerchant, merchant, entry);
          entry.expire();
        }, job.timeoutSeconds * 1000);
      }
    });
  }

  /** Runs a job in a slot of its own; the slot is freed, and given on, once the job settles. */
  #start(entry: Waiting): void {
    const { merchant } = entry;
    this.#running += 1;
    this.#runningBy.set(merchant, this.runningFor(merchant) + 1);
    this.#servedAt.set(merchant, (this.#served += 1));
    entry.job
      .run()
      .then((value) => entry.resolve({ kind: 'done', value }), entry.reject)
      .finally(() => {
        this.#running -= 1;
        const left = this.runningFor(merchant) - 1;
        if (left === 0) this.#runningBy.delete(merchant);
        else this.#runningBy.set(merchant, left);
        this.#next();
      });
  }

  #remove(byMerchant: Map<number, Waiting[]>, merchant: number, entry: Waiting): void {
    const list = byMerchant.get(merchant) ?? [];
    const at = list.indexOf(entry);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) byMerchant.delete(merchant);
  }

  /** Gives free slots to waiting jobs, in the order the class comment describes. */
  #next(): void {
    while (this.#running < this.#concurrency) {
      const chosen = this.#choose();
      if (chosen === undefined) return;
      const [byMerchant, merchant] = chosen;
      const entry = byMerchant.get(merchant)?.[0];
      if (entry === undefined) return;
      this.#remove(byMerchant, merchant, entry);
      if (entry.timer !== undefined) this.#timers.clear(entry.timer);
      this.#start(entry);
    }
  }

  #choose(): [Map<number, Waiting[]>, number] | undefined {
    for (const priority of PRIORITY_ORDER) {
      const byMerchant = this.#waiting.get(priority);
      if (byMerchant === undefined) continue;
      let best: number | undefined;
      for (const merchant of byMerchant.keys()) {
        if (this.runningFor(merchant) >= this.#perMerchant) continue;
        if (best === undefined || this.#before(merchant, best)) best = merchant;
      }
      if (best !== undefined) return [byMerchant, best];
    }
    return undefined;
  }

  /** True when merchant `a` is owed the next slot before merchant `b`. */
  #before(a: number, b: number): boolean {
    const running = this.runningFor(a) - this.runningFor(b);
    if (running !== 0) return running < 0;
    return (this.#servedAt.get(a) ?? 0) < (this.#servedAt.get(b) ?? 0);
  }
}
