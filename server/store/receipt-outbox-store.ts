import { SqlArea } from './sql-session.ts';

/** How a receipt copy leaves: an e-mail (rcpt_email) or a text message (rcpt_sms). */
export type OutboxChannel = 'email' | 'sms';

/**
 * One receipt copy as the outbox keeps it (011_receipt_outbox: receipt_outbox). Every text in it
 * has its card numbers masked before it reaches the store: only the masked account is kept.
 */
export interface OutboxCopy {
  /**
   * Its name, unique: `<time>-<ttid>-<channel>-<random>.eml` or `.sms`, as the outbox folder of
   * earlier versions named its files, so names sort by time.
   */
  name: string;
  channel: OutboxChannel;
  /** The address or phone number it goes to, one line. */
  recipient: string;
  /** An e-mail's subject; null for an SMS. */
  subject: string | null;
  /** The transaction it is the receipt of; null when it names none. */
  ttid: string | null;
  /** When it was asked for, Unix seconds. */
  createdTs: number;
  /** The message a mail or SMS gateway sends: RFC 5322 text (headers, blank line, body), CRLF. */
  message: string;
}

/** A kept copy with the row id the outbox numbered it by. */
export interface OutboxRecord extends OutboxCopy {
  id: number;
}

/**
 * The receipt outbox (docs/api.md, Receipts): the copies the service was asked to e-mail or text,
 * for a mail or SMS gateway to take from the database every instance shares; the service itself
 * sends nothing.
 */
export interface ReceiptOutboxStore {
  /**
   * Keeps the copies, as one atomic change; a copy whose name is kept already is skipped, so an
   * import run again adds nothing twice. Returns how many were added.
   */
  add(copies: readonly OutboxCopy[]): Promise<number>;
  /** Every copy kept, oldest first (by time, then name). */
  list(): Promise<OutboxRecord[]>;
  /**
   * Removes up to `limit` copies (a whole number from 1), oldest first, and returns them in that
   * order. Two takes, on any instances, never return the same copy: PostgreSQL passes over the
   * rows another take holds in its open transaction, without waiting; SQLite's writers take turns.
   * In a store transaction the copies leave with its commit and stay if it rolls back: a gateway
   * hands them on inside it, before the commit, so a crash sends a copy twice rather than never
   * (at least once; docs/api.md, E-mail and SMS).
   */
  take(limit: number): Promise<OutboxRecord[]>;
}

/** A receipt_outbox row's columns as OutboxRecord fields (011_receipt_outbox). */
const RECORD = `id, name, channel, recipient, subject, ttid, created_ts AS "createdTs", message`;

const INSERT = `INSERT INTO receipt_outbox (name, channel, recipient, subject, ttid, created_ts,
  message) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (name) DO NOTHING`;

/** The copies oldest first, by time then name, as list() orders them. */
function oldestFirst(records: OutboxRecord[]): OutboxRecord[] {
  return records.sort((a, b) =>
    a.createdTs === b.createdTs ? (a.name < b.name ? -1 : 1) : a.createdTs - b.createdTs,
  );
}

/**
 * The receipt outbox in SQL (011_receipt_outbox: receipt_outbox), the same on every back end. A
 * take removes the oldest copies no open transaction holds: PostgreSQL skips rows another take
 * locked (SqlDialect.skipLocked); SQLite's writers take turns, so no two takes meet a row.
 */
export class SqlReceiptOutboxStore extends SqlArea implements ReceiptOutboxStore {
  add(copies: readonly OutboxCopy[]): Promise<number> {
    return this.sql.write(async (s) => {
      let added = 0;
      for (const copy of copies) {
        const { name, channel, recipient, subject, ttid, createdTs, message } = copy;
        added += await s.run(INSERT, [name, channel, recipient, subject, ttid, createdTs, message]);
      }
      return added;
    });
  }

  list(): Promise<OutboxRecord[]> {
    return this.sql.all<OutboxRecord>(
      `SELECT ${RECORD} FROM receipt_outbox ORDER BY created_ts, name`,
    );
  }

  async take(limit: number): Promise<OutboxRecord[]> {
    const taken = await this.sql.all<OutboxRecord>(
      `DELETE FROM receipt_outbox WHERE id IN (SELECT id FROM receipt_outbox
         ORDER BY created_ts, name LIMIT $1${this.sql.dialect.skipLocked})
       RETURNING ${RECORD}`,
      [limit],
    );
    return oldestFirst(taken);
  }
}
