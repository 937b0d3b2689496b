import type { FastifyRequest } from 'fastify';
import {
  ProtocolError,
  flattenJsonBody,
  pairsToParams,
  refuseDuplicateJsonKeys,
  type ApiVersion,
  type Params,
} from '../../protocol/index.ts';
import { withoutTransportKeys } from '../dispatch/request-params.ts';

/** A body as the content-type parsers leave it: JSON (parsed, and its text), form pairs (v1), or none. */
export type RestBody =
  | { type: 'json'; value: unknown; text: string }
  | { type: 'form'; pairs: [string, string][] }
  | undefined;

function bodyError(rule: string, verbiage: string): ProtocolError {
  return new ProtocolError({ kind: 'invalid', field: 'body', rule, verbiage });
}

/** Adds a body's pairs to `pairs`: JSON with groups flattened, or a v1 form body. */
function addBodyPairs(pairs: [string, string][], body: RestBody, version: ApiVersion): void {
  if (body === undefined) return;
  if (body.type === 'json') {
    refuseDuplicateJsonKeys(body.text);
    const flat = flattenJsonBody(body.value);
    for (const key in flat) pairs.push([key, flat[key] as string]);
  } else if (version === 'v1') {
    for (const pair of body.pairs) pairs.push(pair);
  } else {
    throw bodyError(
      'rest.v2_json_only',
      'body: v2 takes a JSON object (Content-Type: application/json); form bodies are v1 only',
    );
  }
}

/** The query string of a request's URL: from its first '?' to the next, if any. */
function queryOf(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return '';
  const end = url.indexOf('?', start + 1);
  return url.slice(start + 1, end === -1 ? undefined : end);
}

/**
 * The flat parameters of a REST request: query string pairs, then the body's pairs (JSON with
 * groups flattened, or a v1 form body), then the path parameters. The same key twice with
 * different values, or twice in one JSON object, is refused naming the key; transport and credential keys are dropped.
 * Throws ProtocolError.
 */
export function restParams(request: FastifyRequest, version: ApiVersion): Params {
  const query = queryOf(request.raw.url ?? '');
  const pairs: [string, string][] = query === '' ? [] : [...new URLSearchParams(query)];
  addBodyPairs(pairs, request.body as RestBody, version);
  const path = request.params as Record<string, string>;
  for (const key in path) pairs.push([key, path[key] as string]);
  return withoutTransportKeys(pairsToParams(pairs, { caseInsensitiveKeys: false }));
}
