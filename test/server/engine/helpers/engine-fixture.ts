import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { OperationName } from '../../../../protocol/index.ts';
import {
  TransactionService,
  type CallerContext,
  type ServiceAnswer,
} from '../../../../server/engine/index.ts';
import {
  LoopbackProcessor,
  SendQueue,
  type ProcessorRequest,
} from '../../../../server/processor/index.ts';
import { SqliteServiceStore } from '../../../../server/store/sqlite/sqlite-service-store.ts';
import { CardVault } from '../../../../server/vault/index.ts';

/** A clock the test sets; starts at 2025-06-15 14:30:00 UTC. */
export class ManualClock {
  current = new Date('2025-06-15T14:30:00Z');

  readonly now = (): Date => new Date(this.current);

  /** Moves the clock forward by `seconds`. */
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

/** The processor's pace, held by the test: messages wait until released (when holding). */
export class PaceControl {
  holding = false;
  readonly seen: { delayMs: number; request: ProcessorRequest }[] = [];
  readonly #waiting: (() => void)[] = [];

  readonly pace = (delayMs: number, request: ProcessorRequest): Promise<void> => {
    this.seen.push({ delayMs, request });
    if (!this.holding) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  };

  /** Messages waiting to be released. */
  get held(): number {
    return this.#waiting.length;
  }

  /** Lets every held message through. */
  releaseAll(): void {
    this.holding = false;
    this.#waiting.splice(0).forEach((resolve) => resolve());
  }
}

/** Resolves once `condition` holds, checking after each turn of the event loop. */
export async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** Options of an engine fixture. */
export interface FixtureOptions {
  timeZone?: string;
  concurrency?: number;
}

/** A TransactionService on a fresh SQLite file, with one merchant, user and profile. */
export class EngineFixture {
  readonly dir = mkdtempSync(join(tmpdir(), 'laneterm-engine-'));
  readonly path = join(this.dir, 'service.db');
  readonly store = new SqliteServiceStore(this.path);
  /** The service's card vault (its key file in the fixture's directory). */
  readonly vault = CardVault.forDatabase(this.path, false);
  readonly clock = new ManualClock();
  readonly pace = new PaceControl();
  readonly queue: SendQueue;
  readonly service: TransactionService;
  readonly merchantId: number;
  readonly userId: number;
  readonly profileId: number;
  readonly timeZone: string;

  constructor(options: FixtureOptions = {}) {
    this.timeZone = options.timeZone ?? 'America/New_York';
    const created = Math.floor(this.clock.current.getTime() / 1000);
    this.merchantId = this.#insert(
      'INSERT INTO merchants (name, time_zone, created_at) VALUES (?, ?, ?)',
      'test_retail',
      this.timeZone,
      created,
    );
    this.profileId = this.#insert(
      'INSERT INTO profiles (merchant_id, name, created_at) VALUES (?, ?, ?)',
      this.merchantId,
      'lane',
      created,
    );
    this.userId = this.#insert(
      'INSERT INTO users (merchant_id, sub, password_hash, default_profile_id, created_at) VALUES (?, ?, ?, ?, ?)',
      this.merchantId,
      'public',
      'unused',
      this.profileId,
      created,
    );
    this.queue = new SendQueue({ concurrency: options.concurrency ?? 16 });
    this.service = this.open();
  }

  /** The database connection, to read and set up rows directly. */
  get db() {
    return this.store.database;
  }

  /** A new service over the same database (as after a restart). */
  open(): TransactionService {
    return new TransactionService({
      store: this.store,
      vault: this.vault,
      logger: pino({ level: 'silent' }),
      now: this.clock.now,
      processor: new LoopbackProcessor({ pace: this.pace.pace }),
      queue: this.queue,
      housekeeping: false,
    });
  }

  /** Adds another merchant with its own user and profile; returns its caller. */
  otherMerchant(): CallerContext {
    const merchantId = this.#insert(
      'INSERT INTO merchants (name, time_zone, created_at) VALUES (?, ?, ?)',
      'other',
      'UTC',
      0,
    );
    const profileId = this.#insert(
      'INSERT INTO profiles (merchant_id, name, created_at) VALUES (?, ?, 0)',
      merchantId,
      'p',
    );
    const userId = this.#insert(
      "INSERT INTO users (merchant_id, sub, password_hash, created_at) VALUES (?, '', 'x', 0)",
      merchantId,
    );
    return { ...this.caller(), merchantId, profileId, userId, username: 'other', timeZone: 'UTC' };
  }

  /** The fixture's caller, v2 over REST unless overridden. */
  caller(overrides: Partial<CallerContext> = {}): CallerContext {
    return {
      merchantId: this.merchantId,
      userId: this.userId,
      username: 'test_retail:public',
      profileId: this.profileId,
      version: 'v2',
      transport: 'rest',
      timeZone: this.timeZone,
      ...overrides,
    };
  }

  /** Runs an operation and returns the whole answer. */
  answer(
    op: OperationName,
    params: Record<string, string>,
    caller = this.caller(),
  ): Promise<ServiceAnswer> {
    return this.service.execute(op, params, caller);
  }

  /** Runs an operation that answers pairs and returns them. */
  async run(
    op: OperationName,
    params: Record<string, string>,
    caller = this.caller(),
  ): Promise<Record<string, string>> {
    const answer = await this.answer(op, params, caller);
    if (answer.kind !== 'response') throw new Error(`${op} answered a report`);
    return answer.pairs;
  }

  /** Runs an operation that answers a report and returns it. */
  async report(
    op: OperationName,
    params: Record<string, string> = {},
  ): Promise<{ columns: string[]; rows: Record<string, string>[] }> {
    const answer = await this.answer(op, params);
    if (answer.kind !== 'report')
      throw new Error(`${op} answered pairs: ${JSON.stringify(answer.pairs)}`);
    return answer;
  }

  /** Closes the service and the store and removes the directory. */
  async close(): Promise<void> {
    await this.service.close();
    await this.store.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  #insert(sql: string, ...args: (string | number)[]): number {
    return Number(this.db.prepare(sql).run(...args).lastInsertRowid);
  }
}

/** The public test server's Visa, keyed, with a good CV and AVS. */
export const VISA_KEYED = {
  account: '4111111111111111',
  expdate: '1230',
  cv: '999',
  street: '5800 NW 39th AVE',
  zip: '32606',
} as const;

/** A keyed sale request of `amount` on the test Visa. */
export function keyedSale(
  amount: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { ...VISA_KEYED, amount, ...extra };
}
