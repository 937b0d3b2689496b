import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CARD_ENTRY_PATH } from '../engine/index.ts';
import type { RestBody } from '../rest/rest-params.ts';
import {
  CARD_ENTRY_ASSETS,
  cardEntryHeaders,
  cardEntryPage,
  unavailablePage,
} from './card-entry-page.ts';
import type { CardEntryAnswer, CardEntryService } from './card-entry-service.ts';

/** True when the request came in on the TLS port (the page is never served in the clear). */
function overTls(request: FastifyRequest): boolean {
  return (request.raw.socket as Partial<TLSSocket>).encrypted === true;
}

/** The query's single string values; a repeated key counts as absent. */
function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function sendJson(reply: FastifyReply, answer: CardEntryAnswer): FastifyReply {
  return reply
    .code(answer.status)
    .headers(cardEntryHeaders(undefined))
    .type('application/json; charset=utf-8')
    .send(answer.pairs);
}

const PLAIN_REFUSAL: CardEntryAnswer = {
  status: 404,
  pairs: {
    code: 'DENY',
    msoft_code: 'DATA_BADTRANS',
    verbiage: 'path: the card-entry page is served on the TLS port only',
  },
};

const WRONG_ORIGIN: CardEntryAnswer = {
  status: 403,
  pairs: {
    code: 'DENY',
    msoft_code: 'ACCT_PERMISSION',
    verbiage: 'Origin: cards are taken only from the card-entry page of this service',
  },
};

/**
 * The hosted card-entry routes on the TLS port (docs/api.md, Hosted card entry): GET /cardentry
 * (the page, for a session secret or for parameters signed with a profile API key), its script
 * and style sheet, and POST /cardentry/ticket, which takes a card only from the page itself (its
 * Origin is this service) as JSON and answers the ticket. Every answer carries the page's headers
 * (cardEntryHeaders); the page may be framed by its session's allowed origin only.
 */
export function registerCardEntryRoutes(app: FastifyInstance, service: CardEntryService): void {
  app.get(CARD_ENTRY_PATH, async (request, reply) => {
    if (!overTls(request)) return sendJson(reply, PLAIN_REFUSAL);
    const session = await service.pageSession(queryOf(request));
    const html = 'text/html; charset=utf-8';
    if ('status' in session) {
      return reply
        .code(session.status)
        .headers(cardEntryHeaders(undefined))
        .type(html)
        .send(unavailablePage(session.pairs.verbiage ?? ''));
    }
    return reply
      .headers(cardEntryHeaders(session.allowedOrigin))
      .type(html)
      .send(cardEntryPage(session.secret, session.allowedOrigin));
  });
  for (const [name, asset] of Object.entries(CARD_ENTRY_ASSETS)) {
    app.get(`${CARD_ENTRY_PATH}/${name}`, (request, reply) => {
      if (!overTls(request)) return sendJson(reply, PLAIN_REFUSAL);
      return reply.headers(cardEntryHeaders(undefined)).type(asset.type).send(asset.body);
    });
  }
  app.post(`${CARD_ENTRY_PATH}/ticket`, async (request, reply) => {
    if (!overTls(request)) return sendJson(reply, PLAIN_REFUSAL);
    if (request.headers.origin !== `https://${request.headers.host ?? ''}`) {
      return sendJson(reply, WRONG_ORIGIN);
    }
    const body = request.body as RestBody | undefined;
    const answer = await service.issueTicket(body?.type === 'json' ? body.value : undefined);
    return sendJson(reply, answer);
  });
}
