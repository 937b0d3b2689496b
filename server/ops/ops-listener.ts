import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Readiness } from './readiness.ts';

/** Where the ops listener ended up. */
export interface OpsAddress {
  host: string;
  port: number;
}

/** What the ops listener answers from. */
export interface OpsRoutes {
  /** /readyz: checked anew on each request. */
  readiness: () => Promise<Readiness>;
  /** /metrics: the service's own registry. */
  registry: Registry;
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  response.end(body);
}

const JSON_TYPE = 'application/json; charset=utf-8';

async function answer(routes: OpsRoutes, request: IncomingMessage, response: ServerResponse) {
  const path = (request.url ?? '/').split('?')[0];
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    send(response, 405, JSON_TYPE, JSON.stringify({ error: 'method: GET only' }));
  } else if (path === '/healthz') {
    send(response, 200, JSON_TYPE, JSON.stringify({ status: 'ok' }));
  } else if (path === '/readyz') {
    const readiness = await routes.readiness();
    send(response, readiness.ready ? 200 : 503, JSON_TYPE, JSON.stringify(readiness));
  } else if (path === '/metrics') {
    const text = await routes.registry.metrics();
    send(response, 200, routes.registry.contentType, text);
  } else {
    send(
      response,
      404,
      JSON_TYPE,
      JSON.stringify({ error: 'path: /healthz, /readyz or /metrics' }),
    );
  }
}

/**
 * The operations listener (docs/scaling.md › The ops port): plain HTTP on its own port, apart from
 * the payment ports, answering GET /healthz (the process answers), /readyz (200 or 503 with the
 * reasons as JSON) and /metrics (Prometheus exposition format). It is unauthenticated and binds
 * 127.0.0.1 unless told otherwise (docs/security.md › The ops listener).
 */
export class OpsListener {
  readonly #server: Server;

  constructor(routes: OpsRoutes) {
    this.#server = createServer((request, response) => {
      answer(routes, request, response).catch((error: unknown) => {
        send(response, 500, JSON_TYPE, JSON.stringify({ error: (error as Error).name }));
      });
    });
    this.#server.keepAliveTimeout = 5000;
  }

  /** Binds host:port (0: any free port); rejects (e.g. EADDRINUSE) without staying bound. */
  listen(host: string, port: number): Promise<OpsAddress> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(port, host, () => {
        this.#server.removeListener('error', reject);
        resolve({ host, port: (this.#server.address() as AddressInfo).port });
      });
    });
  }

  /** Stops listening and ends every connection. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.#server.listening) return resolve();
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }
}
