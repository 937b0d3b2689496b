import { resolveTimeValue, type Params } from '../../protocol/index.ts';
import { unixSeconds } from '../engine/clock.ts';
import type { CallerContext } from '../engine/engine-context.ts';

/** A SQL condition and its arguments, ANDed into a report query. */
export interface SqlFilter {
  where: string[];
  args: (string | number)[];
}

/**
 * The filters every report takes (docs/test-cards.md): bdate and edate (time values resolved in the
 * merchant's zone, inclusive bounds on `timeColumn`), batch (number), ttid and order_id.
 */
export function reportFilter(
  params: Params,
  caller: CallerContext,
  now: Date,
  columns: { time: string; batch: string; ttid?: string; order?: string },
): SqlFilter {
  const filter: SqlFilter = { where: [], args: [] };
  const ctx = { version: caller.version, timeZone: caller.timeZone, now };
  const add = (where: string, arg: string | number): void => {
    filter.where.push(where);
    filter.args.push(arg);
  };
  if (params.bdate !== undefined) {
    add(`${columns.time} >= ?`, unixSeconds(resolveTimeValue(params.bdate, ctx, 'bdate')));
  }
  if (params.edate !== undefined) {
    add(`${columns.time} <= ?`, unixSeconds(resolveTimeValue(params.edate, ctx, 'edate')));
  }
  if (params.batch !== undefined) add(`${columns.batch} = ?`, params.batch);
  if (params.ttid !== undefined && columns.ttid !== undefined)
    add(`${columns.ttid} = ?`, params.ttid);
  if (params.order_id !== undefined && columns.order !== undefined) {
    add(`${columns.order} = ?`, params.order_id);
  }
  return filter;
}
