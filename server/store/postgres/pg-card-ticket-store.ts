import type {
  CardEntrySession,
  CardTicketStore,
  SessionRequest,
  TicketRefusal,
} from '../card-ticket-store.ts';
import { sessionFromRow, type SessionRow } from '../check-ticket-rows.ts';
import type { PgSession } from './pg-session.ts';

interface TicketRow {
  merchant_id: number;
  card_sealed: Buffer | null;
  expires_ts: number;
  used_ts: number | null;
}

/** Why a ticket cannot be taken by merchantId at nowTs (the order SQLite's store checks in). */
function refusalOf(row: TicketRow | undefined, merchantId: number, nowTs: number): TicketRefusal {
  if (row === undefined) return 'unknown';
  if (row.merchant_id !== merchantId) return 'other_merchant';
  if (row.used_ts !== null) return 'used';
  return row.expires_ts <= nowTs || row.card_sealed === null ? 'expired' : 'used';
}

/**
 * Card-entry sessions and tickets in PostgreSQL (010_card_tickets). Closing a session and taking a
 * ticket are each one conditional UPDATE on a row still open, so of instances racing for the same
 * session or ticket one gets it: the other waits on its row lock and, once it commits, finds the
 * row used (READ COMMITTED re-checks the condition on the row's new version).
 */
export class PgCardTicketStore implements CardTicketStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async openSession(
    sessionHash: string,
    request: SessionRequest,
    nowTs: number,
    expiresTs: number,
  ): Promise<boolean> {
    const inserted = await this.#s.run(
      `INSERT INTO card_entry_sessions (session_hash, merchant_id, profile_id, allowed_origin,
         key_id, nonce, created_ts, expires_ts) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT DO NOTHING`,
      [
        sessionHash,
        request.merchantId,
        request.profileId,
        request.allowedOrigin,
        request.signed?.keyId ?? null,
        request.signed?.nonce ?? null,
        nowTs,
        expiresTs,
      ],
    );
    return inserted === 1;
  }

  async session(sessionHash: string, nowTs: number): Promise<CardEntrySession | TicketRefusal> {
    return sessionFromRow(await this.#sessionRow(this.#s, sessionHash), nowTs);
  }

  issueTicket(
    sessionHash: string,
    ticketHash: string,
    cardSealed: Buffer,
    nowTs: number,
    expiresTs: number,
  ): Promise<TicketRefusal | undefined> {
    return this.#s.write(async (s) => {
      const closed = await s.get<{ merchant_id: number }>(
        `UPDATE card_entry_sessions SET used_ts = $1
         WHERE session_hash = $2 AND used_ts IS NULL AND expires_ts > $1
         RETURNING merchant_id`,
        [nowTs, sessionHash],
      );
      if (closed === undefined) {
        const refusal = sessionFromRow(await this.#sessionRow(s, sessionHash), nowTs);
        return typeof refusal === 'string' ? refusal : 'used';
      }
      await s.run(
        `INSERT INTO card_tickets (ticket_hash, merchant_id, card_sealed, created_ts, expires_ts)
         VALUES ($1, $2, $3, $4, $5)`,
        [ticketHash, closed.merchant_id, cardSealed, nowTs, expiresTs],
      );
      return undefined;
    });
  }

  takeTicket(
    ticketHash: string,
    merchantId: number,
    nowTs: number,
  ): Promise<{ cardSealed: Buffer } | { refusal: TicketRefusal }> {
    return this.#s.write(async (s) => {
      const taken = await s.get<{ card_sealed: Buffer }>(
        `WITH claim AS (
           SELECT ticket_hash, card_sealed FROM card_tickets
           WHERE ticket_hash = $1 AND merchant_id = $2 AND used_ts IS NULL
             AND card_sealed IS NOT NULL AND expires_ts > $3
           FOR UPDATE)
         UPDATE card_tickets t SET used_ts = $3, card_sealed = NULL
         FROM claim WHERE t.ticket_hash = claim.ticket_hash
         RETURNING claim.card_sealed`,
        [ticketHash, merchantId, nowTs],
      );
      if (taken !== undefined) return { cardSealed: taken.card_sealed };
      const row = await s.get<TicketRow>(
        `SELECT merchant_id, card_sealed, expires_ts, used_ts FROM card_tickets
         WHERE ticket_hash = $1`,
        [ticketHash],
      );
      return { refusal: refusalOf(row, merchantId, nowTs) };
    });
  }

  purge(nowTs: number, forgetBeforeTs: number): Promise<number> {
    return this.#s.write(async (s) => {
      const dropped = await s.run(
        `UPDATE card_tickets SET card_sealed = NULL
         WHERE card_sealed IS NOT NULL AND expires_ts <= $1`,
        [nowTs],
      );
      await s.run('DELETE FROM card_tickets WHERE expires_ts <= $1', [forgetBeforeTs]);
      await s.run('DELETE FROM card_entry_sessions WHERE expires_ts <= $1', [forgetBeforeTs]);
      return dropped;
    });
  }

  #sessionRow(s: PgSession, sessionHash: string): Promise<SessionRow | undefined> {
    return s.get<SessionRow>(
      `SELECT merchant_id, profile_id, allowed_origin, expires_ts, used_ts
       FROM card_entry_sessions WHERE session_hash = $1`,
      [sessionHash],
    );
  }
}
