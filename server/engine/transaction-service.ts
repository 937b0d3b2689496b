import type { Logger } from 'pino';
import {
  FINANCIAL_OPERATIONS,
  MsoftCode,
  validateRequest,
  type OperationName,
  type Params,
} from '../../protocol/index.ts';
import { LoopbackProcessor, SendQueue, type Processor } from '../processor/index.ts';
import type { ServiceStore } from '../store/service-store.ts';
import { CommitOutcomeUnknown } from '../store/commit-outcome-unknown.ts';
import type { CardVault } from '../vault/index.ts';
import { withEchoedKeys } from './answer-echo.ts';
import { unixSeconds } from '../shared/clock.ts';
import { answerForError, serviceDecline, unavailable } from './answers.ts';
import { screenCardData } from './card-data-screen.ts';
import { DEFAULT_CHECK_RETURN_SECONDS } from './checks/check-returns.ts';
import { CheckReturnRunner } from './checks/check-return-runner.ts';
import type { EngineContext } from './engine-context.ts';
import { BdkRegistry } from './entry/bdk-registry.ts';
import { GiftRanges } from './gift/gift-ranges.ts';
import { purgeCardTickets } from './card-ticket-lifetimes.ts';
import { HOUSEKEEPING_INTERVAL_MS, clearStaleCardData, runDueSettlements } from './housekeeping.ts';
import { resolveInFlight } from './in-flight-recovery.ts';
import { KeyedLock } from '../shared/keyed-lock.ts';
import { withReceipts } from './receipts/receipt-delivery.ts';
import { OPERATION_HANDLERS } from './registry.ts';
import type { CallerContext, ServiceAnswer } from './engine-context.ts';
import { StanCounter } from './stan-counter.ts';

/** What the service runs on; store, vault and logger are required. */
export interface TransactionServiceDeps {
  store: ServiceStore;
  /** Card data encryption (the data directory's card vault). */
  vault: CardVault;
  logger: Logger;
  /** The clock; default the system clock. */
  now?: () => Date;
  /** Default the simulated processor (LoopbackProcessor). */
  processor?: Processor;
  /** Default a queue of 16 messages in flight, 8 of them for one merchant at most. */
  queue?: SendQueue;
  /** Run automatic settlement, card-data retention and check returns on timers; default true. */
  housekeeping?: boolean;
  /** Seconds after settlement a check's ACH return is due; default 60. */
  checkReturnSeconds?: number;
}

/**
 * The transaction engine (docs/test-cards.md): keeps card data to the card fields (screenCardData),
 * validates each request with protocol's rules, runs it through its operation's handler and the
 * state table, commits it in one store transaction, and answers once everything it wrote or read
 * is durable. Never throws for bad input: every failure is an answer.
 */
export class TransactionService {
  readonly #ctx: EngineContext;
  readonly #inFlight = new Set<Promise<ServiceAnswer>>();
  readonly #timer: NodeJS.Timeout | undefined;
  readonly #returns: CheckReturnRunner;
  #closing = false;

