// What closing the day will settle, shown before the cashier confirms it: the open batch's number
// and totals as the service reports them, and a line per tender and card brand.
import type { Params } from '../../protocol/index.ts';
import type { DayLine, DaySummary, Settlement, Tender } from '../lane-api/index.ts';
import { PaymentResponse } from '../payment/index.ts';
import type { JournalEntry } from './journal/journal-types.ts';

/**
 * Operations whose money goes onto the card, counted as refunds in a batch's totals; every other
 * captured item (sale, completed preauth, gift cashout) counts as a sale (docs/test-cards.md,
 * Reports: totals count by direction).
 */
const TO_CARD: ReadonlySet<string> = new Set(['refund', 'activate', 'issue', 'merchreturn']);

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

/** True for an unsettled-report row the batch's totals count: captured, neither voided nor reversed. */
function counted(row: Params): boolean {
  const flags = (row.tranflags ?? '').split('|');
  const status = (row.txnstatus ?? '').split('|');
  return flags.includes('CAPTURED') && !status.includes('VOIDED') && !status.includes('REVERSED');
}

/**
 * The day's summary (docs/lane.md, Open and close the day): the open batch's totals from its
 * batches-report row, and one line per tender and brand from the batch's rows of the unsettled
 * report, the tender read from the lane's journal by ttid (a transaction another lane made has
 * none). Lines are ordered by tender, then brand.
 */
export function daySummary(
  batchRow: Params,
  rows: readonly Params[],
  journal: readonly JournalEntry[],
): DaySummary {
  const totals = settlementOfRow(batchRow);
  const tenders = new Map<string, Tender>();
  for (const entry of journal)
    if (entry.ttid !== undefined && entry.tender !== undefined)
      tenders.set(entry.ttid, entry.tender);
  const lines = new Map<string, DayLine>();
  for (const row of rows.filter(
    (candidate) => candidate.batch === totals.batch && counted(candidate),
  )) {
    const tender = tenders.get(row.ttid ?? '');
    const brand = (row.cardtype ?? '').slice(0, 20) || 'OTHER';
    const key = `${tender ?? '~'}|${brand}`;
    const line = lines.get(key) ?? {
      ...(tender === undefined ? {} : { tender }),
      brand,
      saleCount: 0,
      saleMinor: 0,
      refundCount: 0,
      refundMinor: 0,
    };
    const minor =
      new PaymentResponse({ amount: row.amount ?? '0' } as Params).minorUnits('amount') ?? 0;
    const toCard = TO_CARD.has(row.action ?? '');
    lines.set(key, {
      ...line,
      saleCount: line.saleCount + (toCard ? 0 : 1),
      saleMinor: line.saleMinor + (toCard ? 0 : minor),
      refundCount: line.refundCount + (toCard ? 1 : 0),
      refundMinor: line.refundMinor + (toCard ? minor : 0),
    });
  }
  const ordered = [...lines.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, line]) => line);
  return { ...totals, lines: ordered };
}
