import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';
import {
  CHECKPOINT_COMMITS,
  WalCheckpointer,
} from '../../../server/store/sqlite/wal-checkpointer.ts';

const dirs: string[] = [];
function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-checkpoint-'));
  dirs.push(dir);
  return join(dir, 'service.db');
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const WAIT = { timeout: 30_000, interval: 50 };

describe('WalCheckpointer', () => {
  it("moves the log's pages into the database file from its own thread, the connection's own checkpoint off", async () => {
    const path = tempDb();
    const store = new SqliteServiceStore(path);
    expect(store.database.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const before = statSync(path).size;
    for (let i = 0; i < CHECKPOINT_COMMITS + 20; i += 1) {
      await store.users.createMerchant(`merchant-${i}`, 'x'.repeat(2000), 'UTC', 0);
    }
    await vi.waitFor(() => expect(statSync(path).size).toBeGreaterThan(before), WAIT);
    await store.close();
  });

  it('keeps every commit of concurrent writes while checkpoints run, across a reopen', async () => {
    const path = tempDb();
    const store = new SqliteServiceStore(path);
    const names = Array.from({ length: 3 * CHECKPOINT_COMMITS }, (_, i) => `m${i}`);
    await Promise.all(names.map((name) => store.users.createMerchant(name, 'hash', 'UTC', 0)));
    await store.close();
    const reopened = new Database(path, { readonly: true });
    const stored = reopened.prepare('SELECT name FROM merchants ORDER BY id').pluck().all();
    reopened.close();
    expect(stored).toEqual(names);
  });

  it('gives checkpoints back to the connection once its thread stops', async () => {
    const db = new Database(tempDb());
    db.pragma('journal_mode = WAL');
    const checkpointer = new WalCheckpointer(db);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await checkpointer.stop();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    db.close();
  });
});
