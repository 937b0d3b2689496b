import { afterAll, afterEach, beforeAll, onTestFinished } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceStore } from '../../../server/store/service-store.ts';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import { openServiceStore, parseStoreLocation } from '../../../server/store/store-location.ts';
import type { NewTransaction, TransactionEvent } from '../../../server/store/transaction-store.ts';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from '../helpers/postgres-cluster.ts';

/** A back end the contract suite runs on: opens a fresh, empty store for each test. */
export interface BackendUnderTest {
  name: 'sqlite' | 'postgres';
  /** True when the back end cannot run here (outside CI only; one line says why). */
  skip: boolean;
  /** A fresh store; `again` opens another store over the same database, at `location`. */
  fresh(): Promise<{ store: ServiceStore; again: () => Promise<ServiceStore>; location: string }>;
}

/** SQLite in a temporary file. */
export function sqliteBackend(): BackendUnderTest {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return {
    name: 'sqlite',
    skip: false,
    fresh: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'laneterm-contract-'));
      dirs.push(dir);
      const text = `sqlite:${join(dir, 'service.db')}`;
      const location = parseStoreLocation(text);
      return {
        store: await openServiceStore(location),
        again: () => openServiceStore(location),
        location: text,
      };
    },
  };
}

/** A database of its own per test, on a throwaway PostgreSQL cluster the file starts. */
export function postgresBackend(): BackendUnderTest {
  const skip = skipWithoutPostgres('PostgreSQL store tests');
  let cluster: PostgresCluster | undefined;
  beforeAll(async () => {
    if (!skip) cluster = await startPostgresCluster();
  }, 120_000);
  afterAll(async () => cluster?.stop());
  return {
    name: 'postgres',
    skip,
    fresh: async () => {
      if (cluster === undefined) throw new Error('the PostgreSQL cluster did not start');
      const text = await cluster.createDatabase();
      const location = parseStoreLocation(text);
      return {
        store: await openServiceStore(location),
        again: () => openServiceStore(location),
        location: text,
      };
    },
  };
}

/** The stores a test opens on one back end, each closed after the test (useStores). */
export interface TestStores {
  /** A store over a fresh database, with its location. */
  fresh(): Promise<{ store: ServiceStore; location: string }>;
  /** Two stores over one fresh database: on PostgreSQL, two service instances. */
  pair(): Promise<[ServiceStore, ServiceStore]>;
}

/** Opens stores on `backend` for the tests of the describe it is called in, closing each after. */
export function useStores(backend: BackendUnderTest): TestStores {
  const open: ServiceStore[] = [];
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
  });
  return {
    fresh: async () => {
      const { store, location } = await backend.fresh();
      open.push(store);
      return { store, location };
    },
    pair: async () => {
      const { store, again } = await backend.fresh();
      const second = await again();
      open.push(store, second);
      return [store, second];
    },
  };
}

/** A merchant with its merchant user and one profile: what a transaction needs to exist. */
export interface Seeded {
  merchantId: number;
  userId: number;
  profileId: number;
}

/** Creates merchant `name` with a "main" profile. */
export async function seedMerchant(store: ServiceStore, name = 'shop'): Promise<Seeded> {
  const login = await store.users.createMerchant(name, 'hash', 'UTC', 1_000);
  const profile = await store.profiles.create(login.merchantId, 'main', 'loopback', 1_000);
  return { merchantId: login.merchantId, userId: login.userId, profileId: profile.id };
}

/** An approved card sale of `amount` minor units (captured unless told), with its order. */
export function newSale(seeded: Seeded, amount: number, over: Partial<NewTransaction> = {}) {
  const txn: NewTransaction = {
    merchantId: seeded.merchantId,
    profileId: seeded.profileId,
    userId: seeded.userId,
    username: 'shop',
    kind: 'sale',
    operation: 'sale',
    state: 'captured',
    parentTtid: null,
    orderId: null,
    reqAmount: amount,
    amount,
    code: 'AUTH',
    msoftCode: 'INT_SUCCESS',
    phardCode: 'SUCCESS',
    verbiage: 'APPROVED',
    auth: 'A1',
    stan: '000001',
    avs: null,
    cv: null,
    accountMasked: '************1111',
    last4: '1111',
    cardtype: 'VISA',
    cardholdername: null,
    entryMode: 'K',
    token: null,
    cardSealed: null,
    online: true,
    statusFlags: [],
    reversalReason: null,
    echo: { ordernum: 'A' },
    custom: {},
    giftAccountId: null,
    cardFingerprint: 'fp-1111',
    ...over,
  };
  return txn;
}

/** The first event of a transaction created by `action`. */
export function eventOf(action: string, amount: number, stanSeq: number | null = null) {
  const event: TransactionEvent = {
    action,
    amount,
    code: 'AUTH',
    msoftCode: 'INT_SUCCESS',
    phardCode: 'SUCCESS',
    verbiage: 'APPROVED',
    stan: stanSeq === null ? null : String(stanSeq).padStart(6, '0'),
    stanSeq,
    username: 'shop',
  };
  return event;
}

/**
 * A SQLite store in a fresh file, removed when the test finishes, with every statement it runs
 * written to `log`; `path` opens the file again.
 */
export function tracedSqliteStore(log: string[]): { store: SqliteServiceStore; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-traced-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'service.db');
  return { store: new SqliteServiceStore(path, { verbose: (sql) => log.push(String(sql)) }), path };
}
