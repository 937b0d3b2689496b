import { dirname, join } from 'node:path';
import type { Logger } from 'pino';
import {
  FINANCIAL_OPERATIONS,
  MsoftCode,
  validateRequest,
  type OperationName,
  type Params,
} from '../../protocol/index.ts';
import { LoopbackProcessor, SendQueue, type Processor } from '../processor/index.ts';
import type { Store } from '../store/database.ts';
import { CardVault } from '../vault/index.ts';
import { withEchoedKeys } from './answer-echo.ts';
import { unixSeconds } from './clock.ts';
import { answerForError, serviceDecline, unavailable } from './answers.ts';
import { screenCardData } from './card-data-screen.ts';
import { DEFAULT_CHECK_RETURN_SECONDS } from './checks/check-returns.ts';
import { CheckReturnRunner } from './checks/check-return-runner.ts';
import type { EngineContext } from './engine-context.ts';
import { GiftLedger } from './gift/gift-ledger.ts';
import { GiftRanges } from './gift/gift-ranges.ts';
import { HOUSEKEEPING_INTERVAL_MS, clearStaleCardData, runDueSettlements } from './housekeeping.ts';
import { KeyedLock } from './keyed-lock.ts';
import { withReceipts } from './receipts/receipt-delivery.ts';
import { ReceiptHeaderStore } from './receipts/receipt-header-store.ts';
import { ReceiptOutbox } from './receipts/receipt-outbox.ts';
import { OPERATION_HANDLERS } from './registry.ts';
import type { CallerContext, ServiceAnswer } from './engine-context.ts';
import { StanCounter } from './stan-counter.ts';
import { BatchStore } from './store/batch-store.ts';
import { BdkStore } from './store/bdk-store.ts';
import { CheckStore } from './store/check-store.ts';
import { DenyListStore } from './store/deny-list-store.ts';
import { EmvStore } from './store/emv-store.ts';
import { GiftStore } from './store/gift-store.ts';
import { MerchantDirectory } from './store/merchant-directory.ts';
import { engineDatabase } from './store/statement-cache.ts';
import { TicketStore } from './store/ticket-store.ts';
import { TokenStore } from './store/token-store.ts';
import { TransactionStore } from './store/transaction-store.ts';

/** What the service runs on; only store and logger are required. */
export interface TransactionServiceDeps {
  store: Store;
  logger: Logger;
  /** The clock; default the system clock. */
  now?: () => Date;
  /** Card data encryption; default the key file beside the database (memory for ":memory:"). */
  vault?: CardVault;
  /** Default the simulated processor (LoopbackProcessor). */
  processor?: Processor;
  /** Default a queue of 16 messages in flight, 8 of them for one merchant at most. */
  queue?: SendQueue;
  /** Run automatic settlement, card-data retention and check returns on timers; default true. */
  housekeeping?: boolean;
  /** Seconds after settlement a check's ACH return is due; default 60. */
  checkReturnSeconds?: number;
  /**
   * Folder of e-mailed and texted receipt copies; default "outbox" beside the database (none for
   * ":memory:").
   */
  outboxDir?: string;
}

/** The receipt outbox of the deps: the folder given, else "outbox" beside a database file. */
function outboxFor(deps: TransactionServiceDeps): ReceiptOutbox | undefined {
  if (deps.outboxDir !== undefined) return new ReceiptOutbox(deps.outboxDir);
  return deps.store.memory
    ? undefined
    : new ReceiptOutbox(join(dirname(deps.store.name), 'outbox'));
}

/**
 * The transaction engine (docs/test-cards.md): keeps card data to the card fields (screenCardData),
 * validates each request with protocol's rules, runs it through its operation's handler and the
 * state table, commits it in one SQLite transaction, and only then answers. Never throws for bad
 * input: every failure is an answer.
 */
export class TransactionService {
  readonly #ctx: EngineContext;
  readonly #inFlight = new Set<Promise<ServiceAnswer>>();
  readonly #timer: NodeJS.Timeout | undefined;
  readonly #returns: CheckReturnRunner;
  #closing = false;

