import { closeSync, fdatasync, openSync } from 'node:fs';

/** The write-ahead log could not be flushed: nothing committed since the last flush is durable. */
export class StoreSyncError extends Error {
  readonly code = 'STORE_SYNC';

  constructor(cause: Error) {
    super(`store: the write-ahead log could not be flushed to disk (${cause.message})`);
    this.name = 'StoreSyncError';
  }
}

/** One caller waiting for a flush. */
interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Group commit for a SQLite database in WAL mode with synchronous=NORMAL (SQLite's WAL docs: then
 * a commit writes the log without syncing it, while checkpoints and log resets stay synced). A
 * commit is durable once an fdatasync of the log that started after it has finished; the fdatasync
 * runs on libuv's thread pool, off the event loop, and every commit made while one runs is covered
 * by the next: one flush for many commits, and each waiter resolves only after the flush covering
 * its commit. After a failed flush the log's state on disk is unknown: every waiter and every later
 * call rejects with StoreSyncError.
 */
export class WalSync {
  readonly #fd: number;
  /** Waiters on the flush running now: every commit they wait for came before it started. */
  #running: Waiter[] = [];
  /** Waiters on the next flush. */
  #next: Waiter[] = [];
  /** A commit was written since the last flush started. */
  #dirty = false;
  #failure: StoreSyncError | undefined;
  #flushes = 0;
  readonly #onCommit: (() => void) | undefined;
  /** Told how many waiters each flush answers, when set (the service's metrics). */
  onFlush: ((size: number) => void) | undefined;

  /**
   * Opens the write-ahead log at `walPath` (it must exist: the database is open in WAL mode);
   * `onCommit` hears of each commit noted (WalCheckpointer).
   */
  constructor(walPath: string, onCommit?: () => void) {
    this.#fd = openSync(walPath, 'r');
    this.#onCommit = onCommit;
  }

  /** Flushes started so far (a figure for benches and tests). */
  get flushes(): number {
    return this.#flushes;
  }

  /** Notes that a commit was written to the log; durable() then waits for a flush covering it. */
  committed(): void {
    this.#dirty = true;
    this.#onCommit?.();
  }

  /**
   * Resolves once every commit noted so far is on disk: at once when nothing waits to be flushed,
   * with the flush in progress when it covers the last commit, else after the next flush.
   */
  durable(): Promise<void> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    if (!this.#dirty && this.#running.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      (this.#dirty ? this.#next : this.#running).push({ resolve, reject });
      this.#flush();
    });
  }

  /** Closes the log's file descriptor once the flushes waited for have finished. */
  async close(): Promise<void> {
    await this.durable().catch(() => undefined);
    closeSync(this.#fd);
  }

  #flush(): void {
    if (this.#running.length > 0 || this.#next.length === 0) return;
    const batch = this.#next;
    this.#next = [];
    this.#running = batch;
    this.#dirty = false;
    this.#flushes += 1;
    this.onFlush?.(batch.length);
    fdatasync(this.#fd, (error) => {
      this.#running = [];
      if (error !== null) {
        this.#failure = new StoreSyncError(error);
        for (const waiter of [...batch, ...this.#next.splice(0)]) waiter.reject(this.#failure);
        return;
      }
      for (const waiter of batch) waiter.resolve();
      this.#flush();
    });
  }
}
