import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { TLSSocket } from 'node:tls';

/** Where to send: host and port, and for TLS the SHA-256 fingerprint the certificate must have. */
export interface HttpTarget {
  host: string;
  port: number;
  /** Pins the server certificate: the connection fails unless its fingerprint matches. */
  pin?: string;
  /** The client's own address (any 127.0.0.x on loopback), to be a different source. */
  localAddress?: string;
}

/** A request: method, path, headers, and a body (an object is sent as JSON). */
export interface HttpCall {
  method: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Record<string, unknown>;
}

/** What came back. */
export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON. */
  json: () => Record<string, unknown>;
}

/** The Basic Authorization header for user and password (RFC 7617). */
export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** Sends one request on a fresh connection (HTTPS with pinning when target.pin is set). */
export function call(target: HttpTarget, request: HttpCall): Promise<HttpAnswer> {
  const body =
    request.body === undefined || typeof request.body === 'string'
      ? request.body
      : JSON.stringify(request.body);
  const headers: OutgoingHttpHeaders = { ...request.headers };
  if (typeof request.body === 'object') headers['content-type'] ??= 'application/json';
  const options = {
    host: target.host,
    port: target.port,
    localAddress: target.localAddress,
    method: request.method,
    path: request.path,
    headers,
    agent: false as const,
  };
  return new Promise((resolve, reject) => {
    const onResponse = (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text,
          json: () => JSON.parse(text) as Record<string, unknown>,
        });
      });
    };
    const req =
      target.pin === undefined
        ? httpRequest(options, onResponse)
        : httpsRequest({ ...options, rejectUnauthorized: false }, onResponse);
    if (target.pin !== undefined) {
      req.on('socket', (socket) => {
        socket.once('secureConnect', () => {
          const seen = (socket as TLSSocket).getPeerCertificate().fingerprint256;
          if (seen !== target.pin)
            req.destroy(new Error(`certificate ${seen} is not the pinned one`));
        });
      });
    }
    req.on('error', reject);
    req.end(body);
  });
}
