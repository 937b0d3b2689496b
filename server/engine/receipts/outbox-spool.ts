import { renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { OutboxCopy } from '../../store/receipt-outbox-store.ts';
import { syncDirectory, writeFlushedFile } from '../../vault/secret-files.ts';

/** Why receipt copies could not be written into a spool folder. */
export type OutboxSpoolErrorCode =
  /** The folder does not exist or is not a directory. */
  | 'OUTBOX_SPOOL_FOLDER'
  /** A copy's file could not be written, flushed or renamed. */
  | 'OUTBOX_SPOOL_WRITE';

/** Receipt copies could not be written into a spool folder; the message names the path and why. */
export class OutboxSpoolError extends Error {
  readonly code: OutboxSpoolErrorCode;

  constructor(code: OutboxSpoolErrorCode, message: string) {
    super(message);
    this.name = 'OutboxSpoolError';
    this.code = code;
  }
}

/** Why a file operation failed, without the path Node repeats: "EACCES: permission denied". */
const reason = (error: unknown): string => (error as Error).message.split(',')[0] ?? '';

/** Refuses a spool folder that is not an existing directory (OUTBOX_SPOOL_FOLDER). */
function checkSpoolFolder(dir: string): void {
  let isDirectory = false;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (error) {
    throw new OutboxSpoolError('OUTBOX_SPOOL_FOLDER', `${dir}: ${reason(error)}`);
  }
  if (!isDirectory) throw new OutboxSpoolError('OUTBOX_SPOOL_FOLDER', `${dir}: not a directory`);
}

/**
 * A copy's temporary file in the folder: `.<name>.tmp`, as the outbox folder of earlier versions
 * named a file being written, which gateways pass over. A copy's name is one file name (the store
 * names them; an earlier version's folder held them), so it never leaves the folder.
 */
function temporaryPath(dir: string, copy: OutboxCopy): string {
  if (basename(copy.name) !== copy.name || copy.name.startsWith('.')) {
    throw new OutboxSpoolError(
      'OUTBOX_SPOOL_WRITE',
      `${copy.name}: not a receipt copy's file name`,
    );
  }
  return join(dir, `.${copy.name}.tmp`);
}

/**
 * Writes each copy into the folder `dir` as the file `<name>` holding its message (UTF-8, mode
 * 0600), the way earlier versions' outbox folder held them, for a gateway that reads a spool folder
 * (docs/api.md, E-mail and SMS). Every file is written whole and flushed under a temporary name
 * first; only when all are on disk are they renamed into place and the folder flushed, so a
 * gateway never sees part of a file, and once this returns every copy is on disk. A write that
 * fails removes the temporary files and throws OutboxSpoolError naming the path: no copy is placed
 * (one failing to be renamed, after others were, leaves those in place).
 */
export function spoolOutboxCopies(dir: string, copies: readonly OutboxCopy[]): void {
  checkSpoolFolder(dir);
  const written: [temporary: string, copy: OutboxCopy][] = [];
  for (const copy of copies) {
    const temporary = temporaryPath(dir, copy);
    try {
      writeFlushedFile(temporary, copy.message, 'w');
      written.push([temporary, copy]);
    } catch (error) {
      for (const [done] of written) rmSync(done, { force: true });
      throw new OutboxSpoolError('OUTBOX_SPOOL_WRITE', `${temporary}: ${reason(error)}`);
    }
  }
  for (const [index, [temporary, copy]] of written.entries()) {
    const path = join(dir, copy.name);
    try {
      renameSync(temporary, path);
    } catch (error) {
      for (const [left] of written.slice(index)) rmSync(left, { force: true });
      throw new OutboxSpoolError('OUTBOX_SPOOL_WRITE', `${path}: ${reason(error)}`);
    }
  }
  syncDirectory(dir);
}
