// The lane's files are its user's alone (docs/security.md, Lane files): the data folder 0700, the
// journal and its WAL 0600 from the start, an older run's wider modes narrowed, and the socket
// bound under umask 0077 with the process's umask given back.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JournalStore } from '../../../main/lane/journal/journal-store.ts';
import { ensureLaneDir, withPrivateUmask } from '../../../main/lane/private-files.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-private-'));
  dirs.push(dir);
  return dir;
}

const modeOf = (path: string): number => statSync(path).mode & 0o777;

describe('lane files', () => {
  it('creates the journal 0600 in a 0700 folder, its WAL 0600, whatever the umask', () => {
    const folder = join(tempDir(), 'lane', 'training');
    const previous = process.umask(0);
    try {
      const journal = new JournalStore(join(folder, 'journal.db'));
      journal.close();
    } finally {
      process.umask(previous);
    }
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(join(folder, 'journal.db'))).toBe(0o600);
  });

  it('keeps the WAL and shared-memory files 0600 while the journal is open', () => {
    const folder = tempDir();
    const previous = process.umask(0);
    const journal = new JournalStore(join(folder, 'journal.db'));
    try {
      expect(modeOf(join(folder, 'journal.db-wal'))).toBe(0o600);
      expect(modeOf(join(folder, 'journal.db-shm'))).toBe(0o600);
    } finally {
      journal.close();
      process.umask(previous);
    }
  });

  it('narrows a lane folder and a journal an older run left readable by others', () => {
    const folder = join(tempDir(), 'training');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    writeFileSync(join(folder, 'journal.db'), '');
    chmodSync(join(folder, 'journal.db'), 0o644);
    ensureLaneDir(folder);
    new JournalStore(join(folder, 'journal.db')).close();
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(join(folder, 'journal.db'))).toBe(0o600);
  });

  it('creates files under umask 0077 inside withPrivateUmask and gives the umask back', () => {
    const folder = tempDir();
    const previous = process.umask(0o022);
    try {
      withPrivateUmask(() => writeFileSync(join(folder, 'made'), 'x', { mode: 0o666 }));
      expect(process.umask()).toBe(0o022);
    } finally {
      process.umask(previous);
    }
    expect(modeOf(join(folder, 'made'))).toBe(0o600);
  });
});
