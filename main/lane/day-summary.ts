// The day's totals: the lane's own transactions by tender and card brand through the one truth of
// each (truthOf), and what closing the day will settle, shown before the cashier confirms it: the
// open batch's number and totals as the service reports them.
import type { Params } from '../../protocol/index.ts';
import type { DayLine, DaySummary, Settlement } from '../lane-api/index.ts';
import { PaymentResponse } from '../payment/index.ts';
import { truthOf, type Counted } from './journal/entry-truth.ts';
import type { JournalEntry } from './journal/journal-types.ts';

const whole = (value: string | undefined): number => Number.parseInt(value ?? '0', 10) || 0;

/** A settle answer's totals (docs/test-cards.md, Settlement). */
export function settlementOf(response: PaymentResponse): Settlement {
  const saleMinor = response.minorUnits('sale_amount') ?? 0;
  const refundMinor = response.minorUnits('refund_amount') ?? 0;
  return {
    batch: (response.batch ?? '').slice(0, 20),
    count: whole(response.get('trans_count')),
    saleCount: whole(response.get('sale_count')),
    saleMinor,
    refundCount: whole(response.get('refund_count')),
    refundMinor,
    netMinor: saleMinor - refundMinor,
  };
}

/** The totals of a batches-report row (BatchNum, Count, SaleCount, SaleAmount …), read as a settle answer. */
export function settlementOfRow(row: Params): Settlement {
  const pairs: Record<string, string> = {
    batch: row.BatchNum ?? '',
    trans_count: row.Count ?? '0',
    sale_count: row.SaleCount ?? '0',
    sale_amount: row.SaleAmount ?? '0',
    refund_count: row.RefundCount ?? '0',
    refund_amount: row.RefundAmount ?? '0',
  };
  return settlementOf(new PaymentResponse(pairs as Params));
}

/** A line's money put together: a day's totals before the batch's number is known. */
export type DayTotals = Omit<DaySummary, 'batch'>;

/** Adds what one transaction counts (its direction and amount) to a tender and brand's line. */
function add(line: DayLine, counted: Counted): DayLine {
  return counted.direction === 'sale'
    ? { ...line, saleCount: line.saleCount + 1, saleMinor: line.saleMinor + counted.minor }
    : { ...line, refundCount: line.refundCount + 1, refundMinor: line.refundMinor + counted.minor };
}

/**
 * The day's totals of the lane's own transactions, by the one truth (truthOf): what each counts,
 * summed per tender and card brand (lines ordered by tender, then brand) and over all.
 * `movesOf` answers the entries that act on one (its completion, its tip).
 */
export function dayTotals(
  entries: readonly JournalEntry[],
  movesOf: (entryId: string) => readonly JournalEntry[],
): DayTotals {
  const lines = new Map<string, DayLine>();
  for (const entry of entries) {
    const counted = truthOf(entry, movesOf(entry.id)).counted;
    if (counted === undefined) continue;
    const brand = (entry.card?.brand ?? 'OTHER').slice(0, 20);
    const key = `${entry.tender ?? '~'}|${brand}`;
    const empty: DayLine = {
      ...(entry.tender === undefined ? {} : { tender: entry.tender }),
      brand,
      saleCount: 0,
      saleMinor: 0,
      refundCount: 0,
      refundMinor: 0,
    };
    lines.set(key, add(lines.get(key) ?? empty, counted));
  }
  const ordered = [...lines.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, l]) => l);
  const sum = (pick: (line: DayLine) => number): number =>
    ordered.reduce((total, line) => total + pick(line), 0);
  const saleMinor = sum((line) => line.saleMinor);
  const refundMinor = sum((line) => line.refundMinor);
  const saleCount = sum((line) => line.saleCount);
  const refundCount = sum((line) => line.refundCount);
  return {
    count: saleCount + refundCount,
    saleCount,
    saleMinor,
    refundCount,
    refundMinor,
    netMinor: saleMinor - refundMinor,
    lines: ordered,
  };
}

/**
 * The day's summary before it closes (docs/lane.md, Open and close the day): the open batch's
 * totals as the service reports them (its batches-report row), and the lane's own transactions by
 * tender and brand (dayTotals). What the batch holds beyond them — another lane's, or anything the
 * lane's journal does not know as the service does — is one more line without a tender (brand
 * OTHER), so the lines always add up to the batch.
 */
export function daySummary(batchRow: Params, lane: DayTotals): DaySummary {
  const totals = settlementOfRow(batchRow);
  const rest: DayLine = {
    brand: 'OTHER',
    saleCount: Math.max(0, totals.saleCount - lane.saleCount),
    saleMinor: Math.max(0, totals.saleMinor - lane.saleMinor),
    refundCount: Math.max(0, totals.refundCount - lane.refundCount),
    refundMinor: Math.max(0, totals.refundMinor - lane.refundMinor),
  };
  const differs = rest.saleCount + rest.saleMinor + rest.refundCount + rest.refundMinor > 0;
  return { ...totals, lines: differs ? [...lane.lines, rest] : lane.lines };
}
