import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { restBasePath, restRouteFor, type ApiVersion } from '../../protocol/index.ts';
import { readRestAnswer } from './answer-reader.ts';
import { restAuthHeaders, type AuthSettings } from './credentials.ts';
import { connectSocket, type Endpoint } from './socket-connector.ts';
import type { TlsTrust } from './tls-trust.ts';
import {
  ConnectionLostError,
  type Exchange,
  type PaymentTransport,
  type TransportKind,
  type WireAnswer,
  type WireRequest,
} from './transport.ts';

/** Largest answer body read, in bytes: 16 MiB, room for a long report (LaneTerm). */
const MAX_REST_ANSWER_BYTES = 16 * 1024 * 1024;

/** What a REST transport is built from. */
export interface RestTransportOptions {
  readonly endpoint: Endpoint;
  /** Path of the base URL before /api/vN, without a trailing slash ("" for none). */
  readonly pathPrefix: string;
  readonly version: ApiVersion;
  readonly auth: AuthSettings;
  readonly trust: TlsTrust;
}

function readAnswer(request: WireRequest, response: IncomingMessage): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REST_ANSWER_BYTES) chunks.push(chunk);
    });
    response.once('error', (error) => reject(new ConnectionLostError(error.message)));
    response.once('aborted', () => reject(new ConnectionLostError('answer cut off')));
    response.once('end', () => {
      const status = response.statusCode ?? 0;
      if (size > MAX_REST_ANSWER_BYTES) {
        resolve({ kind: 'unreadable', detail: `HTTP ${status}: answer too large`, status });
        return;
      }
      resolve(readRestAnswer(request.op, status, Buffer.concat(chunks).toString('utf8')));
    });
  });
}

/**
 * REST v1 or v2 over node:http on a connection of its own per request (TLS by https://), so the
 * transport knows exactly whether a request left: the connection is opened and verified first,
 * and only then is the request written. GET and DELETE carry their parameters in the query
 * string, POST and PATCH as a flat JSON body (docs/interface.md › Request parameter groups: a parameter need
 * not be sent under its group); empty values are sent as empty, absent ones not at all.
 */
export class RestTransport implements PaymentTransport {
  readonly kind: TransportKind;
  readonly version: ApiVersion;
  readonly #options: RestTransportOptions;
  readonly #open = new Set<ClientRequest>();

  constructor(options: RestTransportOptions) {
    this.#options = options;
    this.version = options.version;
    this.kind = options.version;
  }

  async send(request: WireRequest): Promise<Exchange> {
    const { endpoint, pathPrefix, version, auth, trust } = this.#options;
    const address = restRouteFor(request.op, version, request.params);
    const inQuery = address.route.paramsIn === 'query';
    const query = new URLSearchParams(Object.entries(address.params)).toString();
    const search = inQuery && query !== '' ? `?${query}` : '';
    const path = `${pathPrefix}${restBasePath(version)}/${address.path}${search}`;
    const body = inQuery ? undefined : Buffer.from(JSON.stringify(address.params), 'utf8');
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Connection: 'close',
      ...restAuthHeaders(auth, request),
    };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(body.length);
    }
    const socket = await connectSocket(endpoint, trust, request.connectMs);
    let outgoing: ClientRequest;
    try {
      outgoing = httpRequest({
        host: endpoint.host,
        port: endpoint.port,
        method: address.route.method,
        path,
        headers,
        createConnection: () => socket,
      });
    } catch (error) {
      socket.destroy();
      throw error;
    }
    this.#open.add(outgoing);
    const answer = new Promise<WireAnswer>((resolve, reject) => {
      outgoing.once('response', (response) => {
        void readAnswer(request, response).then(resolve, reject);
      });
      outgoing.once('error', (error) => reject(new ConnectionLostError(error.message)));
    }).finally(() => {
      this.#open.delete(outgoing);
      socket.destroy();
    });
    outgoing.end(body);
    return {
      answer,
      abandon: () => {
        this.#open.delete(outgoing);
        outgoing.destroy();
        socket.destroy();
      },
    };
  }

  close(): Promise<void> {
    for (const outgoing of this.#open) outgoing.destroy();
    this.#open.clear();
    return Promise.resolve();
  }
}
