import type {
  CardEntrySession,
  CardTicketStore,
  SessionRequest,
  TicketRefusal,
} from '../card-ticket-store.ts';
import { sessionFromRow, type SessionRow } from '../check-ticket-rows.ts';
import type { SqliteSession } from './sqlite-session.ts';

interface TicketRow {
  merchant_id: number;
  card_sealed: Buffer | null;
  expires_ts: number;
  used_ts: number | null;
}

/**
 * Card-entry sessions and tickets in SQLite (010_card_tickets). Issuing and taking a ticket each
 * run in one immediate transaction (or the caller's store transaction), so the check and the
 * write that uses a session or ticket up cannot be split by another request.
 */
export class SqliteCardTicketStore implements CardTicketStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  openSession(
    sessionHash: string,
    request: SessionRequest,
    nowTs: number,
    expiresTs: number,
  ): Promise<boolean> {
    return this.#s.write(() => {
      const inserted = this.#s
        .prepare(
          `INSERT OR IGNORE INTO card_entry_sessions (session_hash, merchant_id, profile_id,
            allowed_origin, key_id, nonce, created_ts, expires_ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          sessionHash,
          request.merchantId,
          request.profileId,
          request.allowedOrigin,
          request.signed?.keyId ?? null,
          request.signed?.nonce ?? null,
          nowTs,
          expiresTs,
        ).changes;
      return inserted === 1;
    });
  }

  session(sessionHash: string, nowTs: number): Promise<CardEntrySession | TicketRefusal> {
    return this.#s.read(() => this.#session(sessionHash, nowTs));
  }

  issueTicket(
    sessionHash: string,
    ticketHash: string,
    cardSealed: Buffer,
    nowTs: number,
    expiresTs: number,
  ): Promise<TicketRefusal | undefined> {
    return this.#s.write(() => {
      const session = this.#session(sessionHash, nowTs);
      if (typeof session === 'string') return session;
      this.#s
        .prepare('UPDATE card_entry_sessions SET used_ts = ? WHERE session_hash = ?')
        .run(nowTs, sessionHash);
      this.#s
        .prepare(
          `INSERT INTO card_tickets (ticket_hash, merchant_id, card_sealed, created_ts, expires_ts)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(ticketHash, session.merchantId, cardSealed, nowTs, expiresTs);
      return undefined;
    });
  }

  takeTicket(
    ticketHash: string,
    merchantId: number,
    nowTs: number,
  ): Promise<{ cardSealed: Buffer } | { refusal: TicketRefusal }> {
    return this.#s.write(() => {
      const row = this.#s
        .prepare<[string], TicketRow>(
          `SELECT merchant_id, card_sealed, expires_ts, used_ts FROM card_tickets
           WHERE ticket_hash = ?`,
        )
        .get(ticketHash);
      if (row === undefined) return { refusal: 'unknown' as const };
      if (row.merchant_id !== merchantId) return { refusal: 'other_merchant' as const };
      if (row.used_ts !== null) return { refusal: 'used' as const };
      if (row.expires_ts <= nowTs || row.card_sealed === null) {
        return { refusal: 'expired' as const };
      }
      const taken = this.#s
        .prepare(
          `UPDATE card_tickets SET used_ts = ?, card_sealed = NULL
           WHERE ticket_hash = ? AND used_ts IS NULL`,
        )
        .run(nowTs, ticketHash).changes;
      return taken === 1 ? { cardSealed: row.card_sealed } : { refusal: 'used' as const };
    });
  }

  purge(nowTs: number, forgetBeforeTs: number): Promise<number> {
    return this.#s.write(() => {
      const dropped = this.#s
        .prepare(
          `UPDATE card_tickets SET card_sealed = NULL
           WHERE card_sealed IS NOT NULL AND expires_ts <= ?`,
        )
        .run(nowTs).changes;
      this.#s.prepare('DELETE FROM card_tickets WHERE expires_ts <= ?').run(forgetBeforeTs);
      this.#s.prepare('DELETE FROM card_entry_sessions WHERE expires_ts <= ?').run(forgetBeforeTs);
      return dropped;
    });
  }

  /** The session's state, read inside the caller's read or write. */
  #session(sessionHash: string, nowTs: number): CardEntrySession | TicketRefusal {
    const row = this.#s
      .prepare<[string], SessionRow>(
        `SELECT merchant_id, profile_id, allowed_origin, expires_ts, used_ts
         FROM card_entry_sessions WHERE session_hash = ?`,
      )
      .get(sessionHash);
    return sessionFromRow(row, nowTs);
  }
}
