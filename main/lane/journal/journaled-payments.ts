import { randomUUID } from 'node:crypto';
import { NEW_TRANSACTION_OPERATIONS, acceptedParams } from '../../../protocol/index.ts';
import type { CardSummary, Operation, Tender } from '../../lane-api/index.ts';
import {
  PaymentNotSentError,
  PaymentRequestError,
  type CallOptions,
  type PaymentClient,
  type PaymentResult,
  type ParamsInput,
  type Unknown,
} from '../../payment/index.ts';
import type { JournalStore } from './journal-store.ts';
import { markOfMove, outcomeOf } from './outcomes.ts';
import type { EntryPurpose, JournalEntry } from './journal-types.ts';
import type { QueuedOffline } from './offline-entries.ts';
import { SendGate } from './send-gate.ts';

/** One request the lane makes: what the journal records, and the parameters that go on the wire. */
export interface PaymentPlan {
  readonly workflowId: string;
  readonly operation: Operation;
  readonly purpose?: EntryPurpose;
  readonly parentId?: string;
  /** The transaction a move acts on (sent as ttid). */
  readonly targetTtid?: string;
  readonly amountMinor: number;
  readonly tipMinor?: number;
  readonly tender?: Tender;
  readonly card?: CardSummary;
  /** Request parameters; may hold card data, which never reaches the journal. */
  readonly params: ParamsInput;
  readonly options?: CallOptions;
  /** An approval in full ends the workflow as complete, in the same commit (a partial never). */
  readonly completesWorkflow?: boolean;
}

/** Fields of a keyed card: a request refused for one of them is a card the cashier keys again. */
const CARD_FIELDS: ReadonlySet<string> = new Set([
  'account',
  'expdate',
  'cv',
  'zip',
  'account_data',
]);

/** How the lane's requests are made. */
export interface JournaledOptions {
  /** Training mode: every entry is marked so. */
  readonly training: boolean;
  /** The lane group (docs/interface.md › lane laneid, clerkid), sent with every operation that takes it. */
  readonly lane?: Readonly<Record<string, string>>;
  /** Told whether the server answered (true) or could not be reached (false). */
  readonly onServer?: (reachable: boolean) => void;
}

/**
 * What became of a plan: answered (definite), unknown (to resolve), not sent (definite), or
 * refused by the lane before sending (a rule of the interface the request broke: declined).
 */
export type PaymentSettled =
  | {
      readonly kind: 'answered';
      readonly entry: JournalEntry;
      readonly result: Exclude<PaymentResult, Unknown>;
    }
  | { readonly kind: 'unknown'; readonly entry: JournalEntry; readonly result: Unknown }
  | {
      readonly kind: 'not_sent';
      readonly entry: JournalEntry;
      readonly error: PaymentNotSentError;
    }
  | {
      readonly kind: 'refused';
      readonly entry: JournalEntry;
      readonly error: PaymentRequestError;
    };

/** What became of a forwarded offline approval's request. */
export type ForwardSent = 'answered' | 'not_sent' | 'unknown';

/**
 * The one way the lane sends a transaction request (docs/lane.md, Journal): the intent with its
 * order id is committed before the request leaves; the outcome is committed when it is known.
 * A request that cannot leave is not charged; one that left without an answer is unknown and is
 * never sent again (Recovery resolves it by its order id, or a move by its ttid).
 */
export class JournaledPayments {
  readonly #journal: JournalStore;
  readonly #client: PaymentClient;
  readonly #training: boolean;
  readonly #lane: Readonly<Record<string, string>>;
  readonly #onServer: (reachable: boolean) => void;
  readonly #gate: SendGate;

