import type { FastifyInstance } from 'fastify';
import {
  API_VERSIONS,
  ProtocolError,
  REST_ROUTES,
  restBasePath,
  type ApiVersion,
  type RestRoute,
} from '../../protocol/index.ts';
import type { RequestDispatcher } from '../dispatch/request-dispatcher.ts';
import { CommitOutcomeUnknown } from '../engine/index.ts';
import { restCredentials } from './rest-credentials.ts';
import { restParams } from './rest-params.ts';
import { sendAnswer } from './rest-answer.ts';

function readParams(...args: Parameters<typeof restParams>) {
  try {
    return restParams(...args);
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
}

function register(
  app: FastifyInstance,
  route: RestRoute,
  version: ApiVersion,
  dispatcher: RequestDispatcher,
) {
  app.route({
    method: route.method,
    url: `${restBasePath(version)}/${route.path}`,
    handler: async (request, reply) => {
      try {
        const answer = await dispatcher.dispatch({
          operation: route.op,
          params: readParams(request, version),
          credentials: restCredentials(request.headers, version),
          version,
          transport: 'rest',
          source: request.socket.remoteAddress ?? 'unknown',
          requestId: request.id,
        });
        return sendAnswer(reply, answer, version, route.op);
      } catch (error) {
        if (!(error instanceof CommitOutcomeUnknown)) throw error;
        // Not answered: the connection closes, as by an instance lost mid-request, and the client
        // looks the outcome up (docs/architecture.md, In flight).
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      }
    },
  });
}

/**
 * Registers every route of protocol's REST_ROUTES under /api/v1 and /api/v2 for the versions that
 * offer it (docs/interface.md › Endpoints, Versioning §1). Path parameters (:ttid, :order_id, :payment_id) join
 * the request's parameters; the answer's status follows protocol's httpStatusFor.
 */
export function registerRestRoutes(app: FastifyInstance, dispatcher: RequestDispatcher): void {
  for (const version of API_VERSIONS) {
    for (const route of REST_ROUTES) {
      if (route.versions.includes(version)) register(app, route, version, dispatcher);
    }
  }
}
