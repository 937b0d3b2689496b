import { REPORT_OPERATIONS, type OperationName } from '../../protocol/index.ts';
import {
  DEFAULT_DEADLINES,
  checkWhole,
  createTransport,
  parseServiceUrl,
  type Deadlines,
  type NetworkSwitch,
  type PaymentClientConfig,
} from './client-config.ts';
import { connectSocket } from './socket-connector.ts';
import { loadTrust } from './tls-trust.ts';
import { checkCallAuth, type DualAuthorization } from './credentials.ts';
import { PaymentConfigError, PaymentNotSentError } from './errors.ts';
import { DEFAULT_LATE_ANSWER_MS, LateAnswers } from './late-answers.ts';
import {
  DEFAULT_RESOLVE_WAIT_MS,
  inProgress,
  resolution,
  type ResolveOptions,
} from './order-resolver.ts';
import { readReport, readResult, unknownResult, type AnswerContext } from './outcome-reader.ts';
import {
  prepareRequest,
  randomOrderId,
  type ParamsInput,
  type PreparedRequest,
} from './request-builder.ts';
import { RequestRunner } from './request-runner.ts';
import type { PaymentResult, ReportResult, Resolution } from './results.ts';
import type { PaymentTransport } from './transport.ts';

/** Pauses between lookups of an order in progress: from 250 ms, doubling, up to 2 s. */
const RESOLVE_FIRST_PAUSE_MS = 250;
const RESOLVE_LAST_PAUSE_MS = 2000;

/** Per-call options: deadlines, an MFA code for this call, a manager override. */
export interface CallOptions {
  /** Milliseconds to connect; default the client's (10 000). */
  readonly connectMs?: number;
  /** Milliseconds from sending to the answer; default the client's (30 000). */
  readonly answerMs?: number;
  /** An MFA code for this call (docs/interface.md › Authentication §6). */
  readonly mfaCode?: string;
  /** A second user's authorization for this call (docs/interface.md › Authentication §7). */
  readonly dual?: DualAuthorization;
}

/**
 * The engine of the lane's payment client: every request is validated by protocol/ before it is
 * sent, sent over the configured transport under connect and answer deadlines, and answered as one
 * of five outcomes. A request that left without a readable answer is unknown, never declined, and
 * never sent again; resolve(orderId) finds out what became of it. PaymentClient adds one method
 * per operation.
 */
export class PaymentCore {
  readonly #config: PaymentClientConfig;
  readonly #transport: PaymentTransport;
  readonly #runner: RequestRunner;
  readonly #late: LateAnswers;
  readonly #deadlines: Deadlines;
  readonly #network: NetworkSwitch;

  constructor(config: PaymentClientConfig) {
    this.#config = config;
    this.#network = config.network ?? { down: false };
    this.#transport = createTransport(config);
    this.#late = new LateAnswers(config.lateAnswerMs ?? DEFAULT_LATE_ANSWER_MS);
    const retry = { retries: config.retries ?? 2, backoffMs: config.retryBackoffMs ?? 250 };
    this.#runner = new RequestRunner(this.#transport, retry, this.#late);
    this.#deadlines = { ...DEFAULT_DEADLINES, ...config.deadlines };
  }

