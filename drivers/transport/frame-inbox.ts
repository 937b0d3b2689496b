import { untilAborted } from '../call-options.ts';

/**
 * A queue of frames a parser has cut from a byte stream, awaited one at a time. Frames that
 * arrive with nobody waiting are kept (a swipe before readCard() is not lost) up to `limit`;
 * a failure (disconnect) rejects the waiter and every later take until reset().
 */
export class FrameInbox<T> {
  readonly #frames: T[] = [];
  readonly #waiters: { resolve: (frame: T) => void; reject: (error: Error) => void }[] = [];
  readonly #limit: number;
  #failure: Error | undefined;

  /** `limit`: frames kept while nobody waits; the oldest is dropped past it. Default 16. */
  constructor(limit = 16) {
    this.#limit = limit;
  }

  /** Hands a frame to the oldest waiter, or keeps it. */
  push(frame: T): void {
    const waiter = this.#waiters.shift();
    if (waiter !== undefined) {
      waiter.resolve(frame);
      return;
    }
    this.#frames.push(frame);
    if (this.#frames.length > this.#limit) this.#frames.shift();
  }

  /** The next frame; rejects with the signal's reason (TIMEOUT/CANCELLED) or the failure. */
  take(signal: AbortSignal): Promise<T> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    const kept = this.#frames.shift();
    if (kept !== undefined) return Promise.resolve(kept);
    let entry: { resolve: (frame: T) => void; reject: (error: Error) => void } | undefined;
    const waiting = new Promise<T>((resolve, reject) => {
      entry = { resolve, reject };
      this.#waiters.push(entry);
    });
    return untilAborted(signal, waiting).finally(() => {
      const index = entry === undefined ? -1 : this.#waiters.indexOf(entry);
      if (index >= 0) this.#waiters.splice(index, 1);
    });
  }

  /** Drops kept frames, e.g. stale answers before a new command. */
  clear(): void {
    this.#frames.length = 0;
  }

  /** Rejects every waiter and every later take with `error` (the link is gone). */
  fail(error: Error): void {
    this.#failure = error;
    this.#frames.length = 0;
    for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
  }

  /** Accepts frames again after a reconnect, keeping only the kept frames `keep` takes (none). */
  reset(keep: (frame: T) => boolean = () => false): void {
    this.#failure = undefined;
    this.#frames.splice(0, this.#frames.length, ...this.#frames.filter(keep));
  }
}
