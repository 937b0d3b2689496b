import formbody from '@fastify/formbody';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Logger } from 'pino';
import { API_VERSIONS, restBasePath } from '../../protocol/index.ts';
import type { RequestDispatcher } from '../dispatch/request-dispatcher.ts';
import type { WorkTracker } from '../dispatch/work-tracker.ts';
import type { BufferBudget } from '../net/buffer-budget.ts';
import type { RequestLog } from '../log/request-log.ts';
import { registerCardEntryRoutes } from '../cardentry/card-entry-routes.ts';
import type { CardEntryService } from '../cardentry/card-entry-service.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import { sendPairs } from './rest-answer.ts';
import type { RestBody } from './rest-params.ts';
import { RestRequestGate } from './rest-request-gate.ts';
import { registerRestRoutes } from './rest-routes.ts';

/** What the REST transport is built from. */
export interface RestAppDeps {
  dispatcher: RequestDispatcher;
  tracker: WorkTracker;
  logger: Logger;
  budget: BufferBudget;
  requests: RequestLog;
  /** Largest request body in bytes; larger ones are answered 413. */
  bodyLimitBytes: number;
  /** Milliseconds an idle connection stays open, and to receive a whole request. */
  idleMs: number;
  /** Milliseconds a request's header has to arrive whole once its first byte has. */
  headerMs: number;
  /** Requests of one connection running at once; the next waits, unread. */
  maxInFlight: number;
  /** Unsent answer bytes past which a connection's next request waits. */
  maxUnsentBytes: number;
  /** The hosted card-entry page's service; its routes are left out without one. */
  cardEntry?: CardEntryService;
}

/**
 * The node:http server under fastify: a connection silent for idleMs is closed, keep-alive ones
 * too; a request header must arrive within headerMs and a whole request within idleMs.
 */
function restServer(handler: Parameters<typeof createServer>[1], deps: RestAppDeps): Server {
  const server = createServer(
    {
      headersTimeout: deps.headerMs,
      requestTimeout: Math.max(deps.idleMs, deps.headerMs),
      connectionsCheckingInterval: Math.min(1000, deps.headerMs),
    },
    handler,
  );
  server.keepAliveTimeout = deps.idleMs;
  server.timeout = deps.idleMs;
  // CONNECT names no operation; node:http would close the connection without a word.
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const pairs = decline('DATA_BADTRANS', NO_ROUTE);
    noteRefused(deps, request, pairs);
    closeWith(socket, 404, pairs);
  });
  // node:http checks headersTimeout and requestTimeout once its server emits 'listening'; this one
  // never listens (the protocol sniffer hands it connections), so it is told.
  server.emit('listening');
  return server;
}

/** The verbiage of a method and path no route takes; it never repeats the path (docs/api.md, REST). */
const NO_ROUTE = 'path: no operation at this method and path; see /api/v2/openapi.json';

/** Counts a refusal the transport answered itself, by its reason and words (never the path). */
function noteRefused(
  deps: RestAppDeps,
  request: { socket: { remoteAddress?: string | undefined }; id?: string },
  pairs: Record<string, string>,
): void {
  const { msoft_code: reason = '', verbiage } = pairs;
  const source = request.socket.remoteAddress ?? 'unknown';
  const requestId = request.id === undefined ? {} : { requestId: request.id };
  deps.requests.refused({ transport: 'rest', source, ...requestId, reason, verbiage });
}

function decline(msoftCode: string, verbiage: string): Record<string, string> {
  return { code: 'DENY', msoft_code: msoftCode, verbiage };
}

/** Transport failures answered with their HTTP meaning in both versions (docs/api.md). */
function transportFailure(error: FastifyError, limit: number): [number, Record<string, string>] {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, decline('DATA_TOOLARGE', `body: larger than ${limit} bytes`)];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [
        415,
        decline('DATA_INVALIDFIELD', 'Content-Type: send application/json (v1 also takes a form)'),
      ];
    case 'LT_BAD_JSON':
      return [400, decline('DATA_INVALIDFIELD', 'body: not valid JSON')];
    default:
      if (error.statusCode !== undefined && error.statusCode < 500) {
        return [error.statusCode, decline('DATA_INVALIDFIELD', 'request: not readable HTTP')];
      }
      return [500, decline('SYS_FAILURE', 'Internal error: request not completed')];
  }
}

