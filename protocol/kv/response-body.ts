import { fieldError } from './field-error.ts';
import { classifyResponseBody } from './classify.ts';
import { decodeCsv } from './csv.ts';
import { decodePairs, type KvPair } from './pair-decoder.ts';
import { encodePairs, type KvPairStyle, type KvPairsInput } from './pair-encoder.ts';

/**
 * A decoded response body (libmonetra LM_conn_determine_response_type): key/value pairs (a
 * transaction answer, or a failed report), a CSV table (a report) or bulk data (anything else, such
 * as JSON or a PEM).
 */
export type ResponseBody =
  | { readonly kind: 'kv'; readonly pairs: KvPair[] }
  | { readonly kind: 'csv'; readonly header: string[]; readonly rows: string[][] }
  | { readonly kind: 'bulk'; readonly data: Buffer };

/**
 * Decodes a response body by its classification (classifyResponseBody): pairs for key/value,
 * header and rows for CSV, the raw bytes for bulk. Malformed key/value or CSV text is a
 * ProtocolError naming the line.
 */
export function decodeResponseBody(body: string | Buffer): ResponseBody {
  const kind = classifyResponseBody(body);
  if (kind === 'kv') return { kind, pairs: decodePairs(body) };
  if (kind === 'csv') return { kind, ...decodeCsv(body) };
  return { kind, data: typeof body === 'string' ? Buffer.from(body, 'utf8') : body };
}

/**
 * A key/value response body that every client reads as key/value: encodePairs, then checked with
 * the 32-byte rule, so the first key must be at most 31 bytes of letters, digits, space, '_' and
 * '-' (lead with code). Refuses otherwise (ProtocolError 'unencodable' naming the first key).
 */
export function encodeKvResponseBody(pairs: KvPairsInput, style?: KvPairStyle): string {
  const text = encodePairs(pairs, style);
  if (classifyResponseBody(text) !== 'kv') {
    const problem = 'a response must start with a short key such as code';
    throw fieldError('unencodable', 'pairs[0].key', 'kv.response_classifies', problem);
  }
  return text;
}
