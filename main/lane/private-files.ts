// The lane's files are its own user's alone: its data folder 0700, every file in it 0600, created
// so from the start rather than narrowed afterwards (docs/security.md, Lane files).
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** Mode of the lane's data folders: owner only. */
const PRIVATE_DIR_MODE = 0o700;

/** Mode of the lane's files: owner read and write only. */
const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` 0700 where missing; an existing folder (perhaps shared, like /tmp) is left as is. */
export function createPrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Creates the lane's own data folder 0700, and narrows it to 0700 when an older run left it wider. */
export function ensureLaneDir(dir: string): void {
  createPrivateDir(dir);
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates the SQLite database `path` empty and 0600 unless it exists, and narrows it and its WAL
 * and shared-memory files to 0600 (SQLite gives those the database file's mode when it makes them).
 */
export function ensurePrivateDatabase(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  }
}

/** Runs `create` (which must create its files synchronously) under umask 0077, then restores it. */
export function withPrivateUmask<T>(create: () => T): T {
  const previous = process.umask(0o077);
  try {
    return create();
  } finally {
    process.umask(previous);
  }
}
