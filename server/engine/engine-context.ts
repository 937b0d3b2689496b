import type { Logger } from 'pino';
import type { ApiVersion, BinRange, OperationName, Params } from '../../protocol/index.ts';
import type { Processor } from '../processor/index.ts';
import type { SendQueue } from '../processor/index.ts';
import type { CardVault } from '../vault/index.ts';
import type { BdkRegistry } from './entry/bdk-registry.ts';
import type { GiftRanges } from './gift/gift-ranges.ts';
import type { KeyedLock } from '../shared/keyed-lock.ts';
import type { StanCounter } from './stan-counter.ts';
import type { ServiceStore } from '../store/service-store.ts';

/** Who is asking, after authentication and profile resolution (filled in by the transports). */
export interface CallerContext {
  /** merchants.id: owner of profiles, transactions, batches. */
  merchantId: number;
  /** users.id of the authenticated login (merchant or sub-user). */
  userId: number;
  /** "merchant" or "merchant:sub", for the audit trail. */
  username: string;
  /** profiles.id the transaction runs under (from profile_id or the user's default). */
  profileId: number;
  /** Interface version: REST path prefix; on key/value action → v1, action_trans → v2. */
  version: ApiVersion;
  transport: 'rest' | 'kv';
  /** The merchant's IANA time zone (merchants.time_zone). */
  timeZone: string;
}

/**
 * What an operation answers: transaction pairs, or a successful report's rows (docs/interface.md › Errors §4)
 * with the request keys it echoes (answer-echo.ts; REST sends them beside the rows).
 */
export type ServiceAnswer =
  | {
      kind: 'response';
      pairs: Record<string, string>;
      /** True when the outcome's commit kept the receipt copies asked for (answerWithCopies). */
      copiesCommitted?: boolean;
    }
  | {
      kind: 'report';
      columns: string[];
      rows: Record<string, string>[];
      echo?: Record<string, string>;
    };

/** When a settled check's ACH return is due, and the wake-up of the run that fetches returns. */
export interface CheckReturnTiming {
  /** Seconds after its batch settles; default 60 (checks/check-returns.ts). */
  delaySeconds: number;
  /** Called after a settlement that made returns due: the run is timed for the earliest. */
  wake: () => void;
}

/** Everything an operation handler works with; one per TransactionService. */
export interface EngineContext {
  /** Everything the engine persists (transactions, batches, tokens, gift cards, deny lists…). */
  store: ServiceStore;
  /** Which card numbers are each merchant's gift cards. */
  giftRanges: GiftRanges;
  vault: CardVault;
  /** Base derivation keys of DUKPT devices (encrypted reader data, PIN blocks), sealed. */
  bdks: BdkRegistry;
  /** When checks' returns are due after settlement, and how a settlement wakes their run. */
  checkReturns: CheckReturnTiming;
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
  /** The caller's merchant's gift BIN ranges in force, read once per request. */
  giftRanges: readonly BinRange[];
}

/** Runs one operation to its answer; declines are answers, never exceptions. */
export type OperationHandler = (
  request: OperationRequest,
  ctx: EngineContext,
) => Promise<ServiceAnswer>;
