import { SqlArea } from './sql-session.ts';

/** Why a session or ticket cannot be used (docs/api.md, Hosted card entry). */
export type TicketRefusal = 'unknown' | 'used' | 'expired' | 'other_merchant';

/** A card-entry session as the page uses it. */
export interface CardEntrySession {
  merchantId: number;
  profileId: number;
  /** The origin the page may post its ticket to (postMessage target). */
  allowedOrigin: string;
  expiresTs: number;
}

/** What opens a session: its merchant, profile and origin, and for a signed one its key and nonce. */
export interface SessionRequest {
  merchantId: number;
  profileId: number;
  allowedOrigin: string;
  signed?: { keyId: string; nonce: string };
}

/**
 * Hosted card-entry sessions and their single-use tickets (010_card_tickets; docs/api.md, Hosted
 * card entry), each known by the SHA-256 digest of its secret (secret-digest.ts), never by the
 * secret. A session opens the page for one entry; the entry gives one ticket, whose sealed card
 * data is taken once, by the merchant that opened the session, before it expires. Times are Unix
 * seconds; a session or ticket is expired once nowTs reaches its expiresTs.
 */
export interface CardTicketStore {
  /**
   * Opens a session; false, writing nothing, when a signed request's key and nonce opened one
   * before (a nonce is taken once).
   */
  openSession(
    sessionHash: string,
    request: SessionRequest,
    nowTs: number,
    expiresTs: number,
  ): Promise<boolean>;
  /** The open session with that digest, or why it cannot be used. */
  session(sessionHash: string, nowTs: number): Promise<CardEntrySession | TicketRefusal>;
  /**
   * Closes a session with its one entry and issues the entry's ticket, as one atomic change;
   * undefined when issued, or why the session cannot take the entry (used or expired meanwhile),
   * writing nothing.
   */
  issueTicket(
    sessionHash: string,
    ticketHash: string,
    cardSealed: Buffer,
    nowTs: number,
    expiresTs: number,
  ): Promise<TicketRefusal | undefined>;
  /**
   * Takes a ticket's sealed card data for one request of `merchantId`, as one atomic change: the
   * ticket is used up and its card data dropped, and of requests racing for it only one gets it
   * (the rest: used). Another merchant's ticket is refused and left as it was.
   */
  takeTicket(
    ticketHash: string,
    merchantId: number,
    nowTs: number,
  ): Promise<{ cardSealed: Buffer } | { refusal: TicketRefusal }>;
  /**
   * Drops the card data of tickets expired at nowTs, and forgets sessions and tickets whose expiresTs
   * is at or before forgetBeforeTs; returns how many tickets lost their card data.
   */
  purge(nowTs: number, forgetBeforeTs: number): Promise<number>;
}

/** The columns of a card_entry_sessions row a use reads (010_card_tickets). */
interface SessionRow {
  merchant_id: number;
  profile_id: number;
  allowed_origin: string;
  expires_ts: number;
  used_ts: number | null;
}

/** The columns of a card_tickets row a take reads (010_card_tickets). */
interface TicketRow {
  merchant_id: number;
  card_sealed: Buffer | null;
  expires_ts: number;
  used_ts: number | null;
}

/** The session of a row still open at nowTs (Unix seconds), or why it cannot be used. */
function sessionFromRow(
  row: SessionRow | undefined,
  nowTs: number,
): CardEntrySession | TicketRefusal {
  if (row === undefined) return 'unknown';
  if (row.used_ts !== null) return 'used';
  if (row.expires_ts <= nowTs) return 'expired';
  return {
    merchantId: row.merchant_id,
    profileId: row.profile_id,
    allowedOrigin: row.allowed_origin,
    expiresTs: row.expires_ts,
  };
}

/** Why a ticket cannot be taken by merchantId at nowTs (checked in this order), or undefined. */
function refusalOf(
  row: TicketRow | undefined,
  merchantId: number,
  nowTs: number,
): TicketRefusal | undefined {
  if (row === undefined) return 'unknown';
  if (row.merchant_id !== merchantId) return 'other_merchant';
  if (row.used_ts !== null) return 'used';
  if (row.expires_ts <= nowTs || row.card_sealed === null) return 'expired';
  return undefined;
}

const SESSION = `SELECT merchant_id, profile_id, allowed_origin, expires_ts, used_ts
  FROM card_entry_sessions WHERE session_hash = $1`;

/**
 * Card-entry sessions and tickets in SQL (010_card_tickets), the same on every back end. Closing a
 * session and taking a ticket are each one conditional UPDATE on a row still open, so of requests
 * racing for the same session or ticket, on any instances, one gets it: on PostgreSQL the other
 * waits on its row lock and, once it commits, finds the row used (READ COMMITTED re-checks the
 * condition on the row's new version); SQLite's writers take turns.
 */
export class SqlCardTicketStore extends SqlArea implements CardTicketStore {
  async openSession(
    sessionHash: string,
    request: SessionRequest,
    nowTs: number,
    expiresTs: number,
  ): Promise<boolean> {
    const inserted = await this.sql.run(
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
    return sessionFromRow(await this.sql.get<SessionRow>(SESSION, [sessionHash]), nowTs);
  }

  issueTicket(
    sessionHash: string,
    ticketHash: string,
    cardSealed: Buffer,
    nowTs: number,
    expiresTs: number,
  ): Promise<TicketRefusal | undefined> {
    return this.sql.write(async (s) => {
      const closed = await s.get<{ merchant_id: number }>(
        `UPDATE card_entry_sessions SET used_ts = $1
         WHERE session_hash = $2 AND used_ts IS NULL AND expires_ts > $1
         RETURNING merchant_id`,
        [nowTs, sessionHash],
      );
      if (closed === undefined) {
        const refusal = sessionFromRow(await s.get<SessionRow>(SESSION, [sessionHash]), nowTs);
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

  /**
   * Reads the ticket, locking its row inside the change (SqlSession.lock), and takes it by one
   * conditional UPDATE on a ticket still unused, which uses it up and drops its card data.
   */
  takeTicket(
    ticketHash: string,
    merchantId: number,
    nowTs: number,
  ): Promise<{ cardSealed: Buffer } | { refusal: TicketRefusal }> {
    return this.sql.write(async (s) => {
      const row = await s.get<TicketRow>(
        `SELECT merchant_id, card_sealed, expires_ts, used_ts FROM card_tickets
         WHERE ticket_hash = $1${s.lock}`,
        [ticketHash],
      );
      const refusal = refusalOf(row, merchantId, nowTs);
      if (refusal !== undefined) return { refusal };
      const sealed = row?.card_sealed ?? null;
      const taken = await s.run(
        `UPDATE card_tickets SET used_ts = $1, card_sealed = NULL
         WHERE ticket_hash = $2 AND used_ts IS NULL`,
        [nowTs, ticketHash],
      );
      return taken === 1 && sealed !== null ? { cardSealed: sealed } : { refusal: 'used' as const };
    });
  }

  purge(nowTs: number, forgetBeforeTs: number): Promise<number> {
    return this.sql.write(async (s) => {
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
}
