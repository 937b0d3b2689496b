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
