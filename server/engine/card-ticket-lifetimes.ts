import type { CardTicketStore } from '../store/card-ticket-store.ts';

/**
 * Seconds a card-entry session stays open: 900, the public payment frame's HMAC timeout ("actual
 * HMAC timeout is 15 minutes", Monetra POST client ticket request).
 */
export const SESSION_LIFETIME_SECONDS = 900;

/** Seconds a ticket may be used in: 300 (docs/api.md, Hosted card entry). */
export const TICKET_LIFETIME_SECONDS = 300;

/** Seconds used and expired sessions and tickets are kept, so a late use gets its own answer: a day. */
const KEPT_AFTER_EXPIRY_SECONDS = 86_400;

/**
 * Drops the card data of expired tickets, and forgets sessions and tickets a day past their
 * expiry (housekeeping); returns how many tickets lost their card data.
 */
export function purgeCardTickets(tickets: CardTicketStore, nowTs: number): Promise<number> {
  return tickets.purge(nowTs, nowTs - KEPT_AFTER_EXPIRY_SECONDS);
}
