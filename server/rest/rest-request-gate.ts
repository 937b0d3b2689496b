import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { SERVICE_BUSY } from '../dispatch/answers.ts';
import type { WorkTracker } from '../dispatch/work-tracker.ts';
import type { RequestLog } from '../log/request-log.ts';
import { BufferShare, type BufferBudget } from '../net/buffer-budget.ts';
import { parseInSlices } from './rest-parse-slices.ts';

/** Limits of REST connections (docs/api.md, Limits). */
export interface RestGateLimits {
  /** Requests of one connection running at once; the next waits, unread. */
  maxInFlight: number;
  /** Unsent answer bytes past which a connection's next request waits until they are sent. */
  maxUnsentBytes: number;
  /** Largest request body; a body is held in the budget at its declared length, at most this. */
  maxBodyBytes: number;
}

/** What the gate works with. */
export interface RestGateDeps {
  limits: RestGateLimits;
  budget: BufferBudget;
  tracker: WorkTracker;
  logger: Logger;
  requests: RequestLog;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** One request from arrival to its answer, and the bytes it holds: parsed, and its body once started. */
interface Exchange {
  connection: GatedConnection;
  request: IncomingMessage;
  response: ServerResponse;
  started: boolean;
  parsed: number;
  held: number;
}

/** Where a response keeps its exchange, so one shared 'close' listener serves every response. */
const EXCHANGE = Symbol('exchange');
type GatedResponse = ServerResponse & { [EXCHANGE]: Exchange };

function onResponseClose(this: GatedResponse): void {
  this[EXCHANGE].connection.finish(this[EXCHANGE]);
}

/** One connection's requests: running, waiting (in arrival order), not yet answered. */
interface GatedConnection {
  inFlight: number;
  waiting: Exchange[];
  open: Set<Exchange>;
  share: BufferShare;
  /** The gate's handling of an answered exchange of this connection. */
  finish: (exchange: Exchange) => void;
}

/** Requests that may wait per connection, as a multiple of maxInFlight: 3 (docs/api.md, Limits). */
const WAITING_PER_IN_FLIGHT = 3;

/** What node:http holds for a parsed request besides its text: message, response, parser state. */
const PARSED_REQUEST_BYTES = 2048;

/** What node:http holds for each header name or value besides its text: a string and a slot. */
const PARSED_HEADER_ENTRY_BYTES = 40;

/**
 * The memory node:http holds for a parsed request, in bytes: its target and header text plus the
 * per-request and per-entry costs, as measured on Node 20 (a request with 90 one-letter headers
 * holds about 8 KiB; docs/security.md, Connections and memory).
 */
function parsedRequestBytes(request: IncomingMessage): number {
  let bytes = PARSED_REQUEST_BYTES + (request.url?.length ?? 0);
  for (const entry of request.rawHeaders) bytes += entry.length + PARSED_HEADER_ENTRY_BYTES;
  return bytes;
}

const BUSY_BODY = Buffer.from(JSON.stringify(SERVICE_BUSY.pairs));

/**
 * Holds pipelined REST requests back so a connection never runs more than maxInFlight at once nor
 * starts one while its unsent answers pass maxUnsentBytes (docs/security.md, Connections and
 * memory). A request that must wait is kept unstarted and its socket is read no further (TCP
 * backpressure) until the connection's answers drain, and its parser stops there (parseInSlices).
 * A connection with more than 3 × maxInFlight requests waiting is closed: only a client that never
 * reads pipelines that many small requests. Every request counts in the buffer budget at its parsed
 * size (parsedRequestBytes) from arrival until answered, its body too once started. A request about
 * to start while the budget is spent is answered 503 SYS_UNAVAILABLE without being run. Every
 * request counts in the work tracker from its arrival until answered or its connection closes, so
 * shutdown waits for them.
 */
export class RestRequestGate {
  readonly #deps: RestGateDeps;
  readonly #connections = new WeakMap<Socket, GatedConnection>();
  #inner: Handler = () => undefined;

  constructor(deps: RestGateDeps) {
    this.#deps = deps;
  }

