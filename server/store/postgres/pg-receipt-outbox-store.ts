import type { OutboxCopy, OutboxRecord, ReceiptOutboxStore } from '../receipt-outbox-store.ts';
import {
  OUTBOX_COLUMNS,
  SELECT_OUTBOX,
  oldestFirst,
  outboxValues,
  takeOutboxSql,
} from '../store-rows.ts';
import type { PgSession } from './pg-session.ts';

const INSERT = `INSERT INTO receipt_outbox (${OUTBOX_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)
  ON CONFLICT (name) DO NOTHING`;

/** Removes the oldest copies no open transaction holds (row locks, SKIP LOCKED). */
const TAKE = takeOutboxSql('$1', ' FOR UPDATE SKIP LOCKED');

/** The receipt outbox in PostgreSQL (011_receipt_outbox: receipt_outbox). */
export class PgReceiptOutboxStore implements ReceiptOutboxStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  add(copies: readonly OutboxCopy[]): Promise<number> {
    return this.#s.write(async (session) => {
      let added = 0;
      for (const copy of copies) added += await session.run(INSERT, outboxValues(copy));
      return added;
    });
  }

  list(): Promise<OutboxRecord[]> {
    return this.#s.all<OutboxRecord>(SELECT_OUTBOX);
  }

  async take(limit: number): Promise<OutboxRecord[]> {
    return oldestFirst(await this.#s.all<OutboxRecord>(TAKE, [limit]));
  }
}
