import type { FastifyRequest } from 'fastify';
import {
  ProtocolError,
  flattenJsonBody,
  pairsToParams,
  type ApiVersion,
  type Params,
} from '../../protocol/index.ts';
import { withoutTransportKeys } from '../dispatch/request-params.ts';

/** A body as the content-type parsers leave it: JSON, form pairs (v1), or none. */
export type RestBody =
  { type: 'json'; value: unknown } | { type: 'form'; pairs: [string, string][] } | undefined;

function bodyError(rule: string, verbiage: string): ProtocolError {
  return new ProtocolError({ kind: 'invalid', field: 'body', rule, verbiage });
}

function bodyPairs(body: RestBody, version: ApiVersion): [string, string][] {
  if (body === undefined) return [];
  if (body.type === 'json') return Object.entries(flattenJsonBody(body.value));
  if (version === 'v1') return body.pairs;
  throw bodyError(
    'rest.v2_json_only',
    'body: v2 takes a JSON object (Content-Type: application/json); form bodies are v1 only',
  );
}

/**
 * The flat parameters of a REST request: query string pairs, then the body's pairs (JSON with
 * groups flattened, or a v1 form body), then the path parameters. The same key twice with
 * different values is refused naming the key; transport and credential keys are dropped.
 * Throws ProtocolError.
 */
export function restParams(request: FastifyRequest, version: ApiVersion): Params {
  const query = request.raw.url?.split('?')[1] ?? '';
  const pairs: [string, string][] = [
    ...new URLSearchParams(query),
    ...bodyPairs(request.body as RestBody, version),
    ...Object.entries(request.params as Record<string, string>),
  ];
  return withoutTransportKeys(pairsToParams(pairs, { caseInsensitiveKeys: false }));
}
