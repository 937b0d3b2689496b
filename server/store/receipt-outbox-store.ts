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
