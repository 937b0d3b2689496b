import { digestSecret, newSecret } from '../../accounts/secret-digest.ts';
import type { EngineDatabase } from './statement-cache.ts';

/**
 * Seconds a card-entry session stays open: 900, the public payment frame's HMAC timeout ("actual
 * HMAC timeout is 15 minutes", Monetra POST client ticket request).
 */
export const SESSION_LIFETIME_SECONDS = 900;

/** Seconds a ticket may be used in: 300 (docs/api.md, Hosted card entry). */
export const TICKET_LIFETIME_SECONDS = 300;

/** Seconds used and expired sessions and tickets are kept, so a late use gets its own answer. */
const KEPT_AFTER_EXPIRY_SECONDS = 86_400;

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

interface SessionRow {
  merchant_id: number;
  profile_id: number;
  allowed_origin: string;
  expires_ts: number;
  used_ts: number | null;
}

interface TicketRow {
  merchant_id: number;
  card_sealed: Buffer | null;
  expires_ts: number;
  used_ts: number | null;
}

/**
 * Card-entry sessions and tickets (tables card_entry_sessions, card_tickets): each a random
 * 256-bit secret handed out once and stored as its SHA-256 digest. A session opens the page for
 * one entry; the entry gives one ticket, whose sealed card data is taken once, by the merchant
 * that opened the session, before it expires.
 */
export class TicketStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** Opens a session; its secret, or undefined when the signed request's nonce was used before. */
  openSession(request: SessionRequest, nowTs: number): string | undefined {
    const secret = newSecret();
    const inserted = this.#db
      .prepare(
        `INSERT OR IGNORE INTO card_entry_sessions (session_hash, merchant_id, profile_id,
          allowed_origin, key_id, nonce, created_ts, expires_ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        digestSecret(secret),
        request.merchantId,
        request.profileId,
        request.allowedOrigin,
        request.signed?.keyId ?? null,
        request.signed?.nonce ?? null,
        nowTs,
        nowTs + SESSION_LIFETIME_SECONDS,
      ).changes;
    return inserted === 1 ? secret : undefined;
  }

  /** The open session a page address names, or why it cannot be used. */
  session(secret: string, nowTs: number): CardEntrySession | TicketRefusal {
    const row = this.#db
      .prepare<[string], SessionRow>(
        `SELECT merchant_id, profile_id, allowed_origin, expires_ts, used_ts
         FROM card_entry_sessions WHERE session_hash = ?`,
      )
      .get(digestSecret(secret));
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

  /**
   * Closes a session with its one entry and issues the entry's ticket, in one commit; the ticket's
   * secret, or why the session cannot take the entry (used or expired meanwhile).
   */
  issueTicket(
    sessionSecret: string,
    cardSealed: Buffer,
    nowTs: number,
  ): { ticket: string } | { refusal: TicketRefusal } {
    return this.#db.atomically(() => {
      const session = this.session(sessionSecret, nowTs);
      if (typeof session === 'string') return { refusal: session };
      this.#db
        .prepare('UPDATE card_entry_sessions SET used_ts = ? WHERE session_hash = ?')
        .run(nowTs, digestSecret(sessionSecret));
      const ticket = newSecret();
      this.#db
        .prepare(
          `INSERT INTO card_tickets (ticket_hash, merchant_id, card_sealed, created_ts, expires_ts)
           VALUES (?, ?, ?, ?, ?)`,
        )
        .run(
          digestSecret(ticket),
          session.merchantId,
          cardSealed,
          nowTs,
          nowTs + TICKET_LIFETIME_SECONDS,
        );
      return { ticket };
    });
  }

  /**
   * Takes a ticket's sealed card data for one request of `merchantId`: the ticket is used up and
   * its card data dropped in the same commit (guarded by used_ts, so only one request gets it). Another merchant's ticket is refused and left as
   * it was.
   */
  takeTicket(
    ticket: string,
    merchantId: number,
    nowTs: number,
  ): { cardSealed: Buffer } | { refusal: TicketRefusal } {
    return this.#db.atomically(() => {
      const hash = digestSecret(ticket);
      const row = this.#db
        .prepare<[string], TicketRow>(
          'SELECT merchant_id, card_sealed, expires_ts, used_ts FROM card_tickets WHERE ticket_hash = ?',
        )
        .get(hash);
      if (row === undefined) return { refusal: 'unknown' };
      if (row.merchant_id !== merchantId) return { refusal: 'other_merchant' };
      if (row.used_ts !== null) return { refusal: 'used' };
      if (row.expires_ts <= nowTs || row.card_sealed === null) return { refusal: 'expired' };
      const taken = this.#db
        .prepare(
          `UPDATE card_tickets SET used_ts = ?, card_sealed = NULL
           WHERE ticket_hash = ? AND used_ts IS NULL`,
        )
        .run(nowTs, hash).changes;
      return taken === 1 ? { cardSealed: row.card_sealed } : { refusal: 'used' };
    });
  }

  /**
   * Drops the card data of expired tickets, and forgets sessions and tickets a day past their
   * expiry; returns how many tickets lost their card data.
   */
  purge(nowTs: number): number {
    return this.#db.atomically(() => {
      const dropped = this.#db
        .prepare(
          'UPDATE card_tickets SET card_sealed = NULL WHERE card_sealed IS NOT NULL AND expires_ts <= ?',
        )
        .run(nowTs).changes;
      const before = nowTs - KEPT_AFTER_EXPIRY_SECONDS;
      this.#db.prepare('DELETE FROM card_tickets WHERE expires_ts <= ?').run(before);
      this.#db.prepare('DELETE FROM card_entry_sessions WHERE expires_ts <= ?').run(before);
      return dropped;
    });
  }
}
