import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ServiceStore, StoreTx } from '../service-store.ts';
import { ConnectionGate } from './connection-gate.ts';
import { SqliteApiKeyStore } from './sqlite-api-key-store.ts';
import { SqliteBatchStore } from './sqlite-batch-store.ts';
import { SqliteBdkStore } from './sqlite-bdk-store.ts';
import { SqliteCardTicketStore } from './sqlite-card-ticket-store.ts';
import { SqliteCheckStore } from './sqlite-check-store.ts';
import { SqliteCredentialFailureStore } from './sqlite-credential-failure-store.ts';
import { SqliteDenyListStore } from './sqlite-deny-list-store.ts';
import { SqliteEmvStore } from './sqlite-emv-store.ts';
import { SqliteGiftStore } from './sqlite-gift-store.ts';
import { SqliteInFlightStore } from './sqlite-in-flight-store.ts';
import { SqliteMerchantStore } from './sqlite-merchant-store.ts';
import { applySqliteMigrations } from './sqlite-migrations.ts';
import { SqlitePasswordCheckStore } from './sqlite-password-check-store.ts';
import { SqliteMfaStore } from './sqlite-mfa-store.ts';
import { SqlitePermissionStore } from './sqlite-permission-store.ts';
import { SqliteProfileStore } from './sqlite-profile-store.ts';
import { SqliteReceiptHeaderStore } from './sqlite-receipt-header-store.ts';
import { SqliteReceiptOutboxStore } from './sqlite-receipt-outbox-store.ts';
import { StanSequence } from './stan-sequence.ts';
import {
  statementCache,
  topLevelSession,
  transactionSession,
  type SqliteSession,
} from './sqlite-session.ts';
import { SqliteTokenStore } from './sqlite-token-store.ts';
import { SqliteTransactionStore } from './sqlite-transaction-store.ts';
import { SqliteUserStore } from './sqlite-user-store.ts';
import { WalSync } from './wal-sync.ts';

/** Options of a SQLite store. */
export interface SqliteStoreOptions {
  /** Called with the SQL of every statement run (better-sqlite3's verbose), for tracing. */
  verbose?: (sql?: unknown) => void;
}

/** Every table of the store over one session. */
function tables(session: SqliteSession): StoreTx {
  const batches = new SqliteBatchStore(session);
  return {
    transactions: new SqliteTransactionStore(session, batches),
    batches,
    tokens: new SqliteTokenStore(session),
    merchants: new SqliteMerchantStore(session),
    gift: new SqliteGiftStore(session),
    denyList: new SqliteDenyListStore(session),
    inFlight: new SqliteInFlightStore(session),
    emv: new SqliteEmvStore(session),
    bdks: new SqliteBdkStore(session),
    receiptHeaders: new SqliteReceiptHeaderStore(session),
    users: new SqliteUserStore(session),
    profiles: new SqliteProfileStore(session),
    permissions: new SqlitePermissionStore(session),
    apiKeys: new SqliteApiKeyStore(session),
    mfa: new SqliteMfaStore(session),
    failures: new SqliteCredentialFailureStore(session),
    passwordChecks: new SqlitePasswordCheckStore(session),
    checks: new SqliteCheckStore(session),
    cardTickets: new SqliteCardTicketStore(session),
    outbox: new SqliteReceiptOutboxStore(session),
  };
}

/**
 * The SQLite back end of the store boundary, the service's embedded default: one file, one
 * connection, WAL journal with synchronous=NORMAL and group commit (WalSync), so a commit is
 * answered only once the log holding it is flushed, and one flush serves every commit made while
 * the previous one ran. Store transactions take turns at the connection (ConnectionGate); reads
 * outside them wait for the one in progress, so they never see what is not committed.
 */
export class SqliteServiceStore implements ServiceStore {
  readonly backend = 'sqlite';
  /** The database file, or ":memory:". */
  readonly path: string;
  /** The connection itself, for tests and tools that inspect rows; writes belong to the store. */
  readonly database: Database.Database;
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
  readonly #gate = new ConnectionGate();
  readonly #wal: WalSync | undefined;
  readonly #tx: StoreTx;
  readonly #stans: StanSequence;
  readonly #begin: Database.Statement;
  readonly #commit: Database.Statement;
  readonly #rollback: Database.Statement;

  constructor(path: string, options: SqliteStoreOptions = {}) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const db = new Database(
      path,
      options.verbose === undefined ? {} : { verbose: options.verbose },
    );
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      applySqliteMigrations(db);
      this.#wal = db.memory ? undefined : new WalSync(`${path}-wal`);
    } catch (error) {
      db.close();
      throw error;
    }
    this.path = path;
    this.database = db;
    const prepare = statementCache(db);
    this.#begin = db.prepare('BEGIN IMMEDIATE');
    this.#commit = db.prepare('COMMIT');
    this.#rollback = db.prepare('ROLLBACK');
    this.#tx = tables(transactionSession(prepare));
    const top = tables(topLevelSession(db, prepare, this.#gate, this.#wal));
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
    this.#stans = new StanSequence(top.transactions);
  }

  /** Log flushes so far: a figure for benches (0 for an in-memory database). */
  get flushes(): number {
    return this.#wal?.flushes ?? 0;
  }

  async transaction<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    const result = await this.#gate.hold(async () => {
      this.#begin.run();
      try {
        const value = await work(this.#tx);
        this.#commit.run();
        this.#wal?.committed();
        return value;
      } catch (error) {
        if (this.database.inTransaction) this.#rollback.run();
        throw error;
      }
    });
    await this.settled();
    return result;
  }

  nextStanSeq(profileId: number): Promise<number> {
    return this.#stans.next(profileId);
  }

  settled(): Promise<void> {
    return this.#wal?.durable() ?? Promise.resolve();
  }

  async close(): Promise<void> {
    await this.#gate.run(() => undefined);
    await this.#wal?.close();
    this.database.close();
  }
}