  /** Wraps node:http's request handler (fastify's) with the gate; call once. */
  handler(inner: Handler): Handler {
    this.#inner = inner;
    return (request, response) => {
      const socket = request.socket;
      if (socket.destroyed) return;
      const connection = this.#connections.get(socket) as GatedConnection;
      this.#deps.tracker.begin();
      if (this.#deps.tracker.draining) response.setHeader('connection', 'close');
      const parsed = parsedRequestBytes(request);
      const exchange: Exchange = { connection, request, response, started: false, parsed, held: 0 };
      connection.open.add(exchange);
      connection.share.hold(parsed);
      (response as GatedResponse)[EXCHANGE] = exchange;
      response.on('close', onResponseClose);
      if (connection.waiting.length === 0 && this.#mayStart(socket, connection)) {
        this.#start(exchange);
      } else if (
        connection.waiting.length <
        WAITING_PER_IN_FLIGHT * this.#deps.limits.maxInFlight
      ) {
        connection.waiting.push(exchange);
        connection.share.setUnsent(socket.writableLength);
        socket.pause();
      } else {
        const source = socket.remoteAddress;
        this.#deps.logger.debug({ source }, 'REST connection closed: pipelined past the limit');
        socket.destroy();
      }
    };
  }

  /** Takes every connection of node:http's `server` from its start; parses it in slices. */
  serve(server: Server): Server {
    server.on('connection', (socket: Socket) => {
      const connection = this.#attach(socket);
      parseInSlices(socket, () => connection.waiting.length === 0);
    });
    return server;
  }

  #attach(socket: Socket): GatedConnection {
    const connection: GatedConnection = {
      inFlight: 0,
      waiting: [],
      open: new Set(),
      share: new BufferShare(this.#deps.budget),
      finish: (exchange) => this.#finish(exchange),
    };
    this.#connections.set(socket, connection);
    socket.on('drain', () => {
      connection.share.setUnsent(socket.writableLength);
      this.#pump(socket, connection);
    });
    socket.on('resume', () => {
      if (connection.waiting.length > 0) socket.pause();
    });
    socket.once('close', () => {
      for (let left = connection.open.size; left > 0; left -= 1) this.#deps.tracker.end();
      connection.open.clear();
      connection.waiting = [];
      connection.share.close();
    });
    return connection;
  }

  #mayStart(socket: Socket, connection: GatedConnection): boolean {
    const { maxInFlight, maxUnsentBytes } = this.#deps.limits;
    if (connection.inFlight >= maxInFlight) return false;
    return !(socket.writableNeedDrain && socket.writableLength >= maxUnsentBytes);
  }

  #start(exchange: Exchange): void {
    const { connection, request, response } = exchange;
    if (connection.share.exhausted) {
      const { msoft_code: reason = '', verbiage } = SERVICE_BUSY.pairs;
      const source = request.socket.remoteAddress ?? 'unknown';
      this.#deps.requests.refused({ transport: 'rest', source, reason, verbiage });
      response.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': BUSY_BODY.length,
      });
      response.end(BUSY_BODY);
      return;
    }
    const declared = Number(request.headers['content-length']) || 0;
    exchange.held = Math.min(declared, this.#deps.limits.maxBodyBytes);
    exchange.started = true;
    connection.inFlight += 1;
    connection.share.hold(exchange.held);
    this.#inner(request, response);
  }

  /**
   * An answer was sent (or its connection closed): frees its slot and what it held, and counts the
   * socket's unsent bytes, which by now hold the next pipelined answer if it was ready.
   */
  #finish(exchange: Exchange): void {
    const { connection } = exchange;
    if (!connection.open.delete(exchange)) return;
    this.#deps.tracker.end();
    const socket = exchange.request.socket;
    connection.share.release(exchange.parsed + exchange.held);
    connection.share.setUnsent(socket.writableLength);
    if (!exchange.started) return;
    connection.inFlight -= 1;
    this.#pump(socket, connection);
  }

  /** Starts waiting requests while they may start; reads the socket again once none waits. */
  #pump(socket: Socket, connection: GatedConnection): void {
    while (connection.waiting.length > 0) {
      if (!this.#mayStart(socket, connection)) return;
      this.#start(connection.waiting.shift() as Exchange);
    }
    if (!socket.destroyed) socket.resume();
  }
}
