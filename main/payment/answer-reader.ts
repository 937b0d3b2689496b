import {
  REPORT_OPERATIONS,
  decodeResponseBody,
  emptyParams,
  reportSucceeded,
  type OperationName,
  type Params,
} from '../../protocol/index.ts';
import type { WireAnswer } from './transport.ts';

function unreadable(detail: string, status?: number): WireAnswer {
  return status === undefined
    ? { kind: 'unreadable', detail }
    : { kind: 'unreadable', detail, status };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON object of scalar values as string pairs, keys lower-cased for an answer (the interface's
 * keys are case-insensitive) and kept as sent for a report row (its column names, e.g. BatchNum);
 * undefined for anything else.
 */
function scalarPairs(value: unknown, keyCase: 'lower' | 'as-sent' = 'lower'): Params | undefined {
  if (!isRecord(value)) return undefined;
  const pairs = emptyParams();
  for (const [name, member] of Object.entries(value)) {
    const key = keyCase === 'lower' ? name.toLowerCase() : name;
    if (typeof member === 'string') pairs[key] = member;
    else if (typeof member === 'number' || typeof member === 'boolean') pairs[key] = String(member);
    else return undefined;
  }
  return pairs;
}

/** Column names in order of first appearance across the rows. */
function columnsOf(rows: readonly Params[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

/**
 * A parsed JSON report answer: rows when protocol's reportSucceeded says it carries report data,
 * otherwise its scalar members as pairs (a failed report's code and verbiage).
 */
function jsonReport(value: Record<string, unknown>, status?: number): WireAnswer {
  const withStatus = status === undefined ? {} : { status };
  if (!reportSucceeded({ kind: 'json', value })) {
    const { report: _report, ...rest } = value;
    const pairs = scalarPairs(rest);
    if (pairs === undefined)
      return unreadable('report: a failed report with nested values', status);
    return { kind: 'pairs', pairs, ...withStatus };
  }
  const rows: Params[] = [];
  for (const row of value['report'] as unknown[]) {
    const pairs = scalarPairs(row, 'as-sent');
    if (pairs === undefined) return unreadable('report: a row is not an object of strings', status);
    rows.push(pairs);
  }
  return { kind: 'report', columns: columnsOf(rows), rows, format: 'json', ...withStatus };
}

/**
 * A REST answer (docs/interface.md › Endpoints, Errors §4; Monetra REST API v2 documentation): a JSON object of
 * string values is pairs; for a report, {"report":[…]} is its rows. Anything else (HTML from a
 * proxy, broken JSON, nested values) cannot be read.
 */
export function readRestAnswer(op: OperationName, status: number, body: string): WireAnswer {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return unreadable(`HTTP ${status}: the body is not JSON`, status);
  }
  if (REPORT_OPERATIONS.has(op) && isRecord(value) && Array.isArray(value['report'])) {
    return jsonReport(value, status);
  }
  const pairs = scalarPairs(value);
  if (pairs === undefined)
    return unreadable(`HTTP ${status}: the body is not an object of strings`, status);
  return { kind: 'pairs', pairs, status };
}

/**
 * A key/value-protocol answer body (libmonetra monetra_parse.c; docs/interface.md › Errors §4): key/value pairs,
 * keys lower-cased as the protocol is case-insensitive; a CSV table as report rows by header; bulk
 * data as a JSON report when it is one. Malformed text cannot be read.
 */
export function readKvAnswer(op: OperationName, body: Buffer): WireAnswer {
  let decoded;
  try {
    decoded = decodeResponseBody(body);
  } catch {
    return unreadable('the answer body is malformed');
  }
  if (decoded.kind === 'kv') {
    const pairs = emptyParams();
    for (const [key, value] of decoded.pairs) pairs[key.toLowerCase()] = value;
    return { kind: 'pairs', pairs };
  }
  if (decoded.kind === 'csv') {
    const { header, rows } = decoded;
    const records = rows.map((row) => {
      const record = emptyParams();
      header.forEach((column, i) => (record[column] = row[i] ?? ''));
      return record;
    });
    return { kind: 'report', columns: header, rows: records, format: 'csv' };
  }
  if (REPORT_OPERATIONS.has(op)) {
    try {
      const value: unknown = JSON.parse(decoded.data.toString('utf8'));
      if (isRecord(value) && Array.isArray(value['report'])) return jsonReport(value);
    } catch {
      return unreadable('the answer is bulk data that is not a JSON report');
    }
  }
  return unreadable('the answer is bulk data, not key/value pairs');
}