  /**
   * A health check before sending (docs/lane.md › Offline): true when a connection to the service
   * can be made and verified (TLS and its pin) within the connect deadline. Nothing is sent on it.
   */
  async reachable(): Promise<boolean> {
    if (this.#network.down) return false;
    const { endpoint } = parseServiceUrl(this.#config.url, this.#config.transport);
    try {
      const socket = await connectSocket(
        endpoint,
        loadTrust(this.#config.tls),
        this.#deadlines.connectMs,
      );
      socket.destroy();
      return true;
    } catch (error) {
      if (error instanceof PaymentNotSentError) return false;
      throw error;
    }
  }

  /** The link's switch (training's network down): while down, nothing is sent. */
  get network(): NetworkSwitch {
    return this.#network;
  }

  /** The transport in use: v2, v1 or kv. */
  get transport(): PaymentTransport['kind'] {
    return this.#transport.kind;
  }

  /** Runs any non-report operation by its canonical name (protocol's OPERATIONS). */
  async run(
    op: OperationName,
    params: ParamsInput = {},
    options: CallOptions = {},
  ): Promise<PaymentResult> {
    if (REPORT_OPERATIONS.has(op)) {
      throw new PaymentConfigError(
        'operation',
        'operation.report',
        `${op} is a report: use report()`,
      );
    }
    const { delivery, context } = await this.#deliver(op, params, options);
    if (delivery.kind === 'lost') return unknownResult(context, delivery.reason, delivery.detail);
    return readResult(context, delivery.answer);
  }

  /** Runs a report operation (report_failed, report_unsettled, report_settled, the batches reports). */
  async report(
    op: OperationName,
    params: ParamsInput = {},
    options: CallOptions = {},
  ): Promise<ReportResult> {
    if (!REPORT_OPERATIONS.has(op))
      throw new PaymentConfigError('operation', 'operation.not_report', `${op} is not a report`);
    const { delivery, context } = await this.#deliver(op, params, options);
    if (delivery.kind === 'lost') return unknownResult(context, delivery.reason, delivery.detail);
    return readReport(context, delivery.answer);
  }

  /**
   * Finds out what became of an order whose request ended unknown: a late answer the client
   * caught, else the service's transaction detail by order id, looked up again while the service
   * says it is in progress, up to `waitMs` (docs/client.md, resolve).
   */
  async resolve(orderId: string, options: CallOptions & ResolveOptions = {}): Promise<Resolution> {
    checkWhole('waitMs', options.waitMs, 0);
    const until = Date.now() + (options.waitMs ?? DEFAULT_RESOLVE_WAIT_MS);
    let pause = RESOLVE_FIRST_PAUSE_MS;
    for (;;) {
      const lookup = await this.#lookUp(orderId, options);
      const late = this.#late.get(orderId);
      const settled = late?.state === 'answered' || !inProgress(lookup);
      if (settled || Date.now() + pause > until) {
        return resolution(orderId, late, lookup, this.#transport.kind, options);
      }
      await new Promise((wake) => setTimeout(wake, pause));
      pause = Math.min(pause * 2, RESOLVE_LAST_PAUSE_MS);
    }
  }

  async #lookUp(orderId: string, options: CallOptions): Promise<PaymentResult | Error> {
    try {
      return await this.run('trandetail', { order_id: orderId }, options);
    } catch (error) {
      if (!(error instanceof PaymentNotSentError)) throw error;
      return error;
    }
  }

  /** Closes connections and stops listening for late answers. */
  async close(): Promise<void> {
    this.#late.close();
    await this.#transport.close();
  }

  async #deliver(op: OperationName, params: ParamsInput, options: CallOptions) {
    if (this.#network.down)
      throw new PaymentNotSentError('unreachable', true, 'the network is switched down');
    const { version } = this.#transport;
    const auth = { mfaCode: options.mfaCode, dual: options.dual };
    checkCallAuth(auth, version);
    const request: PreparedRequest = prepareRequest(op, params, {
      version,
      timeZone: this.#config.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      now: new Date(),
      giftBinRanges: this.#config.giftBinRanges,
      newOrderId: this.#config.newOrderId ?? randomOrderId,
    });
    checkWhole('connectMs', options.connectMs, 1);
    checkWhole('answerMs', options.answerMs, 1);
    const deadlines: Deadlines = {
      connectMs: options.connectMs ?? this.#deadlines.connectMs,
      answerMs: options.answerMs ?? this.#deadlines.answerMs,
    };
    const delivery = await this.#runner.deliver(request, deadlines, auth);
    const context: AnswerContext = { ...request, transport: this.#transport.kind };
    return { delivery, context };
  }
}
