import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../../server/store/database.ts';
import { applyMigrations, listMigrations } from '../../../server/store/migrate.ts';

const dirs: string[] = [];
function tempDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-store-'));
  dirs.push(dir);
  return join(dir, 'service.db');
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('openStore', () => {
  it('opens in WAL mode with foreign keys and every migration applied', () => {
    const db = openStore(tempDb());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const latest = listMigrations().at(-1)?.version;
    expect(db.pragma('user_version', { simple: true })).toBe(latest);
    db.close();
  });

  it('applies nothing the second time a database is opened', () => {
    const path = tempDb();
    openStore(path).close();
    const db = openStore(path);
    expect(applyMigrations(db)).toBe(0);
    db.close();
  });
});

describe('applyMigrations', () => {
  it('leaves the schema at the last whole step when a migration fails', () => {
    const db = openStore(':memory:');
    const before = db.pragma('user_version', { simple: true }) as number;
    const broken = [
      { version: before + 1, name: 'ok.sql', sql: 'CREATE TABLE step_one (id INTEGER);' },
      { version: before + 2, name: 'bad.sql', sql: 'CREATE TABLE step_two (id INTEGER); NOT SQL;' },
    ];
    expect(() => applyMigrations(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(before + 1);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toContain('step_one');
    expect(tables).not.toContain('step_two');
    db.close();
  });
});
