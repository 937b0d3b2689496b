import type { ServiceStore, StoreTx } from '../service-store.ts';
import { PgApiKeyStore } from './pg-api-key-store.ts';
import { PgBatchStore } from './pg-batch-store.ts';
import { PgBdkStore } from './pg-bdk-store.ts';
import { PgCardTicketStore } from './pg-card-ticket-store.ts';
import { PgCheckStore } from './pg-check-store.ts';
import { PgConnections } from './pg-connections.ts';
import { PgCredentialFailureStore } from './pg-credential-failure-store.ts';
import { PgDenyListStore } from './pg-deny-list-store.ts';
import { PgEmvStore } from './pg-emv-store.ts';
import { PgGiftStore } from './pg-gift-store.ts';
import { PgInFlightStore } from './pg-in-flight-store.ts';
import { PgInstanceLease } from './pg-instance-lease.ts';
import { PgMerchantStore } from './pg-merchant-store.ts';
import { applyPostgresMigrations } from './pg-migrations.ts';
import { PgPasswordCheckStore } from './pg-password-check-store.ts';
import { PgMfaStore } from './pg-mfa-store.ts';
import { PgPermissionStore } from './pg-permission-store.ts';
import { PgStanBlocks } from './pg-stan-blocks.ts';
import { PgProfileStore } from './pg-profile-store.ts';
import { PgReceiptHeaderStore } from './pg-receipt-header-store.ts';
import { PgReceiptOutboxStore } from './pg-receipt-outbox-store.ts';
import { ReadFence, runTransaction, topLevelSession, type PgSession } from './pg-session.ts';
import { PgTokenStore } from './pg-token-store.ts';
import { PgTransactionStore } from './pg-transaction-store.ts';
import { PgUserStore } from './pg-user-store.ts';
import type { PostgresLocation } from './postgres-location.ts';

/**
 * A commit of its own in one statement: txid_current() gives the statement's transaction an id, so
 * its commit is flushed (and waits for the synchronous standbys) like any write's.
 */
const FENCE = 'SELECT txid_current()';

/** Every table of the store over one session, for the instance holding lock key `owner`. */
function tables(session: PgSession, owner: number): StoreTx {
  const batches = new PgBatchStore(session);
  return {
    transactions: new PgTransactionStore(session, batches),
    batches,
    tokens: new PgTokenStore(session),
    merchants: new PgMerchantStore(session),
    gift: new PgGiftStore(session),
    denyList: new PgDenyListStore(session),
    inFlight: new PgInFlightStore(session, owner),
    emv: new PgEmvStore(session),
    bdks: new PgBdkStore(session),
    receiptHeaders: new PgReceiptHeaderStore(session),
    users: new PgUserStore(session),
    profiles: new PgProfileStore(session),
    permissions: new PgPermissionStore(session),
    apiKeys: new PgApiKeyStore(session),
    mfa: new PgMfaStore(session),
    failures: new PgCredentialFailureStore(session),
    passwordChecks: new PgPasswordCheckStore(session),
    checks: new PgCheckStore(session),
    cardTickets: new PgCardTicketStore(session),
    outbox: new PgReceiptOutboxStore(session),
  };
}

/**
 * The PostgreSQL back end of the store boundary, for several service instances over one database
 * (docs/architecture.md, The store; docs/scaling.md). A pool of connections per server
 * (PgConnections) follows the primary across a failover. Each store transaction runs on a
 * connection of its own at READ COMMITTED, with row locks on what it decides from, and resolves
 * once its commit is durable; concurrent commits on the pool's connections share the server's WAL
 * flushes (PostgreSQL's group commit), so throughput grows with clients.
 */
