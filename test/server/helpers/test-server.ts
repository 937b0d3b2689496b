import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openAccounts, type Accounts } from '../../../server/accounts/accounts.ts';
import { openSecretKey } from '../../../server/accounts/secret-box.ts';
import type { ServerInput } from '../../../server/config/server-options.ts';
import { startServer, type RunningServer } from '../../../server/index.ts';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import { CardVault } from '../../../server/vault/index.ts';
import type { HttpTarget } from './http-client.ts';

/** A clock the test moves: starts at the real time, moves only when told. */
export class TestClock {
  #at = Date.now();

  /** The clock's time now. */
  now = (): Date => new Date(this.#at);

  /** Moves the clock forward by `ms`. */
  advance(ms: number): void {
    this.#at += ms;
  }
}

/** A service started in this process on random ports with a fresh data directory. */
export interface TestServer {
  server: RunningServer;
  dir: string;
  /** Every log line the service wrote, as JSON text. */
  logs: string[];
  clock: TestClock;
  /** The demo merchant's profile API key. */
  apiKey: { id: string; secret: string };
  /** The accounts of the service's data directory, opened beside the running service. */
  accounts: Accounts;
  /** Stops the service and removes its data directory. */
  stop: () => Promise<void>;
}

/** Starts the service with --demo on TLS port 0 and plain port 0 (options may override). */
export async function startTestServer(input: ServerInput = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-pts-'));
  const logs: string[] = [];
  const clock = new TestClock();
  const server = await startServer({
    port: 0,
    plainPort: 0,
    dataDir: dir,
    demo: true,
    logLevel: 'debug',
    logDestination: { write: (line: string) => logs.push(line) },
    now: clock.now,
    ...input,
  });
  const store = new SqliteServiceStore(join(dir, 'service.db'));
  const vault = CardVault.open(dir);
  const accounts = openAccounts(store, vault, openSecretKey(join(dir, 'totp-key.sealed'), vault));
  const demo = server.demo;
  return {
    server,
    dir,
    logs,
    clock,
    apiKey: { id: demo?.apiKeyId ?? '', secret: demo?.apiKeySecret ?? '' },
    accounts,
    stop: async () => {
      await server.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A service for one test file: started before its tests, stopped after them. */
export interface FileTestServer {
  /** The running service (read it inside a test). */
  service: () => TestServer;
  /** Its plain port on 127.0.0.1, for REST and key/value without TLS. */
  plain: () => HttpTarget;
}

/** Starts the demo service (startTestServer) in beforeAll and stops it in afterAll. */
export function useTestServer(input: ServerInput = {}): FileTestServer {
  let running: TestServer | undefined;
  beforeAll(async () => {
    running = await startTestServer(input);
  });
  afterAll(() => running?.stop());
  const service = (): TestServer => {
    if (running === undefined) throw new Error('the test server has not started');
    return running;
  };
  return {
    service,
    plain: () => ({ host: '127.0.0.1', port: service().server.plainAddress?.port ?? 0 }),
  };
}