  constructor(deps: TransactionServiceDeps) {
    const clock = deps.now ?? ((): Date => new Date());
    const { store } = deps;
    this.#returns = new CheckReturnRunner(
      deps.checkReturnSeconds ?? DEFAULT_CHECK_RETURN_SECONDS,
      deps.housekeeping !== false,
    );
    this.#ctx = {
      store,
      giftRanges: new GiftRanges(),
      bdks: new BdkRegistry(store.bdks, deps.vault),
      checkReturns: this.#returns,
      vault: deps.vault,
      processor: deps.processor ?? new LoopbackProcessor(),
      queue: deps.queue ?? new SendQueue(),
      stans: new StanCounter(store),
      locks: new KeyedLock(),
      logger: deps.logger,
      clock,
    };
    this.#returns.attach(this.#ctx);
    if (deps.housekeeping !== false) {
      void this.runHousekeeping();
      this.#timer = setInterval(() => void this.runHousekeeping(), HOUSEKEEPING_INTERVAL_MS);
      this.#timer.unref();
    }
  }

  /** Fetches every due check return now; resolves to how many came back (tests, housekeeping). */
  fetchCheckReturns(): Promise<number> {
    return this.#returns.run();
  }

  /**
   * Screens, validates (protocol.validateRequest), runs and commits one operation, and answers once
   * what it read is durable too (a read may see a commit still on its way to disk); throws only
   * CommitOutcomeUnknown, which is not to be answered: also when that durability cannot be known
   * (the store lost), since the operation's own commit may have landed and a refusal would say
   * nothing was done.
   */
  async execute(op: OperationName, params: Params, caller: CallerContext): Promise<ServiceAnswer> {
    if (this.#closing) return unavailable();
    const work = this.#run(op, params, caller);
    this.#inFlight.add(work);
    try {
      const answer = await work;
      await this.#durable();
      return answer;
    } finally {
      this.#inFlight.delete(work);
    }
  }

  /** Waits until what was read is durable; a store that cannot tell leaves the outcome unknown. */
  async #durable(): Promise<void> {
    try {
      await this.#ctx.store.settled();
    } catch (error) {
      throw new CommitOutcomeUnknown(error);
    }
  }

  /** Transactions running now (docs/scaling.md › What to watch). */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Stops taking new work (answers SYS_UNAVAILABLE), finishes what is in flight. */
  async close(): Promise<void> {
    this.#closing = true;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    await Promise.allSettled([...this.#inFlight, this.#returns.close()]);
  }

  /**
   * Settles what a previous run left in flight (docs/test-cards.md, In flight): each new
   * transaction whose outcome was never committed is reversed at the processor when its card went
   * there, and recorded as declined under its order. Run at start, before taking requests.
   * Returns how many were settled; one that cannot be settled now is logged and left for the next
   * start.
   */
  async recoverInFlight(): Promise<number> {
    let settled = 0;
    for (const record of await this.#ctx.store.inFlight.orphans()) {
      try {
        const txn = await resolveInFlight(this.#ctx, record);
        settled += 1;
        this.#ctx.logger.warn(
          { ttid: txn.ttid, orderId: txn.orderId, action: txn.operation },
          'transaction left in flight recorded as not completed',
        );
      } catch (error) {
        const { name, message } = error as Error;
        this.#ctx.logger.error({ error: name, message }, 'in-flight transaction not settled');
      }
    }
    return settled;
  }

  /**
   * Runs due automatic settlements, clears stale card data and expired tickets' card data, and
   * starts fetching due check returns now (the timer calls it too).
   */
  async runHousekeeping(): Promise<void> {
    const now = this.#ctx.clock();
    try {
      await runDueSettlements(this.#ctx, now);
      await clearStaleCardData(this.#ctx, now);
      await purgeCardTickets(this.#ctx.store.cardTickets, unixSeconds(now));
      void this.#returns.run();
    } catch (error) {
      this.#ctx.logger.error(
        { error: (error as Error).name, message: (error as Error).message },
        'housekeeping failed',
      );
    }
  }

  /**
   * A financial operation or settlement for a profile whose processor is not this service's
   * (profiles.processor): SYS_SETUP, rather than simulating what a real processor should do.
   */
  #processorRefusal(op: OperationName, processor: string | undefined): ServiceAnswer | undefined {
    if (!FINANCIAL_OPERATIONS.has(op) && op !== 'settle') return undefined;
    if (processor === this.#ctx.processor.name) return undefined;
    return serviceDecline(
      MsoftCode.SYS_SETUP,
      `profile_id: the profile's processor ${processor ?? '(none)'} is not available on this server`,
    );
  }

  async #run(op: OperationName, sent: Params, caller: CallerContext): Promise<ServiceAnswer> {
    const now = this.#ctx.clock();
    try {
      const params = screenCardData(sent);
      const setup = await this.#ctx.store.merchants.requestSetup(
        caller.merchantId,
        caller.profileId,
      );
      const giftRanges = this.#ctx.giftRanges.inForce(setup.customGiftRanges);
      validateRequest(op, params, {
        version: caller.version,
        timeZone: caller.timeZone,
        now,
        giftBinRanges: giftRanges,
      });
      const request = { op, params, caller, now, giftRanges };
      const answer = await withReceipts(
        request,
        withEchoedKeys(
          op,
          params,
          this.#processorRefusal(op, setup.processor) ??
            (await OPERATION_HANDLERS[op](request, this.#ctx)),
        ),
        this.#ctx,
      );
      if (answer.kind === 'response' && this.#ctx.logger.isLevelEnabled('debug')) {
        const { code, msoft_code: msoftCode, ttid } = answer.pairs;
        this.#ctx.logger.debug({ op, code, msoftCode, ttid }, 'operation answered');
      }
      return answer;
    } catch (error) {
      if (error instanceof CommitOutcomeUnknown) throw error;
      const answer = answerForError(error);
      if (answer.kind === 'response' && answer.pairs.msoft_code === 'SYS_FAILURE') {
        const { name, message } = error as Error;
        this.#ctx.logger.error({ op, error: name, message }, 'operation failed');
      }
      return answer;
    }
  }
}
