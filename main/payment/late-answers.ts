import type { PreparedRequest } from './request-builder.ts';
import type { Exchange, WireAnswer } from './transport.ts';

/** Milliseconds an answer that missed its deadline is still listened for, and then kept: 120 s. */
export const DEFAULT_LATE_ANSWER_MS = 120_000;

/** What is known of a request that missed its deadline: still waiting, or its late answer. */
export type LateState =
  | { readonly state: 'waiting'; readonly request: PreparedRequest }
  | { readonly state: 'answered'; readonly request: PreparedRequest; readonly answer: WireAnswer };

interface Entry {
  state: LateState;
  readonly exchange: Exchange;
  timer: NodeJS.Timeout;
}

/**
 * Requests of new transactions whose answer missed its deadline, by order id. The client keeps
 * listening for lateMs: an answer that then arrives is what the service decided, and resolve
 * uses it; a request still waiting makes "no such order" mean "not decided yet", not "not
 * charged". Requests without an order id are not kept.
 */
export class LateAnswers {
  readonly #lateMs: number;
  readonly #entries = new Map<string, Entry>();

  constructor(lateMs: number = DEFAULT_LATE_ANSWER_MS) {
    this.#lateMs = lateMs;
  }

  /** Keeps listening for the answer of a request that missed its deadline. */
  track(request: PreparedRequest, exchange: Exchange): void {
    const orderId = request.orderId;
    if (orderId === undefined) {
      exchange.abandon();
      exchange.answer.catch(() => undefined);
      return;
    }
    this.#drop(orderId);
    const entry: Entry = {
      state: { state: 'waiting', request },
      exchange,
      timer: setTimeout(() => this.#drop(orderId), this.#lateMs),
    };
    entry.timer.unref();
    this.#entries.set(orderId, entry);
    exchange.answer.then(
      (answer) => {
        if (this.#entries.get(orderId) === entry)
          entry.state = { state: 'answered', request, answer };
      },
      () => {
        if (this.#entries.get(orderId) === entry) this.#drop(orderId);
      },
    );
  }

  /** What is known of the order's unanswered request, if the client is still keeping it. */
  get(orderId: string): LateState | undefined {
    return this.#entries.get(orderId)?.state;
  }

  /** Stops listening for every late answer. */
  close(): void {
    for (const orderId of [...this.#entries.keys()]) this.#drop(orderId);
  }

  #drop(orderId: string): void {
    const entry = this.#entries.get(orderId);
    if (entry === undefined) return;
    this.#entries.delete(orderId);
    clearTimeout(entry.timer);
    entry.exchange.abandon();
  }
}