export class PostgresServiceStore implements ServiceStore {
  readonly backend = 'postgres';
  readonly transactions: StoreTx['transactions'];
  readonly batches: StoreTx['batches'];
  readonly tokens: StoreTx['tokens'];
  readonly merchants: StoreTx['merchants'];
  readonly gift: StoreTx['gift'];
  readonly denyList: StoreTx['denyList'];
  readonly inFlight: StoreTx['inFlight'];
  readonly emv: StoreTx['emv'];
  readonly bdks: StoreTx['bdks'];
  readonly receiptHeaders: StoreTx['receiptHeaders'];
  readonly users: StoreTx['users'];
  readonly profiles: StoreTx['profiles'];
  readonly permissions: StoreTx['permissions'];
  readonly apiKeys: StoreTx['apiKeys'];
  readonly mfa: StoreTx['mfa'];
  readonly failures: StoreTx['failures'];
  readonly passwordChecks: StoreTx['passwordChecks'];
  readonly checks: StoreTx['checks'];
  readonly cardTickets: StoreTx['cardTickets'];
  readonly outbox: StoreTx['outbox'];
  readonly #connections: PgConnections;
  readonly #fence = new ReadFence();
  readonly #top: PgSession;
  readonly #stans: PgStanBlocks;
  /** This instance's lock and lease, held for as long as the store is open. */
  readonly #lease: PgInstanceLease;
  #fencing: Promise<void> | undefined;
  #nextFence: Promise<void> | undefined;

  private constructor(connections: PgConnections, lease: PgInstanceLease) {
    this.#connections = connections;
    this.#lease = lease;
    this.#top = topLevelSession(connections, this.#fence);
    this.#stans = new PgStanBlocks(this.#top);
    const top = tables(this.#top, lease.owner);
    this.transactions = top.transactions;
    this.batches = top.batches;
    this.tokens = top.tokens;
    this.merchants = top.merchants;
    this.gift = top.gift;
    this.denyList = top.denyList;
    this.inFlight = top.inFlight;
    this.emv = top.emv;
    this.bdks = top.bdks;
    this.receiptHeaders = top.receiptHeaders;
    this.users = top.users;
    this.profiles = top.profiles;
    this.permissions = top.permissions;
    this.apiKeys = top.apiKeys;
    this.mfa = top.mfa;
    this.failures = top.failures;
    this.passwordChecks = top.passwordChecks;
    this.checks = top.checks;
    this.cardTickets = top.cardTickets;
    this.outbox = top.outbox;
  }

  /**
   * Connects to the location, brings its schema up to date (refusing one too new), and takes this
   * instance's lock and lease (PgInstanceLease), which tell other instances it runs.
   */
  static async open(location: PostgresLocation): Promise<PostgresServiceStore> {
    const connections = new PgConnections(location);
    try {
      await applyPostgresMigrations(connections);
      return new PostgresServiceStore(connections, await PgInstanceLease.take(connections));
    } catch (error) {
      await connections.end();
      throw error;
    }
  }

  transaction<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return runTransaction(this.#connections, this.#fence, (session) =>
      work(tables(session, this.#lease.owner)),
    );
  }

  nextStanSeq(profileId: number): Promise<number> {
    return this.#stans.next(profileId);
  }

  /**
   * A read may have seen a commit that is flushed on the primary but not yet on the synchronous
   * standbys (PostgreSQL shows a commit before the standby confirms it). Once a commit that wrote
   * and was sent after a read finished is durable, so is everything the read saw; when none is,
   * one is made (FENCE), shared by every caller meanwhile.
   */
  settled(): Promise<void> {
    if (this.#fence.covered >= this.#fence.reads) return Promise.resolve();
    if (this.#nextFence !== undefined) return this.#nextFence;
    if (this.#fencing === undefined) return this.#startFence();
    const next = this.#fencing
      .catch(() => undefined)
      .then(() => {
        this.#nextFence = undefined;
        return this.#startFence();
      });
    this.#nextFence = next;
    return next;
  }

  async close(): Promise<void> {
    await this.#lease.close();
    await this.#connections.end();
  }

  #startFence(): Promise<void> {
    const fencing = this.#top
      .run(FENCE)
      .then(() => undefined)
      .finally(() => {
        if (this.#fencing === fencing) this.#fencing = undefined;
      });
    this.#fencing = fencing;
    return fencing;
  }
}
