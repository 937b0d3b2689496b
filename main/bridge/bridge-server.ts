// The web bridge: the lane API over HTTP and WebSocket on 127.0.0.1, behind its token, and
// the built lane UI as static files, so a browser runs the lane without Electron (docs/app.md).
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { contentSecurityPolicy } from '../app/content-policy.ts';
import {
  EVENTS_PROTOCOL,
  bearerToken,
  newBridgeToken,
  protocolToken,
  tokenMatches,
} from './bridge-token.ts';
import type { LaneApi } from '../lane-api/index.ts';
import { sendFromUi } from './ui-command-guard.ts';
import { requestOriginAllowed } from './origin-check.ts';
import { answerFailures, refuse } from './bridge-refusals.ts';

/** Largest command body the bridge reads: 64 KiB (a lane API command is a few hundred bytes). */
export const BRIDGE_BODY_LIMIT_BYTES = 64 * 1024;

/** Path of the lane API commands: POST a command's JSON, get its reply's JSON. */
export const COMMAND_PATH = '/api/command';

/** Path of the event stream (WebSocket). */
export const EVENTS_PATH = '/api/events';

/**
 * How often the event stream says it is alive when no event goes out, ms: 500, so a page hears
 * a silent lane (stopped, hung) within 2 s (docs/app.md, Web bridge).
 */
export const ALIVE_EVERY_MS = 500;

/** The event stream's own frame between events: not a lane event, only "the lane is here". */
export const ALIVE_FRAME = JSON.stringify({ bridge: 'alive' });

/** How the bridge is started. */
export interface BridgeOptions {
  lane: LaneApi;
  /** Folder of the built UI (dist/app/renderer); without it only the API is served. */
  staticDir?: string;
  /** TCP port on 127.0.0.1; 0 (default) takes a free one. */
  port?: number;
  /** The token; default a new random one (newBridgeToken). */
  token?: string;
}

/** A listening bridge. */
export interface RunningBridge {
  /** http://127.0.0.1:<port>/ */
  origin: string;
  /** The URL a browser opens: the origin with the token in its fragment (never sent to a server). */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/**
 * Who may use a route: `open` (the UI's static files), `protocol-token` (the event stream, whose
 * token rides in the WebSocket subprotocol), or, for every other route and for a path that matches
 * none, the bearer token. Decided on the route the router matched, so no spelling of a path
 * (percent-encoding, case, slashes, dot segments) reaches a route past its check.
 */
type RouteAccess = 'open' | 'protocol-token' | 'bearer-token';

/** The part of a route's config the token check reads. */
interface RouteAccessConfig {
  access?: RouteAccess;
}

function routeAccess(request: FastifyRequest): RouteAccess {
  const { access } = request.routeOptions.config as RouteAccessConfig;
  return access ?? 'bearer-token';
}

/** A refusal the bridge answers: status, code and message (the lane API's refusal shape). */
type Refusal = readonly [status: number, code: string, message: string];

/**
 * The check every request passes before its route runs: Host and Origin must be this bridge's,
 * only the event stream may be upgraded, and every route but the UI's files takes the token.
 * Undefined for a request that may go on.
 */
function refusalOf(
  request: FastifyRequest,
  token: string,
  port: number,
  access: RouteAccess,
): Refusal | undefined {
  if (!requestOriginAllowed(request.raw, port))
    return [403, 'BRIDGE_ORIGIN', 'Host/Origin: only this bridge on 127.0.0.1'];
  if (request.headers.upgrade !== undefined && access !== 'protocol-token')
    return [400, 'BRIDGE_UPGRADE', 'Upgrade: only the event stream is a WebSocket'];
  if (access === 'open') return undefined;
  const presented =
    access === 'protocol-token'
      ? protocolToken(request.headers['sec-websocket-protocol'])
      : bearerToken(request.headers.authorization);
  if (tokenMatches(token, presented)) return undefined;
  return [401, 'BRIDGE_TOKEN', 'token: missing or not this start of the lane'];
}

/** Runs the check of `refusalOf` on every request, on the route the router matched. */
function guardRequests(app: FastifyInstance, token: string, port: () => number): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const refusal = refusalOf(request, token, port(), routeAccess(request));
    return refusal === undefined ? undefined : refuse(reply, ...refusal);
  });
}

/** The refusal of a path the router cannot read, once it passed the check. */
const PATH_UNREADABLE: Refusal = [400, 'BRIDGE_PATH', 'path: not valid percent-encoded UTF-8'];

/**
 * A path the router cannot read (not percent-encoded UTF-8, or a parameter past its length) goes
 * through the same check as a path that matches no route, then is answered 400 without the path.
 */
function pathFailure(token: string, port: () => number) {
  return (_error: Error, request: FastifyRequest, reply: FastifyReply): void => {
    void refuse(reply, ...(refusalOf(request, token, port(), 'bearer-token') ?? PATH_UNREADABLE));
  };
}

/** The event stream: every lane event as a text message, and an alive frame every ALIVE_EVERY_MS. */
function serveEvents(app: FastifyInstance, lane: LaneApi): void {
  app.get(EVENTS_PATH, { websocket: true, config: { access: 'protocol-token' } }, (socket) => {
    const unsubscribe = lane.subscribe((event) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    });
    const alive = setInterval(() => {
      if (socket.readyState === socket.OPEN) socket.send(ALIVE_FRAME);
    }, ALIVE_EVERY_MS);
    socket.on('close', () => {
      clearInterval(alive);
      unsubscribe();
    });
  });
}

/** The built UI's files, the only routes open without the token. */
async function serveFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(async (files) => {
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'open' } satisfies RouteAccessConfig;
    });
    await files.register(fastifyStatic, { root: staticDir, index: 'index.html' });
  });
}

/** Starts the bridge on 127.0.0.1 only; it never binds another address. */
export async function startBridge(options: BridgeOptions): Promise<RunningBridge> {
  const token = options.token ?? newBridgeToken();
  let port = 0;
  const app = Fastify({
    logger: false,
    bodyLimit: BRIDGE_BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    frameworkErrors: pathFailure(token, () => port),
  });
  let policy = contentSecurityPolicy();

  // Registered first: its onRequest hook marks upgrade requests, so a refused one is closed.
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: BRIDGE_BODY_LIMIT_BYTES,
      handleProtocols: (offers: Set<string>) =>
        offers.has(EVENTS_PROTOCOL) ? EVENTS_PROTOCOL : false,
    },
  });
  guardRequests(app, token, () => port);
  answerFailures(app);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Content-Security-Policy', policy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cache-Control', 'no-store');
    return payload;
  });
  serveEvents(app, options.lane);
  app.post(COMMAND_PATH, async (request) => sendFromUi(options.lane, request.body));
  if (options.staticDir !== undefined) await serveFiles(app, options.staticDir);

  try {
    await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  const address = app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
  policy = contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]);
  const origin = `http://127.0.0.1:${port}/`;
  return {
    origin,
    url: `${origin}#token=${token}`,
    port,
    token,
    close: () => app.close(),
  };
}
