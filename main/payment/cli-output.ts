import type { Params } from '../../protocol/index.ts';
import type { PaymentError } from './errors.ts';
import { PaymentNotSentError } from './errors.ts';
import { maskPairs } from './payment-response.ts';
import type { PaymentResult, ReportResult, Resolution } from './results.ts';

/**
 * Exit status of `pay` (docs/client.md, CLI): 0 approved, 1 refused before sending or a transport
 * error, 2 usage error (as every LaneTerm tool), 3 unknown, 4 declined or not found.
 */
export const PAY_EXIT = { approved: 0, error: 1, usage: 2, unknown: 3, declined: 4 } as const;

/** What `pay` prints on standard output and the status it exits with. */
export interface PayOutput {
  readonly json: Record<string, unknown>;
  readonly exitCode: number;
}

function rowsMasked(rows: readonly Params[]): Params[] {
  return rows.map((row) => maskPairs(row));
}

/** A transaction or report result as JSON with card data masked, and its exit status. */
export function resultOutput(result: PaymentResult | ReportResult): PayOutput {
  const head = {
    operation: result.operation,
    transport: result.transport,
    outcome: result.outcome,
  };
  switch (result.outcome) {
    case 'report': {
      const { format, columns, rows, httpStatus } = result;
      const json = { ...head, httpStatus, format, columns, rows: rowsMasked(rows) };
      return { json, exitCode: PAY_EXIT.approved };
    }
    case 'unknown': {
      const { reason, detail, orderId, ttid, httpStatus } = result;
      return {
        json: { ...head, reason, detail, orderId, ttid, httpStatus },
        exitCode: PAY_EXIT.unknown,
      };
    }
    default: {
      const approved = result.outcome === 'approved' || result.outcome === 'partial';
      const json = {
        ...head,
        httpStatus: result.httpStatus,
        orderId: result.orderId,
        response: result.response.masked(),
      };
      return { json, exitCode: approved ? PAY_EXIT.approved : PAY_EXIT.declined };
    }
  }
}

/**
 * What resolve found, as JSON; approved 0, declined or not found (nothing charged) 2, unknown 3.
 */
export function resolutionOutput(orderId: string, found: Resolution): PayOutput {
  const head = { operation: 'resolve', orderId, status: found.status };
  switch (found.status) {
    case 'approved':
    case 'declined':
      return {
        json: { ...head, ttid: found.ttid, response: found.response.masked() },
        exitCode: found.status === 'approved' ? PAY_EXIT.approved : PAY_EXIT.declined,
      };
    case 'not_found':
      return {
        json: { ...head, detail: 'no transaction for this order: not charged' },
        exitCode: PAY_EXIT.declined,
      };
    case 'unknown':
      return { json: { ...head, detail: found.detail }, exitCode: PAY_EXIT.unknown };
  }
}

/** A client error (nothing was sent) as JSON naming the field and the rule, exit status 1. */
export function errorOutput(error: PaymentError): PayOutput {
  const json: Record<string, unknown> = {
    outcome: 'error',
    error: { code: error.code, field: error.field, rule: error.rule, message: error.message },
  };
  if (error instanceof PaymentNotSentError) json['attempts'] = error.attempts;
  return { json, exitCode: PAY_EXIT.error };
}