  constructor(deps: TransactionServiceDeps) {
    const clock = deps.now ?? ((): Date => new Date());
    const db = engineDatabase(deps.store);
    const batches = new BatchStore(db);
    const gift = new GiftStore(db);
    const checks = new CheckStore(db);
    const transactions = new TransactionStore(db, batches, [new GiftLedger(gift), checks]);
    this.#returns = new CheckReturnRunner(
      deps.checkReturnSeconds ?? DEFAULT_CHECK_RETURN_SECONDS,
      deps.housekeeping !== false,
    );
    const vault = deps.vault ?? CardVault.forDatabase(deps.store.name, deps.store.memory);
    this.#ctx = {
      transactions,
      batches,
      tokens: new TokenStore(db),
      merchants: new MerchantDirectory(db),
      gift,
      giftRanges: new GiftRanges(gift),
      denyList: new DenyListStore(db),
      bdks: new BdkStore(db, vault),
      emv: new EmvStore(db),
      tickets: new TicketStore(db),
      checks,
      checkReturns: this.#returns,
      receiptHeaders: new ReceiptHeaderStore(db),
      outbox: outboxFor(deps),
      vault,
      processor: deps.processor ?? new LoopbackProcessor(),
      queue: deps.queue ?? new SendQueue(),
      stans: new StanCounter(transactions),
      locks: new KeyedLock(),
      logger: deps.logger,
      clock,
    };
    this.#returns.attach(this.#ctx);
    if (deps.housekeeping !== false) {
      this.runHousekeeping();
      this.#timer = setInterval(() => this.runHousekeeping(), HOUSEKEEPING_INTERVAL_MS);
      this.#timer.unref();
    }
  }

  /** Fetches every due check return now; resolves to how many came back (tests, housekeeping). */
  fetchCheckReturns(): Promise<number> {
    return this.#returns.run();
  }

  /** Screens, validates (protocol.validateRequest), runs and commits one operation; never throws. */
  async execute(op: OperationName, params: Params, caller: CallerContext): Promise<ServiceAnswer> {
    if (this.#closing) return unavailable();
    const work = this.#run(op, params, caller);
    this.#inFlight.add(work);
    try {
      return await work;
    } finally {
      this.#inFlight.delete(work);
    }
  }

  /** Stops taking new work (answers SYS_UNAVAILABLE), finishes what is in flight. */
  async close(): Promise<void> {
    this.#closing = true;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    await Promise.allSettled([...this.#inFlight, this.#returns.close()]);
  }

  /**
   * Runs due automatic settlements, clears stale card data and expired tickets' card data, and
   * starts fetching due check returns now (the timer calls it too).
   */
  runHousekeeping(): void {
    const now = this.#ctx.clock();
    try {
      runDueSettlements(this.#ctx, now);
      clearStaleCardData(this.#ctx, now);
      this.#ctx.tickets.purge(unixSeconds(now));
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
  #processorRefusal(op: OperationName, caller: CallerContext): ServiceAnswer | undefined {
    if (!FINANCIAL_OPERATIONS.has(op) && op !== 'settle') return undefined;
    const processor = this.#ctx.merchants.profile(caller.profileId)?.processor;
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
      validateRequest(op, params, {
        version: caller.version,
        timeZone: caller.timeZone,
        now,
        giftBinRanges: this.#ctx.giftRanges.forMerchant(caller.merchantId),
      });
      const request = { op, params, caller, now };
      const answer = withReceipts(
        request,
        withEchoedKeys(
          op,
          params,
          this.#processorRefusal(op, caller) ?? (await OPERATION_HANDLERS[op](request, this.#ctx)),
        ),
        this.#ctx,
      );
      if (answer.kind === 'response') {
        const { code, msoft_code: msoftCode, ttid } = answer.pairs;
        this.#ctx.logger.debug({ op, code, msoftCode, ttid }, 'operation answered');
      }
      return answer;
    } catch (error) {
      const answer = answerForError(error);
      if (answer.kind === 'response' && answer.pairs.msoft_code === 'SYS_FAILURE') {
        const { name, message } = error as Error;
        this.#ctx.logger.error({ op, error: name, message }, 'operation failed');
      }
      return answer;
    }
  }
}
