import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes `data` (a string as UTF-8) to `path`, mode 0600, flushed to disk before it returns;
 * `flags` "wx" (the default) creates a new file only, "w" replaces one left there.
 */
export function writeFlushedFile(path: string, data: Buffer | string, flags = 'wx'): void {
  const fd = openSync(path, flags, 0o600);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes `data` to a fresh file beside `path`, mode 0600, flushed to disk; returns its name. */
function writeTemporary(path: string, data: Buffer | string): string {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  writeFlushedFile(temporary, data);
  return temporary;
}

/** Flushes a directory entry change (a rename or link inside `dir`) to disk where that exists. */
export function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows opens no directory: its renames are durable once they return.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Replaces the file at `path` with `data` (mode 0600) in one step: readers see the old contents or
 * the new, never a part, also after a crash.
 */
export function replaceSecretFile(path: string, data: Buffer | string): void {
  const temporary = writeTemporary(path, data);
  renameSync(temporary, path);
  syncDirectory(dirname(path));
}

/**
 * Creates the file at `path` with `data` (mode 0600) unless it exists, in one step; false when it
 * already existed (another process may have won the race: read what it wrote).
 */
export function createSecretFile(path: string, data: Buffer | string): boolean {
  const temporary = writeTemporary(path, data);
  try {
    linkSync(temporary, path);
    syncDirectory(dirname(path));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * True when group or other users have any access to the file (mode bits 077). Windows has no such
 * bits (its ACLs decide, and the user's profile folders are private): never there.
 */
export function sharedWithOthers(path: string): boolean {
  return process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0;
}
