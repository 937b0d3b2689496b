// The Content Security Policy of the lane UI, the same in Electron and the bridge but for where it
// may connect: only the page's own origin runs scripts and styles; nothing inline, no plugins, no
// frames (Electron security checklist item 7; docs/app.md).

/**
 * The CSP header value: scripts, styles and fonts from 'self' only, images from 'self' and data:
 * (the receipt preview), connections to 'self' plus `connectSources` (the bridge's WebSocket).
 */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "font-src 'self'",
    "img-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
