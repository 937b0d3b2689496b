import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { maskCardNumbers } from '../../../drivers/crypto/index.ts';
import type { OutboxCopy, ReceiptOutboxStore } from '../../store/receipt-outbox-store.ts';
import { parseOutboxMessage } from './receipt-outbox.ts';

/**
 * The files an earlier version wrote to the outbox folder, oldest first (a half-written file's
 * temporary name starts with a dot); undefined when there is no such folder.
 */
function legacyFiles(dir: string): string[] | undefined {
  try {
    return readdirSync(dir)
      .filter((file) => /\.(eml|sms)$/.test(file) && !file.startsWith('.'))
      .sort();
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** A copy from one outbox file, kept by its file name; its time from its Date header. */
function copyOfFile(dir: string, file: string): OutboxCopy {
  const path = join(dir, file);
  const message = maskCardNumbers(readFileSync(path, 'utf8'));
  const { headers } = parseOutboxMessage(message);
  const dated = Date.parse(headers.get('date') ?? '');
  return {
    name: file,
    channel: file.endsWith('.sms') ? 'sms' : 'email',
    recipient: headers.get('to') ?? '',
    subject: headers.get('subject') ?? null,
    ttid: headers.get('x-laneterm-ttid') ?? null,
    createdTs: Math.floor((Number.isNaN(dated) ? statSync(path).mtimeMs : dated) / 1000),
    message,
  };
}

/**
 * Moves the receipt copies an earlier version wrote as files into the data directory's outbox
 * folder (`dir`) into the store's outbox (docs/api.md, Receipts): all of them in one atomic
 * change, and the folder is removed only once that is committed. Copies are kept by their file
 * name, so a start stopped between the two adds none twice. Returns how many files it found; 0,
 * touching nothing, when there is no folder.
 */
export async function moveLegacyOutbox(dir: string, outbox: ReceiptOutboxStore): Promise<number> {
  const files = legacyFiles(dir);
  if (files === undefined) return 0;
  if (files.length > 0) await outbox.add(files.map((file) => copyOfFile(dir, file)));
  rmSync(dir, { recursive: true, force: true });
  return files.length;
}
