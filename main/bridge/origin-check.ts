// DNS-rebinding and cross-site guard of the bridge: a request must name the bridge itself as its
// one Host, and as its target's authority when the target is in absolute form, and a browser's
// Origin, when sent, must be the bridge's own (docs/app.md, Web bridge).
import type { IncomingMessage } from 'node:http';

/** Host names a request to the bridge may carry: the loopback address it binds and localhost. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

/** The authority of an absolute-form request target (RFC 9112 §3.2.2), or undefined. */
function targetAuthority(url: string | undefined): string | undefined {
  return /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url ?? '')?.[1];
}

/** How many Host header lines the request carried (node:http keeps only the first). */
function hostLines(rawHeaders: readonly string[]): number {
  let lines = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index]?.toLowerCase() === 'host') lines += 1;
  }
  return lines;
}

/**
 * True when the request has one Host, this bridge (127.0.0.1 or localhost on `port`), an
 * absolute-form target naming it too (its authority replaces Host, RFC 9112 §3.2.2), and an
 * Origin, if any, of the bridge.
 */
export function requestOriginAllowed(
  request: Pick<IncomingMessage, 'headers' | 'rawHeaders' | 'url'>,
  port: number,
): boolean {
  const { headers } = request;
  const own = LOOPBACK_NAMES.map((name) => `${name}:${port}`);
  if (hostLines(request.rawHeaders) !== 1 || !own.includes(headers.host ?? '')) return false;
  const authority = targetAuthority(request.url);
  if (authority !== undefined && !own.includes(authority.toLowerCase())) return false;
  const origin = headers.origin;
  return origin === undefined || own.some((hostPort) => origin === `http://${hostPort}`);
}