  constructor(journal: JournalStore, client: PaymentClient, options: JournaledOptions) {
    this.#journal = journal;
    this.#client = client;
    this.#training = options.training;
    this.#lane = options.lane ?? {};
    const told = options.onServer ?? (() => undefined);
    this.#gate = new SendGate(client);
    this.#onServer = (reachable) => {
      this.#gate.seen(reachable);
      told(reachable);
    };
  }

  /** The gate the lane's requests go through (training's network down, the health check). */
  get gate(): SendGate {
    return this.#gate;
  }

  /** True in training mode: every entry is marked so. */
  get training(): boolean {
    return this.#training;
  }

  /** The payment client (for lookups that move no money). */
  get client(): PaymentClient {
    return this.#client;
  }

  /** Journals the intent, sends the request, journals what came back. */
  async send(plan: PaymentPlan): Promise<PaymentSettled> {
    const id = randomUUID();
    const orderId = NEW_TRANSACTION_OPERATIONS.has(plan.operation) ? randomUUID() : undefined;
    this.#journal.recordIntent({
      id,
      workflowId: plan.workflowId,
      operation: plan.operation,
      purpose: plan.purpose ?? 'cashier',
      amountMinor: plan.amountMinor,
      training: this.#training,
      ...(plan.parentId === undefined ? {} : { parentId: plan.parentId }),
      ...(orderId === undefined ? {} : { orderId }),
      ...(plan.targetTtid === undefined ? {} : { targetTtid: plan.targetTtid }),
      ...(plan.tipMinor === undefined ? {} : { tipMinor: plan.tipMinor }),
      ...(plan.tender === undefined ? {} : { tender: plan.tender }),
      ...(plan.card === undefined ? {} : { card: plan.card }),
    });
    const params: ParamsInput = {
      ...this.#laneParams(plan.operation),
      ...plan.params,
      ...(orderId === undefined ? {} : { order_id: orderId }),
      ...(plan.targetTtid === undefined ? {} : { ttid: plan.targetTtid }),
    };
    let result: PaymentResult;
    try {
      result = await this.#gate.run(plan.operation, params, plan.options);
    } catch (error) {
      if (error instanceof PaymentNotSentError) {
        this.#onServer(false);
        const settled = this.#journal.recordOutcome(id, {
          state: 'not_charged',
          reason: 'not_sent',
        });
        return { kind: 'not_sent', entry: settled, error };
      }
      if (!(error instanceof PaymentRequestError)) throw error;
      const cardField = error.field !== undefined && CARD_FIELDS.has(error.field);
      const settled = this.#journal.recordOutcome(id, {
        state: 'declined',
        reason: cardField ? 'card_unreadable' : 'lane_setup',
        decidedBy: 'lane',
        verbiage: `${error.field ?? 'request'}: ${error.rule ?? 'invalid'}`,
      });
      return { kind: 'refused', entry: settled, error };
    }
    if (result.outcome === 'unknown') {
      this.#onServer(result.reason !== 'connection_lost');
      return { kind: 'unknown', entry: this.#journal.markUnknown(id, result.detail), result };
    }
    this.#onServer(true);
    const outcome = outcomeOf(result, plan);
    const approved = outcome.state === 'approved' || outcome.state === 'partial';
    const end =
      outcome.state === 'approved' && plan.completesWorkflow === true
        ? { id: plan.workflowId, state: 'complete' as const }
        : undefined;
    const mark = approved ? markOfMove(plan, outcome.approvedMinor ?? 0) : undefined;
    const marks = mark === undefined ? [] : [mark];
    const settled = this.#journal.recordOutcome(id, outcome, marks, end);
    return { kind: 'answered', entry: settled, result };
  }

  /**
   * Forwards a queued offline approval (docs/lane.md › Offline; docs/protocol.md ›
   * Forwarded offline sales): marked forwarding before the request leaves, as a sale with its
   * original order id (a retry is found by it, never charged twice), the reader's card fields and
   * offline_approved=yes with offline_ts; the service's answer is committed on the entry (its
   * card fields removed). A request the lane's rules refuse is declined (lane_setup, the manager's
   * list); one that could not leave waits again; one that left without an answer stays
   * forwarding, looked up by its order id on the next pass.
   */
  async forward(queued: QueuedOffline): Promise<ForwardSent> {
    const { entry, card } = queued;
    this.#journal.offline.forwarding(entry.id);
    const params: ParamsInput = {
      ...this.#laneParams('sale'),
      ...card,
      amount: entry.amountMinor,
      ...(entry.orderId === undefined ? {} : { order_id: entry.orderId }),
      offline_approved: 'yes',
      offline_ts: String(Math.floor(entry.createdAt / 1000)),
    };
    let result: PaymentResult;
    try {
      result = await this.#gate.run('sale', params);
    } catch (error) {
      if (error instanceof PaymentRequestError) {
        this.#journal.offline.answered(entry.id, {
          state: 'declined',
          reason: 'lane_setup',
          decidedBy: 'lane',
          verbiage: `${error.field ?? 'request'}: ${error.rule ?? 'invalid'}`,
        });
        return 'answered';
      }
      if (!(error instanceof PaymentNotSentError)) throw error;
      this.#onServer(false);
      this.#journal.offline.notSent(entry.id);
      return 'not_sent';
    }
    if (result.outcome === 'unknown') return 'unknown';
    this.#onServer(true);
    this.#journal.offline.answered(entry.id, outcomeOf(result, entry));
    return 'answered';
  }

  /** The lane's own fields (lane.yaml) that `operation` takes in REST v2. */
  #laneParams(operation: Operation): ParamsInput {
    const accepted = acceptedParams(operation, 'v2');
    return Object.fromEntries(Object.entries(this.#lane).filter(([key]) => accepted.has(key)));
  }
}
