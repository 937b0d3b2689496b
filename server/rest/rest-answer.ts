import type { FastifyReply } from 'fastify';
import {
  FINANCIAL_OPERATIONS,
  REPORT_OPERATIONS,
  WWW_AUTHENTICATE_BASIC,
  httpStatusFor,
  type ApiVersion,
  type OperationKind,
  type OperationName,
} from '../../protocol/index.ts';
import type { ServiceAnswer } from '../engine/index.ts';

/** How an operation's answer is read for its HTTP status (protocol's httpStatusFor). */
function operationKind(operation: OperationName): OperationKind {
  if (REPORT_OPERATIONS.has(operation)) return 'report';
  return FINANCIAL_OPERATIONS.has(operation) ? 'transaction' : 'other';
}

/**
 * Sends an answer as JSON (docs/interface.md › Endpoints, Errors): a report's rows as {"report":[…]} with 200
 * (and the request keys the report echoes beside it);
 * pairs as a JSON object of strings with the status httpStatusFor gives (v1 200 for transactions,
 * v2 by outcome); every 401 carries WWW-Authenticate: Basic realm="Payment Server Resource".
 */
export function sendAnswer(
  reply: FastifyReply,
  answer: ServiceAnswer,
  version: ApiVersion,
  operation: OperationName,
): FastifyReply {
  if (answer.kind === 'report')
    return reply.code(200).send({ ...answer.echo, report: answer.rows });
  return sendPairs(
    reply,
    answer.pairs,
    httpStatusFor(answer.pairs, version, operationKind(operation)),
  );
}

/** Sends pairs as JSON with a status, adding the Basic challenge to a 401. */
export function sendPairs(
  reply: FastifyReply,
  pairs: Record<string, string>,
  status: number,
): FastifyReply {
  if (status === 401) void reply.header('www-authenticate', WWW_AUTHENTICATE_BASIC);
  return reply.code(status).type('application/json; charset=utf-8').send(pairs);
}
