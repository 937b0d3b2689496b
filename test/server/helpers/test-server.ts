import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAccounts, type Accounts } from '../../../server/accounts/accounts.ts';
import { openSecretKey } from '../../../server/accounts/secret-box.ts';
import type { ServerInput } from '../../../server/config/server-options.ts';
import { startServer, type RunningServer } from '../../../server/index.ts';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import { CardVault } from '../../../server/vault/index.ts';

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
