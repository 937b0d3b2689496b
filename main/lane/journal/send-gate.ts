import { NEW_TRANSACTION_OPERATIONS } from '../../../protocol/index.ts';
import type { Operation } from '../../lane-api/index.ts';
import {
  PaymentNotSentError,
  type CallOptions,
  type PaymentClient,
  type PaymentResult,
  type ParamsInput,
} from '../../payment/index.ts';

/**
 * How the lane's requests reach the payment client (docs/lane.md › Offline): training's network
 * down is the client's own switch (every request, lookup and health check not sent), and, once a
 * request could not be sent, a new transaction goes only after a health check finds the service
 * (a verified connection, nothing sent); otherwise it is not sent at once, without trying and
 * retrying the request itself.
 */
export class SendGate {
  readonly #client: PaymentClient;
  /** False once a request could not be sent, true once one was answered. */
  #reachable = true;

  constructor(client: PaymentClient) {
    this.#client = client;
  }

  /** True while training's network down holds every request back. */
  get networkDown(): boolean {
    return this.#client.network.down;
  }

  /** Training's "network down" (docs/lane.md › Offline): while true no request leaves. */
  setNetworkDown(down: boolean): void {
    this.#client.network.down = down;
  }

  /** What the last request found: the service reached (answered) or not (not sent). */
  seen(reachable: boolean): void {
    this.#reachable = reachable;
  }

  /** Runs a request on the client; throws PaymentNotSentError when it cannot leave. */
  async run(
    operation: Operation,
    params: ParamsInput,
    options?: CallOptions,
  ): Promise<PaymentResult> {
    if (!this.#reachable && NEW_TRANSACTION_OPERATIONS.has(operation)) {
      if (!(await this.#client.reachable()))
        throw new PaymentNotSentError('unreachable', true, 'the health check found no service');
    }
    return this.#client.run(operation, params, options);
  }
}
