import { emptyParams, isOperationName } from '../../protocol/index.ts';
import { PaymentResponse } from '../payment/index.ts';
import { buildReceipts } from './receipt-builder.ts';
import type { ReceiptContext } from './receipt-context.ts';
import type { ReceiptDocument } from './receipt-document.ts';
import { ReceiptError } from './receipt-error.ts';
import { RECEIPT_WORDS } from '../../protocol/index.ts';

/** txnstatus members a reprint shows, since the sale's state changed after its receipt. */
const LATER_STATES = new Set(['VOIDED', 'REVERSED', 'REFUNDED', 'ADJUSTED', 'PARTIALREVERSAL']);

/**
 * A transaction detail read as the transaction's own answer (docs/interface.md › Transaction detail
 * response): orig_code, orig_msoft_code, orig_phard_code and orig_verbiage in place of the
 * lookup's own code and words, so a receipt never prints the lookup's SUCCESS as the outcome.
 */
export function asOriginal(detail: PaymentResponse): PaymentResponse {
  return new PaymentResponse(originalPairs(detail));
}

/** A fresh copy of a detail's pairs with its orig_* result in place of the lookup's (asOriginal). */
function originalPairs(detail: PaymentResponse): Record<string, string> {
  const pairs = emptyParams();
  Object.assign(pairs, detail.pairs);
  for (const key of ['code', 'msoft_code', 'phard_code', 'verbiage']) {
    const value = detail.get(`orig_${key}`);
    if (value === undefined) delete pairs[key];
    else pairs[key] = value;
  }
  return pairs;
}

/** What a reprint needs besides the detail: the receipt context without what the detail says. */
export type ReprintContext = Omit<ReceiptContext, 'operation' | 'amountMinor' | 'duplicate'>;

/**
 * The copies of a past transaction, rebuilt from its transaction detail (docs/interface.md › Transaction detail
 * response, "main use: receipt reprint") and marked DUPLICATE: the detail's action is the title,
 * orig_code and orig_verbiage the outcome, orig_reqamount the amount asked and amount (or
 * authamount) what was approved, unless voided or reversed since (amount is then what is held,
 * 0.00, and the amount asked stands alone), with the rcpt_* fields, account, card type, auth,
 * ttid and order as on the first print; a transaction voided, reversed or refunded since says so
 * in a STATUS line. BAD_INPUT (field action) when the detail names no operation.
 */
export function buildReprint(
  detail: PaymentResponse,
  context: ReprintContext,
  merchantCopy: boolean,
): ReceiptDocument[] {
  const action = detail.get('action');
  if (action === undefined || !isOperationName(action))
    throw new ReceiptError('BAD_INPUT', 'action', 'the transaction detail names no operation');
  const pairs = originalPairs(detail);
  const later = detail.list('txnstatus').filter((state) => LATER_STATES.has(state));
  const released = later.includes('VOIDED') || later.includes('REVERSED');
  if (detail.get('authamount') === undefined && detail.get('amount') !== undefined && !released)
    pairs.authamount = detail.get('amount') ?? '';
  const asked = detail.minorUnits('orig_reqamount');
  const words = RECEIPT_WORDS[context.language ?? 'en'];
  const copies = buildReceipts(
    new PaymentResponse(pairs),
    {
      ...context,
      operation: action,
      duplicate: true,
      ...(asked === undefined ? {} : { amountMinor: asked }),
    },
    merchantCopy,
  );
  if (later.length > 0)
    for (const copy of copies)
      copy.references.push({ label: words.status, value: later.join(' ') });
  return copies;
}
