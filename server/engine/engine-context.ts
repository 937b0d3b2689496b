import type { Logger } from 'pino';
import type { OperationName, Params } from '../../protocol/index.ts';
import type { Processor } from '../processor/index.ts';
import type { SendQueue } from '../processor/index.ts';
import type { CardVault } from '../vault/index.ts';
import type { KeyedLock } from './keyed-lock.ts';
import type { ServiceAnswer, CallerContext } from './service-types.ts';
import type { StanCounter } from './stan-counter.ts';
import type { BatchStore } from './store/batch-store.ts';
import type { MerchantDirectory } from './store/merchant-directory.ts';
import type { TokenStore } from './store/token-store.ts';
import type { TransactionStore } from './store/transaction-store.ts';

/** Everything an operation handler works with; one per TransactionService. */
export interface EngineContext {
  transactions: TransactionStore;
  batches: BatchStore;
  tokens: TokenStore;
  merchants: MerchantDirectory;
  vault: CardVault;
  processor: Processor;
  queue: SendQueue;
  stans: StanCounter;
  locks: KeyedLock;
  logger: Logger;
  /** The service's clock; commits are stamped with its time. */
  clock: () => Date;
}

/** One validated request as a handler receives it; `now` is fixed once per request. */
export interface OperationRequest {
  op: OperationName;
  params: Params;
  caller: CallerContext;
  now: Date;
}

/** Runs one operation to its answer; declines are answers, never exceptions. */
export type OperationHandler = (
  request: OperationRequest,
  ctx: EngineContext,
) => Promise<ServiceAnswer>;
