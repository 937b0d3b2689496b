// Every area of a store over one SQL session, built in one place for both back ends and for both
// a store's own calls and its transactions' (docs/architecture.md, The store).
import { SqlApiKeyStore } from './api-key-store.ts';
import { SqlBatchStore } from './batch-store.ts';
import { SqlBdkStore } from './bdk-store.ts';
import { SqlCardTicketStore } from './card-ticket-store.ts';
import { SqlCheckStore } from './check-store.ts';
import { SqlCredentialFailureStore } from './credential-failure-store.ts';
import { SqlDenyListStore } from './deny-list-store.ts';
import { SqlEmvStore } from './emv-store.ts';
import { SqlGiftStore } from './gift-store.ts';
import type { InFlightStore } from './in-flight-store.ts';
import { SqlMerchantStore } from './merchant-store.ts';
import { SqlMfaStore } from './mfa-store.ts';
import { SqlPasswordCheckStore } from './password-check-store.ts';
import { SqlPermissionStore } from './permission-store.ts';
import { SqlProfileStore } from './profile-store.ts';
import { SqlReceiptHeaderStore } from './receipt-header-store.ts';
import { SqlReceiptOutboxStore } from './receipt-outbox-store.ts';
import type { StoreTx } from './service-store.ts';
import type { StoreBackend } from './sql-dialect.ts';
import type { SqlSession } from './sql-session.ts';
import { SqlTokenStore } from './token-store.ts';
import { SqlUserStore } from './user-store.ts';
import { SqlVaultStore } from './vault-store.ts';
import type { TransactionStore } from './transaction-store.ts';

/** The areas a back end writes itself, where its concurrency differs from the other's. */
export interface OwnAreas {
  readonly transactions: TransactionStore;
  readonly inFlight: InFlightStore;
}

/** Every area over `session`: the back end's own, and the rest in SQL written once. */
export function storeAreas(session: SqlSession, own: OwnAreas): StoreTx {
  return {
    transactions: own.transactions,
    inFlight: own.inFlight,
    batches: new SqlBatchStore(session),
    tokens: new SqlTokenStore(session),
    merchants: new SqlMerchantStore(session),
    gift: new SqlGiftStore(session),
    denyList: new SqlDenyListStore(session),
    emv: new SqlEmvStore(session),
    bdks: new SqlBdkStore(session),
    receiptHeaders: new SqlReceiptHeaderStore(session),
    users: new SqlUserStore(session),
    profiles: new SqlProfileStore(session),
    permissions: new SqlPermissionStore(session),
    apiKeys: new SqlApiKeyStore(session),
    mfa: new SqlMfaStore(session),
    failures: new SqlCredentialFailureStore(session),
    passwordChecks: new SqlPasswordCheckStore(session),
    checks: new SqlCheckStore(session),
    cardTickets: new SqlCardTicketStore(session),
    outbox: new SqlReceiptOutboxStore(session),
    vault: new SqlVaultStore(session),
  };
}

/**
 * A store's areas as its own fields, for calls made outside a store transaction; a back end adds
 * transactions, stan numbering, durability and closing (ServiceStore).
 */
export abstract class StoreAreas implements StoreTx {
  abstract readonly backend: StoreBackend;
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
  readonly vault: StoreTx['vault'];

  protected constructor(areas: StoreTx) {
    this.transactions = areas.transactions;
    this.batches = areas.batches;
    this.tokens = areas.tokens;
    this.merchants = areas.merchants;
    this.gift = areas.gift;
    this.denyList = areas.denyList;
    this.inFlight = areas.inFlight;
    this.emv = areas.emv;
    this.bdks = areas.bdks;
    this.receiptHeaders = areas.receiptHeaders;
    this.users = areas.users;
    this.profiles = areas.profiles;
    this.permissions = areas.permissions;
    this.apiKeys = areas.apiKeys;
    this.mfa = areas.mfa;
    this.failures = areas.failures;
    this.passwordChecks = areas.passwordChecks;
    this.checks = areas.checks;
    this.cardTickets = areas.cardTickets;
    this.outbox = areas.outbox;
    this.vault = areas.vault;
  }
}
