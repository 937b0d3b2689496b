import type { ReceiptCopy, ReceiptState } from '../lane-api/index.ts';
import { receiptLanguage } from './lane-receipts.ts';
import { PaymentResponse } from '../payment/index.ts';
import { printProblem } from './device-problems.ts';
import type { ReceiptStanding } from '../receipt/index.ts';
import { truthOf } from './journal/entry-truth.ts';
import { approvedOf } from './journal/entry-standing.ts';
import type { JournalEntry } from './journal/journal-types.ts';
import type { JournalStore } from './journal/journal-store.ts';
import type { LaneContext, ReceiptRequest, RenderedReceipt } from './lane-context.ts';

/**
 * Where an entry stands now as its receipt states it: the one truth (truthOf) over the journal,
 * undefined while it is being checked (it has no receipt yet).
 */
export function receiptStanding(
  journal: JournalStore,
  entry: JournalEntry,
): ReceiptStanding | undefined {
  const status = truthOf(journal.get(entry.id) ?? entry, journal.movesOf(entry.id)).status;
  return status === 'checking' ? undefined : status;
}

/**
 * What a receipt of an entry is built with, printed or previewed (one document for both): its
 * copy's language, the notes, its standing, its chip's final decision, OFFLINE while not yet
 * forwarded, and a tip adjust's sale approval.
 */
export function receiptRequest(
  ctx: Pick<LaneContext, 'journal' | 'settings'>,
  entry: JournalEntry,
  copy: ReceiptCopy,
  duplicate: boolean,
): ReceiptRequest {
  const settings = ctx.settings();
  const standing = receiptStanding(ctx.journal, entry);
  const sale = entry.operation === 'adjust' ? ctx.journal.get(entry.parentId ?? '') : undefined;
  return {
    copy,
    duplicate,
    training: entry.training,
    notes: settings.receiptNotes,
    language: receiptLanguage(settings, copy),
    ...(entry.chip === undefined ? {} : { chip: entry.chip }),
    ...(standing === undefined ? {} : { standing }),
    ...(entry.offline === 'waiting' || entry.offline === 'forwarding' ? { offline: true } : {}),
    ...(sale === undefined ? {} : { tippedMinor: approvedOf(sale) }),
  };
}

/**
 * Receipts of a workflow (main/receipt through the lane context): rendered from the journaled
 * answer or, for a reprint, from the transaction detail; printed unless there is no printer or the
 * cashier went on without; previewed on the event stream either way, after the printer has its job.
 */
export class ReceiptPrinting {
  readonly #ctx: LaneContext;

  constructor(ctx: LaneContext) {
    this.#ctx = ctx;
  }

  /** The receipt of an entry (with its chip's final decision, when completed); answers where it is. */
  receipt(
    entry: JournalEntry,
    copy: ReceiptCopy,
    duplicate: boolean,
    withoutPrinter: boolean,
  ): Promise<ReceiptState> {
    const rendered = this.#ctx.receipts.render(
      entry,
      receiptRequest(this.#ctx, entry, copy, duplicate),
    );
    return this.#print(rendered, entry, copy, duplicate, withoutPrinter);
  }

  /** A duplicate of an entry rebuilt from its transaction detail (masked first). */
  reprint(
    detail: PaymentResponse,
    entry: JournalEntry,
    copy: ReceiptCopy,
    withoutPrinter: boolean,
  ): Promise<ReceiptState> {
    const masked = new PaymentResponse(detail.masked());
    const rendered = this.#ctx.receipts.reprint(
      masked,
      entry,
      receiptRequest(this.#ctx, entry, copy, true),
    );
    return this.#print(rendered, entry, copy, true, withoutPrinter);
  }

  async #print(
    rendered: RenderedReceipt,
    entry: JournalEntry,
    copy: ReceiptCopy,
    duplicate: boolean,
    withoutPrinter: boolean,
  ): Promise<ReceiptState> {
    const ctx = this.#ctx;
    const receiptId = `${entry.id}-${copy}${duplicate ? `-${ctx.now()}` : ''}`;
    const emit = (printed: 'printed' | 'not_printed' | 'preview'): void =>
      ctx.emitReceipt({
        id: receiptId,
        entryId: entry.id,
        copy,
        duplicate,
        training: ctx.training,
        at: ctx.now(),
        ...rendered.preview(),
        printed,
      });
    if (!ctx.devices.has('printer') || withoutPrinter) {
      emit('preview');
      return { receiptId, state: 'none' };
    }
    try {
      await ctx.devices.print(rendered.escpos);
      emit('printed');
      return { receiptId, state: 'printed' };
    } catch (error) {
      emit('not_printed');
      return { receiptId, state: 'not_printed', problem: printProblem(error) };
    }
  }
}
