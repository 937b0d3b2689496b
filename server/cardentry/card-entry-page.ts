import { readFileSync } from 'node:fs';

/** Reads one of the page's files, once, at start. */
function pageFile(name: string): string {
  return readFileSync(new URL(`./page/${name}`, import.meta.url), 'utf8');
}

const PAGE = pageFile('card-entry.html');
const UNAVAILABLE = pageFile('unavailable.html');

/** The page's script and style sheet, served from the service itself (no third-party assets). */
export const CARD_ENTRY_ASSETS: Readonly<Record<string, { type: string; body: string }>> = {
  'card-entry.js': { type: 'text/javascript; charset=utf-8', body: pageFile('card-entry.js') },
  'card-entry.css': { type: 'text/css; charset=utf-8', body: pageFile('card-entry.css') },
};

/** Text made safe for an HTML attribute or element (the five characters HTML gives meaning). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The card-entry page of an open session: the session and its origin in the form's data. */
export function cardEntryPage(session: string, allowedOrigin: string): string {
  return PAGE.replace('{{session}}', escapeHtml(session)).replace(
    '{{origin}}',
    escapeHtml(allowedOrigin),
  );
}

/** The page shown for a session that cannot be used, saying why (never a card detail). */
export function unavailablePage(reason: string): string {
  return UNAVAILABLE.replace('{{reason}}', escapeHtml(reason));
}

/**
 * The headers of every card-entry response (OWASP Secure Headers): a Content-Security-Policy that
 * allows the service's own script, style and fetch only, no forms posted elsewhere, and framing by
 * the session's allowed origin alone (none without one); no caching, no referrer, no sniffing.
 */
export function cardEntryHeaders(frameAncestor: string | undefined): Record<string, string> {
  const policy = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestor ?? "'none'"}`,
  ].join('; ');
  return {
    'content-security-policy': policy,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  };
}