/**
 * Answers bytes node:http cannot read as a request (its 'clientError') like every other failure:
 * key/value JSON, 408 when the request did not arrive in time, 431 for headers past the cap, 400
 * otherwise (RFC 9110), with Connection: close, since the connection is closed after it and a
 * keep-alive client must not send on it again (RFC 9112 §9.6).
 */
function answerUnreadableHttp(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, pairs] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, decline('DATA_INVALIDFIELD', 'request: not received in time')]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, decline('DATA_TOOLARGE', 'headers: larger than the service reads')]
        : [400, decline('DATA_INVALIDFIELD', 'request: not readable HTTP')];
  closeWith(socket, status, pairs);
}

/** Writes a key/value JSON answer with Connection: close straight to the socket, then closes it. */
function closeWith(socket: Duplex, status: number, pairs: Record<string, string>): void {
  const body = JSON.stringify(pairs);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The router's own refusals, which fastify would answer with the path in its message: a path that
 * is not percent-encoded UTF-8 (400) and a path parameter past the router's 100 characters (414),
 * answered as key/value JSON naming the rule, never the path, which could hold card data
 * (docs/api.md, REST).
 */
function routerFailure(error: FastifyError): [number, Record<string, string>] {
  return error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? [414, decline('DATA_TOOLARGE', 'path: a path parameter is longer than 100 characters')]
    : [400, decline('DATA_INVALIDFIELD', 'path: not valid percent-encoded UTF-8')];
}

function badJson(): FastifyError {
  return Object.assign(new Error('body: not valid JSON'), { code: 'LT_BAD_JSON', statusCode: 400 });
}

/**
 * The REST transport (fastify): JSON bodies (groups flattened by protocol), form bodies on v1
 * (@fastify/formbody), every route of REST_ROUTES, the OpenAPI documents at
 * /api/vN/openapi.json (serialized once), the hosted card-entry page's routes, and every failure, unreadable HTTP too, answered as
 * key/value JSON. Requests pass the RestRequestGate (in-flight limit, unsent answers, buffer
 * budget) before fastify sees them. It never listens: the sniffer feeds it sockets through its
 * node:http server's 'connection' event.
 */
export async function createRestApp(deps: RestAppDeps): Promise<FastifyInstance> {
  const gate = new RestRequestGate({
    limits: {
      maxInFlight: deps.maxInFlight,
      maxUnsentBytes: deps.maxUnsentBytes,
      maxBodyBytes: deps.bodyLimitBytes,
    },
    budget: deps.budget,
    tracker: deps.tracker,
    logger: deps.logger,
    requests: deps.requests,
  });
  const app = Fastify({
    logger: false,
    bodyLimit: deps.bodyLimitBytes,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerUnreadableHttp,
    frameworkErrors: (error, request, reply) => {
      const [status, pairs] = routerFailure(error);
      noteRefused(deps, request, pairs);
      void sendPairs(reply, pairs, status);
    },
    serverFactory: (handler) => gate.serve(restServer(gate.handler(handler), deps)),
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, undefined);
    try {
      done(null, {
        type: 'json',
        value: JSON.parse(body) as unknown,
        text: body,
      } satisfies RestBody);
    } catch {
      done(badJson(), undefined);
    }
  });
  await app.register(formbody, {
    parser: (text: string): Extract<RestBody, { type: 'form' }> => ({
      type: 'form',
      pairs: [...new URLSearchParams(text)],
    }),
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const [status, pairs] = transportFailure(error, deps.bodyLimitBytes);
    if (status >= 500)
      deps.logger.error({ err: error, url: request.routeOptions.url }, 'REST failure');
    else noteRefused(deps, request, pairs);
    return sendPairs(reply, pairs, status);
  });
  app.setNotFoundHandler((request, reply) => {
    const pairs = decline('DATA_BADTRANS', NO_ROUTE);
    noteRefused(deps, request, pairs);
    return sendPairs(reply, pairs, 404);
  });
  for (const version of API_VERSIONS) {
    const document = Buffer.from(JSON.stringify(buildOpenApiDocument(version)));
    app.get(`${restBasePath(version)}/openapi.json`, (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(document),
    );
  }
  registerRestRoutes(app, deps.dispatcher);
  if (deps.cardEntry !== undefined) registerCardEntryRoutes(app, deps.cardEntry);
  await app.ready();
  return app;
}
