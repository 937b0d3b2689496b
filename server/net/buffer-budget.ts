/**
 * The service-wide budget of bytes held in connection buffers: requests received and not yet
 * answered (key/value frames, REST bodies, partial frames) and answers written but not yet sent.
 * Past the limit the transports answer new requests busy (docs/security.md, Connections and
 * memory); default 64 MiB (--max-buffered-bytes).
 */
export class BufferBudget {
  readonly #limit: number;
  #used = 0;

  /** A budget of `limit` bytes. */
  constructor(limit: number) {
    this.#limit = limit;
  }

  /** True when the held bytes have reached the limit: new requests get the busy answer. */
  get exhausted(): boolean {
    return this.#used >= this.#limit;
  }

  /** Adds held bytes, or with a negative count removes them. */
  add(bytes: number): void {
    this.#used += bytes;
  }
}

/**
 * One connection's part of the budget: its unsent output and the input it has read but not yet
 * decoded (each set to its current figure), and the requests it holds (added and released one by
 * one until answered). close() gives everything back, and from then on the share counts nothing.
 */
export class BufferShare {
  readonly #budget: BufferBudget;
  #unsent = 0;
  #buffered = 0;
  #held = 0;
  #closed = false;

  constructor(budget: BufferBudget) {
    this.#budget = budget;
  }

  /** True when new work must be refused: the whole service holds too much. */
  get exhausted(): boolean {
    return this.#budget.exhausted;
  }

  /** Records the connection's unsent output bytes now (socket.writableLength). */
  setUnsent(bytes: number): void {
    if (bytes === this.#unsent || this.#closed) return;
    this.#budget.add(bytes - this.#unsent);
    this.#unsent = bytes;
  }

  /** Records the connection's input bytes read and not yet decoded into requests. */
  setBuffered(bytes: number): void {
    if (bytes === this.#buffered || this.#closed) return;
    this.#budget.add(bytes - this.#buffered);
    this.#buffered = bytes;
  }

  /** Holds input bytes (a request received and not yet answered). */
  hold(bytes: number): void {
    if (this.#closed) return;
    this.#held += bytes;
    this.#budget.add(bytes);
  }

  /** Releases input bytes held with hold(). */
  release(bytes: number): void {
    if (this.#closed) return;
    this.#held -= bytes;
    this.#budget.add(-bytes);
  }

  /** Gives back everything the connection still holds (it closed). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#budget.add(-(this.#unsent + this.#buffered + this.#held));
  }
}
