// DNS-rebinding and cross-site guard of the bridge: a request must name the bridge itself as its
// Host, and a browser's Origin, when sent, must be the bridge's own (docs/app.md, Web bridge).
import type { IncomingHttpHeaders } from 'node:http';

/** Host names a request to the bridge may carry: the loopback address it binds and localhost. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost'];

/** True when Host is this bridge (127.0.0.1 or localhost on `port`) and Origin, if any, too. */
export function requestOriginAllowed(headers: IncomingHttpHeaders, port: number): boolean {
  const own = LOOPBACK_NAMES.map((name) => `${name}:${port}`);
  if (!own.includes(headers.host ?? '')) return false;
  const origin = headers.origin;
  return origin === undefined || own.some((hostPort) => origin === `http://${hostPort}`);
}
