import { type CallOptions, withDeadline } from '../call-options.ts';

/**
 * One device's work queue: calls run one at a time in arrival order, each under its own deadline
 * (time spent waiting in the queue counts) and cancel signal. A call that times out or is
 * cancelled while queued never runs. Each device has its own queue, so a stuck printer never
 * holds up a card reader.
 */
export class DeviceQueue {
  readonly name: string;
  #tail: Promise<void> = Promise.resolve();
  #pending = 0;

  constructor(name: string) {
    this.name = name;
  }

  /** Calls queued or running now. */
  get pending(): number {
    return this.#pending;
  }

  /**
   * Resolves once every call queued so far has ended on the device, including the clean-up of a
   * call its caller gave up on (a cancelled card wait's cancel message); later calls are not waited for.
   */
  idle(): Promise<void> {
    return this.#tail;
  }

  /** Queues `work`; it gets a signal that aborts at the deadline or on cancel. */
  run<T>(
    operation: string,
    options: CallOptions,
    defaultDeadlineMs: number,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const previous = this.#tail;
    let finished: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      finished = resolve;
    });
    // The next call starts once this one's work has settled, even if its caller gave up earlier.
    this.#tail = previous.then(() => gate);
    this.#pending += 1;
    let started = false;
    const result = withDeadline(
      `${this.name} ${operation}`,
      options,
      defaultDeadlineMs,
      async (signal) => {
        await previous;
        signal.throwIfAborted();
        started = true;
        try {
          return await work(signal);
        } finally {
          finished();
        }
      },
    );
    const settle = (): void => {
      this.#pending -= 1;
      if (!started) finished();
    };
    result.then(settle, settle);
    return result;
  }
}
