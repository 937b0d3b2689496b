import { encodeCsv, encodeKvResponseBody, type ProtocolError } from '../../protocol/index.ts';
import { protocolErrorAnswer, type ServiceAnswer } from '../engine/index.ts';

/** The pairs' first key, if any. */
function firstKey(pairs: Readonly<Record<string, string>>): string | undefined {
  for (const key in pairs) return key;
  return undefined;
}

/**
 * The key/value body of an answer (libmonetra; docs/interface.md › Errors §4): a report as CSV
 * (header row, then one row per line, columns in the report's order), a transaction answer as
 * key/value lines with code first so every client library reads it as key/value. Pairs that
 * already lead with code (every transaction answer the engine builds) are encoded as they are.
 */
export function encodeKvAnswer(answer: ServiceAnswer): string {
  if (answer.kind === 'report') {
    const rows = answer.rows.map((row) => answer.columns.map((column) => row[column] ?? ''));
    return encodeCsv(answer.columns, rows);
  }
  const pairs = answer.pairs;
  const code = pairs.code;
  if (code === undefined || firstKey(pairs) === 'code') return encodeKvResponseBody(pairs);
  const list: [string, string][] = [['code', code]];
  for (const key in pairs) if (key !== 'code') list.push([key, pairs[key] as string]);
  return encodeKvResponseBody(list);
}

/** The key/value body refusing a request that broke a rule: code DENY, msoft_code, verbiage. */
export function kvDecline(error: ProtocolError): string {
  return encodeKvAnswer(protocolErrorAnswer(error));
}
