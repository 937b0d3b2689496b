import { RECEIPT_PARTS, type ReceiptPart } from '../engine/index.ts';

/** What each part of a formatted receipt holds (docs/api.md, Receipts). */
const PART_TEXT: Readonly<Record<ReceiptPart, string>> = {
  merch_info: 'heading: merchant name, address and phone, title, time',
  reference: 'card, account (masked), entry, ttid, authorization code, batch, order, chip data',
  money: 'amounts: total, or requested/approved/balance due; gift card balance',
  disposition: 'APPROVED, PARTIALLY APPROVED or DECLINED and why; states reached since',
  notice: 'signature line and agreement, notes, copy mark, DUPLICATE',
};

/**
 * The formatted receipt fields of an answer to a request with rcpt (rcpt_cust_* always,
 * rcpt_merch_* unless rcpt_merch_copy=no), described in the OpenAPI answer schemas.
 */
export const RECEIPT_ANSWER_FIELDS: Readonly<Record<string, string>> = Object.fromEntries(
  (['cust', 'merch'] as const).flatMap((copy) =>
    RECEIPT_PARTS.map((part) => [
      `rcpt_${copy}_${part}`,
      `${copy === 'cust' ? 'customer' : 'merchant'} copy, ${PART_TEXT[part]}; ` +
        'in the form rcpt sets: text lines (LF), HTML, or a JSON array of lines',
    ]),
  ),
);
