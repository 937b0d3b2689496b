import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { PaymentNotSentError } from './errors.ts';
import type { TlsTrust } from './tls-trust.ts';

/** Where the service listens, and whether the connection is TLS. */
export interface Endpoint {
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
}

const UNREACHABLE = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

/** A connection failure before the request left, sorted by whether trying again can help. */
function notSent(error: NodeJS.ErrnoException, tls: boolean): PaymentNotSentError {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED')
    return new PaymentNotSentError('refused', true, 'connection refused');
  if (UNREACHABLE.has(code)) {
    return new PaymentNotSentError('unreachable', true, `host not reachable (${code})`);
  }
  if (code.includes('CERT') || code.startsWith('ERR_TLS_CERT')) {
    return new PaymentNotSentError('certificate', false, `certificate not trusted (${code})`);
  }
  if (tls)
    return new PaymentNotSentError(
      'tls_handshake',
      true,
      `TLS handshake failed (${code || error.message})`,
    );
  return new PaymentNotSentError('closed', true, `connection failed (${code || error.message})`);
}

function pinMismatch(socket: TLSSocket, pin: string): PaymentNotSentError | undefined {
  const fingerprint = socket.getPeerCertificate().fingerprint256;
  if (fingerprint?.toUpperCase() === pin) return undefined;
  return new PaymentNotSentError(
    'certificate',
    false,
    'the server certificate does not match the pinned SHA-256 fingerprint',
  );
}

function open(endpoint: Endpoint, trust: TlsTrust): { socket: Socket; ready: string } {
  if (!endpoint.tls) {
    return { socket: netConnect({ host: endpoint.host, port: endpoint.port }), ready: 'connect' };
  }
  const socket = tlsConnect({
    host: endpoint.host,
    port: endpoint.port,
    servername: isIP(endpoint.host) === 0 ? endpoint.host : undefined,
    minVersion: 'TLSv1.2',
    ca: trust.ca,
    rejectUnauthorized: trust.pin === undefined,
  });
  return { socket, ready: 'secureConnect' };
}

/**
 * Opens a TCP or TLS connection within `connectMs` and resolves only once it is usable: connected,
 * and for TLS handshaken and verified, by the system CAs, the configured CA, or the pinned
 * fingerprint (TLS 1.2 and 1.3 only, as libmonetra allows). Nothing is written before this
 * resolves, so a rejection (PaymentNotSentError) always means the request never left the lane.
 */
export function connectSocket(
  endpoint: Endpoint,
  trust: TlsTrust,
  connectMs: number,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const { socket, ready } = open(endpoint, trust);
    const fail = (error: PaymentNotSentError) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    };
    const timer = setTimeout(() => {
      fail(
        new PaymentNotSentError('connect_timeout', true, `not connected within ${connectMs} ms`),
      );
    }, connectMs);
    socket.once('error', (error: NodeJS.ErrnoException) => fail(notSent(error, endpoint.tls)));
    socket.once('close', () =>
      fail(new PaymentNotSentError('closed', true, 'closed while connecting')),
    );
    socket.once(ready, () => {
      const mismatch =
        trust.pin === undefined ? undefined : pinMismatch(socket as TLSSocket, trust.pin);
      if (mismatch !== undefined) {
        fail(mismatch);
        return;
      }
      clearTimeout(timer);
      socket.removeAllListeners('error');
      socket.removeAllListeners('close');
      socket.setNoDelay(true);
      resolve(socket);
    });
  });
}
