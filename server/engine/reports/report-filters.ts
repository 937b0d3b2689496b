import { resolveTimeValue, type Params } from '../../../protocol/index.ts';
import { unixSeconds } from '../../shared/clock.ts';
import type { CallerContext } from '../engine-context.ts';

/**
 * The bounds every report takes (docs/test-cards.md, Reports): bdate and edate (time values
 * resolved in the merchant's zone, inclusive, Unix seconds), batch (a number; one no batch has when
 * it is not digits), ttid (likewise) and order_id.
 */
export interface ReportBounds {
  from?: number;
  to?: number;
  batchNumber?: number;
  ttid?: number;
  orderId?: string;
}

/** A reference that must be digits: its number, or -1 (matching nothing) when it is not. */
function reference(text: string): number {
  return /^[0-9]{1,15}$/.test(text) ? Number(text) : -1;
}

/** Reads the report bounds of a request. */
export function reportBounds(params: Params, caller: CallerContext, now: Date): ReportBounds {
  const ctx = { version: caller.version, timeZone: caller.timeZone, now };
  const bounds: ReportBounds = {};
  if (params.bdate !== undefined) {
    bounds.from = unixSeconds(resolveTimeValue(params.bdate, ctx, 'bdate'));
  }
  if (params.edate !== undefined) {
    bounds.to = unixSeconds(resolveTimeValue(params.edate, ctx, 'edate'));
  }
  if (params.batch !== undefined) bounds.batchNumber = reference(params.batch);
  if (params.ttid !== undefined) bounds.ttid = reference(params.ttid);
  if (params.order_id !== undefined) bounds.orderId = params.order_id;
  return bounds;
}
