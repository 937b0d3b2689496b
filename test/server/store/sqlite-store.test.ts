import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listMigrations, SchemaTooNewError } from '../../../server/store/schema-migrations.ts';
import { applySqliteMigrations } from '../../../server/store/sqlite/sqlite-migrations.ts';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';

const dirs: string[] = [];
function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-store-'));
  dirs.push(dir);
  return join(dir, 'service.db');
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('SqliteServiceStore', () => {
  it('opens in WAL mode (synchronous NORMAL, flushed by group commit, savepoints journaled in memory) with every migration', async () => {
    const store = new SqliteServiceStore(tempDb());
    const db = store.database;
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('temp_store', { simple: true })).toBe(2);
    const latest = listMigrations('sqlite').at(-1)?.version;
    expect(db.pragma('user_version', { simple: true })).toBe(latest);
    await store.close();
  });

  it('applies nothing the second time a database is opened', async () => {
    const path = tempDb();
    await new SqliteServiceStore(path).close();
    const store = new SqliteServiceStore(path);
    expect(applySqliteMigrations(store.database)).toBe(0);
    await store.close();
  });

  it('refuses a schema newer than it knows, naming both versions, and leaves it untouched', () => {
    const path = tempDb();
    const known = listMigrations('sqlite').at(-1)?.version ?? 0;
    const db = new Database(path);
    db.pragma(`user_version = ${known + 3}`);
    db.close();
    let error: unknown;
    try {
      new SqliteServiceStore(path);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect((error as SchemaTooNewError).message).toBe(
      `store: the database's schema is version ${known + 3}, newer than this service knows ` +
        `(${known}); run the service version that wrote it, or a later one`,
    );
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(known + 3);
    expect(
      after.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get(),
    ).toBe(0);
    after.close();
  });

  it('flushes the log once for commits made while a flush runs, and answers each after it', async () => {
    const store = new SqliteServiceStore(tempDb());
    const before = store.flushes;
    const writes = Array.from({ length: 20 }, (_, i) =>
      store.users.createMerchant(`m${i}`, 'hash', 'UTC', 0),
    );
    const created = await Promise.all(writes);
    expect(created.map((login) => login.username)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${i}`),
    );
    const flushes = store.flushes - before;
    expect(flushes).toBeGreaterThanOrEqual(1);
    expect(flushes).toBeLessThanOrEqual(2);
    await store.close();
  });

  it("lets a write meeting another connection's lock wait its turn without stopping the event loop", async () => {
    const path = tempDb();
    const [first, second] = [new SqliteServiceStore(path), new SqliteServiceStore(path)];
    const order: string[] = [];
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = (): void => undefined;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const firstWrite = first.transaction(async (tx) => {
      await tx.users.createMerchant('first', 'hash', 'UTC', 0);
      holding();
      await released;
      order.push('first');
    });
    await held;
    const secondWrite = second.users.createMerchant('second', 'hash', 'UTC', 0);
    // Runs only if the event loop turns while the second write waits for the first's lock.
    setImmediate(release);
    await Promise.all([firstWrite, secondWrite.then(() => order.push('second'))]);
    expect(order).toEqual(['first', 'second']);
    const names = first.database.prepare('SELECT name FROM merchants ORDER BY id').pluck().all();
    expect(names).toEqual(['first', 'second']);
    await Promise.all([first.close(), second.close()]);
  });
});

describe('applySqliteMigrations', () => {
  it('leaves the schema at the last whole step when a migration fails', async () => {
    const store = new SqliteServiceStore(':memory:');
    const db = store.database;
    const before = db.pragma('user_version', { simple: true }) as number;
    const broken = [
      { version: before + 1, name: 'ok.sql', sql: 'CREATE TABLE step_one (id INTEGER);' },
      { version: before + 2, name: 'bad.sql', sql: 'CREATE TABLE step_two (id INTEGER); NOT SQL;' },
    ];
    expect(() => applySqliteMigrations(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(before + 1);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toContain('step_one');
    expect(tables).not.toContain('step_two');
    await store.close();
  });
});
