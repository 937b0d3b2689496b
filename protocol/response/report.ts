import type { ResponseBody } from '../kv/response-body.ts';
import { isApprovalCode } from './outcome.ts';

/** A report answer as a client holds it: a decoded key/value-protocol body, or parsed REST JSON. */
export type ReportAnswer = ResponseBody | { readonly kind: 'json'; readonly value: unknown };

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when a report answer carries report data (docs/interface.md › Errors §4; the Monetra REST API and
 * libmonetra). Key/value protocol: CSV or non-empty bulk data (JSON among it) succeeds, key/value
 * pairs fail. REST: an object whose `report` is an array succeeds unless it also carries a code
 * other than AUTH or SUCCESS; anything else (pairs with code and verbiage) fails.
 */
export function reportSucceeded(answer: ReportAnswer): boolean {
  switch (answer.kind) {
    case 'csv':
      return true;
    case 'bulk':
      return answer.data.length > 0;
    case 'kv':
      return false;
    case 'json': {
      if (!isRecord(answer.value) || !Array.isArray(answer.value['report'])) return false;
      const code = answer.value['code'];
      return code === undefined || (typeof code === 'string' && isApprovalCode(code));
    }
  }
}
