import { encodeCsv, encodeKvResponseBody, type ProtocolError } from '../../protocol/index.ts';
import { protocolErrorAnswer, type ServiceAnswer } from '../engine/index.ts';

/**
 * The key/value body of an answer (libmonetra; docs/interface.md › Errors §4): a report as CSV
 * (header row, then one row per line, columns in the report's order), a transaction answer as
 * key/value lines with code first so every client library reads it as key/value.
 */
export function encodeKvAnswer(answer: ServiceAnswer): string {
  if (answer.kind === 'report') {
    const rows = answer.rows.map((row) => answer.columns.map((column) => row[column] ?? ''));
    return encodeCsv(answer.columns, rows);
  }
  const { code, ...rest } = answer.pairs;
  const first: [string, string][] = code === undefined ? [] : [['code', code]];
  return encodeKvResponseBody([...first, ...Object.entries(rest)]);
}

/** The key/value body refusing a request that broke a rule: code DENY, msoft_code, verbiage. */
export function kvDecline(error: ProtocolError): string {
  return encodeKvAnswer(protocolErrorAnswer(error));
}
