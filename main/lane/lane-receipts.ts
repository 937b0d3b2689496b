import type { PrinterConfig } from '../devices/index.ts';
import type { EditableSettings, Language, ReceiptCopy } from '../lane-api/index.ts';
import { PaymentResponse } from '../payment/index.ts';
import {
  asOriginal,
  buildReceipt,
  buildReprint,
  renderEscPos,
  renderSvg,
  renderText,
  type MerchantHeader,
  type ReceiptContext,
  type ReceiptDocument,
  type ReceiptTarget,
} from '../receipt/index.ts';
import { declineReason } from './decline-reasons.ts';
import type { JournalEntry } from './journal/journal-types.ts';
import type { ReceiptPort, ReceiptRequest, RenderedReceipt } from './lane-context.ts';

/**
 * The language a receipt copy prints in (docs/lane-devices.md › Receipts): the customer's copy in
 * the customer's language (settings.customerLanguage), the merchant's in the lane's.
 */
export function receiptLanguage(settings: EditableSettings, copy: ReceiptCopy): Language {
  return copy === 'customer' ? settings.customerLanguage : settings.language;
}

export type { MerchantHeader } from '../receipt/index.ts';

/**
 * The service's timestamp text (docs/interface.md › Transaction response: a numeric UTC offset)
 * of `ms` milliseconds since the epoch, e.g. "2026-11-30 01:01:07 +0000".
 */
function serviceTimestamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} +0000`;
}

/**
 * The answer an entry without one is printed from (an offline approval, a sale the service never
 * had): the time the lane took it, its masked card (brand, account to the last four) and order id
 * (docs/lane.md › Offline).
 */
function answerOfEntry(entry: JournalEntry): Record<string, string> {
  const timestamp = serviceTimestamp(entry.createdAt);
  if (entry.card === undefined) return { timestamp };
  return {
    timestamp,
    account: entry.card.maskedAccount,
    ...(entry.card.brand === undefined ? {} : { cardtype: entry.card.brand }),
    ...(entry.orderId === undefined ? {} : { order_id: entry.orderId }),
  };
}

/**
 * Why a declined entry was declined, as the journal holds it and the cashier's screen says it (a
 * decline the lane made has no answer to read it from); else as read from a declined answer.
 */
function reasonOf(entry: JournalEntry, answer: PaymentResponse): { declineReason?: string } {
  if (entry.state === 'declined' && entry.reason !== undefined)
    return { declineReason: entry.reason };
  return answer.code === 'AUTH' ? {} : { declineReason: declineReason(answer) };
}

/** The layout of a lane without a printer: 42 columns, cp858 (an 80 mm roll). */
const PREVIEW_TARGET: ReceiptTarget = { columns: 42, codePage: 'cp858' };

/**
 * The lane's receipts (main/receipt): one document per copy, built from the journaled answer's
 * rcpt_* fields (masked) or, for a reprint, from the transaction detail, with the merchant header
 * and TRAINING marks, then rendered to ESC/POS for the printer and to SVG and text for the screen.
 */
export class LaneReceipts implements ReceiptPort {
  readonly #merchant: MerchantHeader;
  readonly #target: ReceiptTarget;
  readonly #laneId: string;

  constructor(merchant: MerchantHeader, printer: PrinterConfig | undefined, laneId: string) {
    this.#merchant = merchant;
    this.#target =
      printer === undefined
        ? PREVIEW_TARGET
        : { columns: printer.columns, codePage: printer.codePage };
    this.#laneId = laneId;
  }

  render(entry: JournalEntry, request: ReceiptRequest): RenderedReceipt {
    const stored = new PaymentResponse({ ...(entry.answer ?? answerOfEntry(entry)) });
    // An outcome found by a lookup is stored as the detail: it prints by its original result.
    const answer = stored.get('orig_code') === undefined ? stored : asOriginal(stored);
    const document = buildReceipt(answer, this.#context(entry, request, answer), request.copy);
    return this.#rendered(document);
  }

  reprint(detail: PaymentResponse, entry: JournalEntry, request: ReceiptRequest): RenderedReceipt {
    const {
      operation: _operation,
      amountMinor: _amount,
      duplicate: _duplicate,
      ...context
    } = this.#context(entry, request, detail);
    const documents = buildReprint(detail, context, request.copy === 'merchant');
    const document = documents.find((copy) => copy.copy === request.copy) ?? documents[0];
    if (document === undefined) return this.render(entry, request);
    return this.#rendered(document);
  }

  /**
   * What the receipt builder needs beside the answer. An operation sent without an amount
   * (cashout, a denominated activation, a balance inquiry: journaled as 0) prints what the answer
   * approved, never a total of 0. A tip adjust (journaled as its tip) prints its sale's approval,
   * the tip and their total, as a reprint of the tipped sale does. A decline's reason is the one
   * the cashier's screen gives, so the customer's copy prints it in words of its language.
   */
  #context(entry: JournalEntry, request: ReceiptRequest, answer: PaymentResponse): ReceiptContext {
    const amountMinor = request.tippedMinor ?? entry.amountMinor;
    return {
      merchant: this.#merchant,
      operation: entry.operation,
      training: request.training,
      ...(amountMinor > 0 ? { amountMinor } : {}),
      ...(entry.tipMinor === undefined ? {} : { tipMinor: entry.tipMinor }),
      notes: request.notes === '' ? [] : request.notes.split(/\r?\n/),
      laneId: this.#laneId,
      pinVerified: entry.tender === 'debit',
      duplicate: request.duplicate,
      language: request.language,
      ...(request.chip === undefined ? {} : { chip: request.chip }),
      ...(entry.card?.entry === 'fallback_swipe' ? { fallbackSwipe: true } : {}),
      ...(request.standing === undefined ? {} : { standing: request.standing }),
      ...(request.offline === true ? { offline: true } : {}),
      ...(entry.offlineOverride === undefined ? {} : { offlineOverride: entry.offlineOverride }),
      ...reasonOf(entry, answer),
    };
  }

  #rendered(document: ReceiptDocument): RenderedReceipt {
    const target = this.#target;
    return {
      escpos: renderEscPos([document], target),
      preview: () => ({ text: renderText(document, target), svg: renderSvg(document, target) }),
    };
  }
}
