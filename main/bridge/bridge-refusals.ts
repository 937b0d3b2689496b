// How the bridge refuses: one body for every refusal, its own and those of the framework under it
// (a body that is not JSON or too large, a path with nothing behind it), so a page reads each the
// same way and none repeats what was sent (docs/app.md, Web bridge).
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

/** Answers `status` with `{ ok: false, error: { code, message } }`, the lane API's refusal shape. */
export function refuse(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
): FastifyReply {
  return reply.code(status).send({ ok: false, error: { code, message } });
}

/** The code and message of a framework error the bridge answers, by fastify's error code. */
const FRAMEWORK_REFUSALS: Readonly<Record<string, readonly [string, string]>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['BRIDGE_BODY', 'body: not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['BRIDGE_BODY', 'body: empty; send a lane API command as JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['BRIDGE_BODY', 'body: larger than the bridge reads (64 KiB)'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['BRIDGE_BODY', 'Content-Type: send application/json'],
};

/**
 * Answers the framework's errors and paths with nothing behind them in the refusal shape: a
 * known error by its code, any other refusal of the request (4xx) by its status, and a failure of
 * the bridge itself as 500 BRIDGE_FAILURE, without its message.
 */
export function answerFailures(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) =>
    refuse(reply, 404, 'BRIDGE_NOT_FOUND', 'path: nothing here'),
  );
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500;
    const known = FRAMEWORK_REFUSALS[error.code];
    if (known !== undefined) return refuse(reply, status, ...known);
    if (status >= 400 && status < 500) {
      return refuse(
        reply,
        status,
        'BRIDGE_REQUEST',
        `request: ${STATUS_CODES[status] ?? 'refused'}`,
      );
    }
    return refuse(reply, 500, 'BRIDGE_FAILURE', 'the bridge could not answer this request');
  });
}
