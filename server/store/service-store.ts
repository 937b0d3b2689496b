import type { ApiKeyStore } from './api-key-store.ts';
import type { BatchStore } from './batch-store.ts';
import type { BdkStore } from './bdk-store.ts';
import type { CardTicketStore } from './card-ticket-store.ts';
import type { CheckStore } from './check-store.ts';
import type { CredentialFailureStore } from './credential-failure-store.ts';
import type { DenyListStore } from './deny-list-store.ts';
import type { EmvStore } from './emv-store.ts';
import type { GiftStore } from './gift-store.ts';
import type { InFlightStore } from './in-flight-store.ts';
import type { MerchantStore } from './merchant-store.ts';
import type { MfaStore } from './mfa-store.ts';
import type { PasswordCheckStore } from './password-check-store.ts';
import type { PermissionStore } from './permission-store.ts';
import type { ProfileStore } from './profile-store.ts';
import type { ReceiptHeaderStore } from './receipt-header-store.ts';
import type { ReceiptOutboxStore } from './receipt-outbox-store.ts';
import type { StoreBackend } from './sql-dialect.ts';
import type { GroupCommitObserver, StoreFigures } from './store-figures.ts';
import type { TokenStore } from './token-store.ts';
import type { TransactionStore } from './transaction-store.ts';
import type { UserStore } from './user-store.ts';
import type { VaultStore } from './vault-store.ts';

/** Everything the service persists, area by area (each area's store, docs/architecture.md). */
export interface StoreTx {
  transactions: TransactionStore;
  batches: BatchStore;
  tokens: TokenStore;
  merchants: MerchantStore;
  gift: GiftStore;
  denyList: DenyListStore;
  inFlight: InFlightStore;
  emv: EmvStore;
  bdks: BdkStore;
  receiptHeaders: ReceiptHeaderStore;
  users: UserStore;
  profiles: ProfileStore;
  permissions: PermissionStore;
  apiKeys: ApiKeyStore;
  mfa: MfaStore;
  failures: CredentialFailureStore;
  passwordChecks: PasswordCheckStore;
  checks: CheckStore;
  cardTickets: CardTicketStore;
  outbox: ReceiptOutboxStore;
  vault: VaultStore;
}

/**
 * Told of a failure a store meets outside any call, which no caller would otherwise see (its
 * instance lease on PostgreSQL; docs/architecture.md, The store): the service logs it.
 */
export type StoreProblemReport = (problem: string, error: Error) => void;

/**
 * The store boundary (docs/architecture.md, The store): everything the service persists, behind
 * one asynchronous interface any back end implements. Called on the store itself, a read sees
 * committed data and a write is one atomic change of its own, resolving once it is durable; called
 * on a transaction's `tx`, they belong to that transaction, which resolves once its commit is
 * durable. So an answer sent after a write survives a crash. A back end batches or pipelines
 * commits so that many writers share the cost of making them durable.
 */
export interface ServiceStore extends StoreTx {
  readonly backend: StoreBackend;
  /**
   * Runs `work` in one store transaction: everything it writes through `tx` commits together, or
   * nothing does when it throws (the error is rethrown). Resolves with its result once the commit
   * is durable. `work` uses only `tx` and waits on nothing but it: a back end may hold a
   * connection, or the only one, until it ends.
   */
  transaction<T>(work: (tx: StoreTx) => Promise<T>): Promise<T>;
  /**
   * The profile's next stan sequence value (ISO 8583 field 11), never handed out twice by the
   * instances sharing the store; after a restart it continues past the last value committed.
   */
  nextStanSeq(profileId: number): Promise<number>;
  /**
   * Resolves once everything committed so far is durable: a read may have seen a commit still on
   * its way to disk, and what was read is answered only after this.
   */
  settled(): Promise<void>;
  /** Resolves after a round trip to the store (readiness, docs/scaling.md); rejects if none. */
  ping(): Promise<void>;
  /** The store's working figures now, for the metrics (docs/scaling.md › What to watch). */
  figures(): StoreFigures;
  /** From now on tells `observer` the size of each group commit (SQLite; PostgreSQL has none). */
  watchGroupCommits(observer: GroupCommitObserver): void;
  /** Waits for commits in progress to be durable, then closes the store. */
  close(): Promise<void>;
}
