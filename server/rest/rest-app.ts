import formbody from '@fastify/formbody';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { API_VERSIONS, restBasePath } from '../../protocol/index.ts';
import type { RequestDispatcher } from '../dispatch/request-dispatcher.ts';
import type { WorkTracker } from '../dispatch/work-tracker.ts';
import type { RequestLog } from '../log/request-log.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import { sendPairs } from './rest-answer.ts';
import type { RestBody } from './rest-params.ts';
import { registerRestRoutes } from './rest-routes.ts';

/** What the REST transport is built from. */
export interface RestAppDeps {
  dispatcher: RequestDispatcher;
  tracker: WorkTracker;
  logger: Logger;
  requests: RequestLog;
  /** Largest request body in bytes; larger ones are answered 413. */
  bodyLimitBytes: number;
  /** Milliseconds an idle keep-alive connection stays open, and to receive a whole request. */
  idleMs: number;
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

function badJson(): FastifyError {
  return Object.assign(new Error('body: not valid JSON'), { code: 'LT_BAD_JSON', statusCode: 400 });
}

/**
 * The REST transport (fastify): JSON bodies (groups flattened by protocol), form bodies on v1
 * (@fastify/formbody), every route of REST_ROUTES, the OpenAPI documents at
 * /api/vN/openapi.json, and every failure answered as key/value JSON. It never listens: the
 * sniffer feeds it sockets through its node:http server's 'connection' event.
 */
export async function createRestApp(deps: RestAppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: deps.bodyLimitBytes,
    keepAliveTimeout: deps.idleMs,
    requestTimeout: deps.idleMs,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const body = String(text);
    if (body.trim() === '') return done(null, undefined);
    try {
      done(null, { type: 'json', value: JSON.parse(body) as unknown } satisfies RestBody);
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.once('close', deps.tracker.begin());
    done();
  });
  const refused = (request: FastifyRequest, pairs: Record<string, string>) => {
    const { msoft_code: reason = '', verbiage } = pairs;
    const source = request.socket.remoteAddress ?? 'unknown';
    deps.requests.refused({ transport: 'rest', source, requestId: request.id, reason, verbiage });
  };
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const [status, pairs] = transportFailure(error, deps.bodyLimitBytes);
    if (status >= 500)
      deps.logger.error({ err: error, url: request.routeOptions.url }, 'REST failure');
    else refused(request, pairs);
    return sendPairs(reply, pairs, status);
  });
  app.setNotFoundHandler((request, reply) => {
    const verbiage = 'path: no operation at this method and path; see /api/v2/openapi.json';
    const pairs = decline('DATA_BADTRANS', verbiage);
    refused(request, pairs);
    return sendPairs(reply, pairs, 404);
  });
  for (const version of API_VERSIONS) {
    const document = buildOpenApiDocument(version);
    app.get(`${restBasePath(version)}/openapi.json`, (_request, reply) => reply.send(document));
  }
  registerRestRoutes(app, deps.dispatcher);
  await app.ready();
  return app;
}
