import type { ProtocolError } from '../errors.ts';
import { fieldError } from './field-error.ts';
import type { Params } from '../params.ts';
import { assertNoFramingByte } from './frame.ts';
import { isWireSpace, quoteValue } from './quoting.ts';

/**
 * How a key/value body is written, after the public client libraries (libmonetra and its ports):
 * - 'crlf-quoted': every value quoted, each pair ended by CRLF (PHP, Java, C# M_TransSend);
 * - 'lf-minimal': a value quoted only when needed (C libmonetra, mstdlib QUOTE_NON_ANS), each
 *   pair ended by LF.
 */
export type KvPairStyle = 'crlf-quoted' | 'lf-minimal';

/** The style encodePairs uses when none is given: 'crlf-quoted', which every client parses. */
const DEFAULT_KV_PAIR_STYLE: KvPairStyle = 'crlf-quoted';

/** Pairs to encode: an ordered list, or a Params record (its key order). */
export type KvPairsInput = Params | ReadonlyArray<readonly [string, string]>;

const ALNUM_SPACE = /^[A-Za-z0-9 ]*$/;

/**
 * True when the C library would quote the value: empty, leading or trailing whitespace, or any
 * character other than A-Z, a-z, 0-9 and space (mstdlib M_hash_dict_serialize_quotetype).
 */
export function needsQuotes(value: string): boolean {
  return (
    value === '' ||
    isWireSpace(value[0]) ||
    isWireSpace(value[value.length - 1]) ||
    !ALNUM_SPACE.test(value)
  );
}

function keyError(index: number, rule: string, problem: string): ProtocolError {
  return fieldError('unencodable', `pairs[${index}].key`, rule, problem);
}

/** Refuses a key the decoder could not give back: empty, '=', a quote, a line break, edges. */
function checkKey(key: string, index: number): void {
  if (key === '') throw keyError(index, 'kv.key_empty', 'may not be empty');
  assertNoFramingByte(key, `pairs[${index}].key`);
  if (/[="\r\n]/.test(key)) {
    throw keyError(index, 'kv.key_character', "may not contain '=', '\"' or a line break");
  }
  if (isWireSpace(key[0]) || isWireSpace(key[key.length - 1])) {
    throw keyError(index, 'kv.key_whitespace', 'may not begin or end with whitespace');
  }
}

/** One pair's line, after its key and value are checked. */
function pairLine(key: string, value: string, index: number, style: KvPairStyle): string {
  checkKey(key, index);
  assertNoFramingByte(value, key);
  const quoted = style === 'crlf-quoted' || needsQuotes(value);
  return `${key}=${quoted ? quoteValue(value) : value}${style === 'crlf-quoted' ? '\r\n' : '\n'}`;
}

/**
 * A request or response body of key="value" lines in the given style (default 'crlf-quoted').
 * Refuses keys that are empty or hold '=', quotes, line breaks or edge whitespace, and keys or
 * values holding STX, ETX or FS (ProtocolError 'unencodable' naming the key, never the value).
 * A Params record is read in its key order without copying it into a list.
 */
export function encodePairs(
  pairs: KvPairsInput,
  style: KvPairStyle = DEFAULT_KV_PAIR_STYLE,
): string {
  let text = '';
  let index = 0;
  if (isPairList(pairs)) {
    for (const [key, value] of pairs) text += pairLine(key, value, index++, style);
    return text;
  }
  for (const key in pairs) text += pairLine(key, pairs[key] as string, index++, style);
  return text;
}

function isPairList(pairs: KvPairsInput): pairs is ReadonlyArray<readonly [string, string]> {
  return Array.isArray(pairs);
}
