import { setTimeout as sleep } from 'node:timers/promises';
import { ProtocolError } from '../../protocol/index.ts';
import type { Deadlines } from './client-config.ts';
import type { CallAuth } from './credentials.ts';
import { PaymentNotSentError, PaymentRequestError } from './errors.ts';
import type { LateAnswers } from './late-answers.ts';
import type { PreparedRequest } from './request-builder.ts';
import type { UnknownReason } from './results.ts';
import {
  ConnectionLostError,
  type Exchange,
  type PaymentTransport,
  type WireAnswer,
} from './transport.ts';

/** How a sent request ended: an answer, or no answer that can be trusted. */
export type Delivery =
  | { readonly kind: 'answer'; readonly answer: WireAnswer }
  | { readonly kind: 'lost'; readonly reason: UnknownReason; readonly detail: string };

/** Retry settings: attempts after the first, and the first wait (doubled each time), in ms. */
export interface RetryPolicy {
  readonly retries: number;
  readonly backoffMs: number;
}

/**
 * Sends prepared requests through one transport under per-call deadlines. A request is tried
 * again only when it cannot have reached the service (connection refused, unreachable, TLS or
 * PING failure before sending), with exponential backoff; once it has left it is never resent.
 * An answer that misses its deadline is still listened for (LateAnswers) so that resolve can
 * use it.
 */
export class RequestRunner {
  readonly #transport: PaymentTransport;
  readonly #retry: RetryPolicy;
  readonly #late: LateAnswers;

  constructor(transport: PaymentTransport, retry: RetryPolicy, late: LateAnswers) {
    this.#transport = transport;
    this.#retry = retry;
    this.#late = late;
  }

  /** Sends the request and waits for its answer; throws PaymentNotSentError when it never left. */
  async deliver(request: PreparedRequest, deadlines: Deadlines, auth: CallAuth): Promise<Delivery> {
    const exchange = await this.#send(request, deadlines, auth);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'deadline'>((resolve) => {
      timer = setTimeout(() => resolve('deadline'), deadlines.answerMs);
    });
    try {
      const first = await Promise.race([exchange.answer, deadline]);
      if (first !== 'deadline') return { kind: 'answer', answer: first };
    } catch (error) {
      if (error instanceof ConnectionLostError) {
        return { kind: 'lost', reason: 'connection_lost', detail: error.message };
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
    this.#late.track(request, exchange);
    const detail = `no answer within ${deadlines.answerMs} ms after the request was sent`;
    return { kind: 'lost', reason: 'deadline', detail };
  }

  async #send(request: PreparedRequest, deadlines: Deadlines, auth: CallAuth): Promise<Exchange> {
    const wire = {
      op: request.op,
      params: request.params,
      connectMs: deadlines.connectMs,
      ...auth,
    };
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.#transport.send(wire);
      } catch (error) {
        if (error instanceof ProtocolError) throw new PaymentRequestError(error);
        if (!(error instanceof PaymentNotSentError)) throw error;
        error.attempts = attempt;
        if (!error.retryable || attempt > this.#retry.retries) throw error;
        await sleep(this.#retry.backoffMs * 2 ** (attempt - 1));
      }
    }
  }
}
