import type { OutboxCopy, OutboxRecord, ReceiptOutboxStore } from '../receipt-outbox-store.ts';
import {
  OUTBOX_COLUMNS,
  SELECT_OUTBOX,
  oldestFirst,
  outboxValues,
  takeOutboxSql,
} from '../store-rows.ts';
import type { SqliteSession } from './sqlite-session.ts';

/** Removes the oldest copies; SQLite's writers take turns, so no two takes meet a row. */
const TAKE = takeOutboxSql('?', '');

/** The receipt outbox in SQLite (011_receipt_outbox: receipt_outbox). */
export class SqliteReceiptOutboxStore implements ReceiptOutboxStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  add(copies: readonly OutboxCopy[]): Promise<number> {
    return this.#s.write(() => {
      const insert = this.#s.prepare(
        `INSERT INTO receipt_outbox (${OUTBOX_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (name) DO NOTHING`,
      );
      return copies.reduce((added, copy) => added + insert.run(...outboxValues(copy)).changes, 0);
    });
  }

  list(): Promise<OutboxRecord[]> {
    return this.#s.read(() => this.#s.prepare<[], OutboxRecord>(SELECT_OUTBOX).all());
  }

  take(limit: number): Promise<OutboxRecord[]> {
    return this.#s.write(() =>
      oldestFirst(this.#s.prepare<[number], OutboxRecord>(TAKE).all(limit)),
    );
  }
}
