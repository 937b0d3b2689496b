/** The refusal of a password check that waited longer than the queue deadline for a slot. */
export class VerificationBusyError extends Error {
  readonly code = 'SYS_UNAVAILABLE';

  constructor(queueMs: number) {
    super(`password verification: no slot within ${queueMs} ms; request not run`);
    this.name = 'VerificationBusyError';
  }
}

/** Limits of the pool: slots running at once, and the longest wait for one in milliseconds. */
export interface VerificationPoolLimits {
  concurrency: number;
  queueMs: number;
}

interface Job {
  queuedAt: number;
  start: () => void;
  refuse: (error: Error) => void;
}

/**
 * Runs slow password verifications (scrypt) at most `concurrency` at a time; the rest wait in one
 * queue per source address, taken round-robin, so a flood from some addresses waits behind itself
 * rather than in front of everyone. A job still waiting `queueMs` after it was queued is refused
 * with VerificationBusyError without running (docs/security.md › Password verification cache).
 */
export class VerificationPool {
  readonly #limits: VerificationPoolLimits;
  readonly #queues = new Map<string, Job[]>();
  #running = 0;

  constructor(limits: VerificationPoolLimits) {
    this.#limits = limits;
  }

  /** Runs `task` once a slot is free and `source`'s turn has come; its result or its error. */
  run<T>(source: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        queuedAt: performance.now(),
        refuse: reject,
        start: () => {
          task()
            .then(resolve, reject)
            .finally(() => {
              this.#running -= 1;
              this.#startNext();
            });
        },
      };
      const queue = this.#queues.get(source);
      if (queue === undefined) this.#queues.set(source, [job]);
      else queue.push(job);
      this.#startNext();
    });
  }

  #startNext(): void {
    while (this.#running < this.#limits.concurrency) {
      const job = this.#take();
      if (job === undefined) return;
      if (performance.now() - job.queuedAt > this.#limits.queueMs) {
        job.refuse(new VerificationBusyError(this.#limits.queueMs));
        continue;
      }
      this.#running += 1;
      job.start();
    }
  }

  /** The first job of the source whose turn it is; that source moves to the back. */
  #take(): Job | undefined {
    const next = this.#queues.entries().next();
    if (next.done === true) return undefined;
    const [source, jobs] = next.value;
    const job = jobs.shift();
    this.#queues.delete(source);
    if (jobs.length > 0) this.#queues.set(source, jobs);
    return job;
  }
}
