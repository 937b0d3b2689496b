import { Code, MsoftCode, type Params } from '../../protocol/index.ts';
import type {
  ProcessorReply,
  ProcessorRequest,
  SendJob,
  SendPriority,
} from '../processor/index.ts';
import type { EngineContext, OperationRequest } from './engine-context.ts';

/** A message's answer from the processor with the stan it went out under. */
export interface OnlineReply {
  kind: 'reply';
  reply: ProcessorReply;
  stan: string;
  stanSeq: number;
}

/** The message waited in the send queue past its `timeout` and never went online. */
export interface QueueTimeout {
  kind: 'queue_timeout';
}

/** The code and verbiage of a queue timeout (docs/interface.md › timeout; msoft SYS_TIMEOUT, no phard_code). */
export const QUEUE_TIMEOUT_RESULT = {
  code: Code.TIMEOUT,
  msoftCode: MsoftCode.SYS_TIMEOUT,
  verbiage: 'TIMEOUT: waited in the send queue longer than timeout; not sent',
} as const;

/** The send-queue priority a request asks for (docs/interface.md › priority; default normal). */
function priorityOf(params: Params): SendPriority {
  const value = params.priority?.toLowerCase();
  return value === 'low' || value === 'high' ? value : 'normal';
}

/** Seconds the request may wait in the send queue (docs/interface.md › timeout), or undefined for no limit. */
function queueTimeoutOf(params: Params): number | undefined {
  const value = params.timeout;
  return value === undefined || value === '' ? undefined : Number(value);
}

/**
 * One message as a send-queue job: a class, so a sale makes no closures for it (its fields are
 * read by the queue, its run() called when a slot is free).
 */
class OnlineJob implements SendJob<OnlineReply> {
  readonly priority: SendPriority;
  readonly merchant: number;
  readonly timeoutSeconds: number | undefined;
  readonly #ctx: EngineContext;
  readonly #request: OperationRequest;
  readonly #message: Omit<ProcessorRequest, 'stan' | 'now'>;

  constructor(
    ctx: EngineContext,
    request: OperationRequest,
    message: Omit<ProcessorRequest, 'stan' | 'now'>,
  ) {
    this.priority = priorityOf(request.params);
    this.merchant = request.caller.merchantId;
    this.timeoutSeconds = queueTimeoutOf(request.params);
    this.#ctx = ctx;
    this.#request = request;
    this.#message = message;
  }

  /** Takes the stan as the message leaves the queue and sends it. */
  async run(): Promise<OnlineReply> {
    const { logger, queue, stans, processor } = this.#ctx;
    const { merchant } = this;
    if (logger.isLevelEnabled('debug')) {
      const inFlight = { in_flight: queue.running, merchant_in_flight: queue.runningFor(merchant) };
      logger.debug({ merchant, ...inFlight, waiting: queue.waiting }, 'sent to the processor');
    }
    const { seq, stan } = await stans.next(this.#request.caller.profileId);
    const message = this.#message;
    // One literal of every field (absent ones undefined): the same shape for every message.
    const reply = await processor.send({
      kind: message.kind,
      amount: message.amount,
      previousAmount: message.previousAmount,
      card: message.card,
      verification: message.verification,
      check: message.check,
      stan,
      now: this.#request.now,
    });
    return { kind: 'reply', reply, stan, stanSeq: seq };
  }
}

/**
 * Sends one message to the processor through the send queue, as one of the caller's merchant's
 * (each merchant has its own in-flight limit and a fair share of the slots). The stan is taken when
 * the message leaves the queue, so a message that times out waiting uses none.
 */
export async function sendOnline(
  ctx: EngineContext,
  request: OperationRequest,
  message: Omit<ProcessorRequest, 'stan' | 'now'>,
): Promise<OnlineReply | QueueTimeout> {
  const outcome = await ctx.queue.submit(new OnlineJob(ctx, request, message));
  return outcome.kind === 'done' ? outcome.value : { kind: 'queue_timeout' };
}
