import type { ReceiptLanguage } from '../../protocol/index.ts';

/** Which copy of a receipt: the cardholder's, or the one the merchant keeps (signature). */
export type ReceiptCopy = 'customer' | 'merchant';

/** A labelled value on a receipt, e.g. { label: 'AUTH CODE', value: '123456' }. */
export interface ReceiptField {
  label: string;
  value: string;
  /** Printed in bold (the total). */
  strong?: boolean;
}

/** A line of the service's formatted receipt: text, or a field of its structured form. */
export type ServiceLine = string | ReceiptField;

/** The result as the receipt states it. */
export interface ReceiptOutcome {
  /** True for AUTH (the service and processor approved). */
  approved: boolean;
  /** True when less than the amount asked was approved (authamount below the amount). */
  partial: boolean;
  /** "APPROVED", "PARTIALLY APPROVED" or "DECLINED". */
  text: string;
  /** Why a decline was declined: its reason in words (the merchant's English copy: the service's text). */
  detail?: string;
}

/**
 * One receipt copy, the single source of every rendering (docs/lane-devices.md, Receipts): the
 * ESC/POS bytes for the printer and the SVG/HTML preview are both laid out from it, so what the
 * cashier sees is what prints. Built from a transaction answer's rcpt_* fields (or a
 * transaction detail for a reprint), the merchant header from configuration, and the service's
 * formatted receipt when the answer carries one. Every text in it is free of card numbers: the
 * account shows its last four digits only, and anything else that looks like a PAN is masked.
 */
export interface ReceiptDocument {
  copy: ReceiptCopy;
  /** The language of its words (titles, labels, marks). */
  language: ReceiptLanguage;
  /** A reprint or a copy asked with rcpt_duplicate: marked DUPLICATE. */
  duplicate: boolean;
  /** Training mode: marked TRAINING top and bottom. */
  training: boolean;
  /** Approved by the lane offline, not yet sent (docs/lane.md › Offline): marked OFFLINE. */
  offline?: boolean;
  /** Merchant header from configuration: the name first, then address and phone lines. */
  merchant: string[];
  /** What was done, e.g. "SALE", "REFUND", "GIFT CARD ACTIVATION". */
  title: string;
  /** The service's timestamp of the transaction, as it sent it. */
  time?: string;
  outcome: ReceiptOutcome;
  /** Money lines, two decimals with the merchant's currency symbol: AMOUNT, TIP, TOTAL, BALANCE. */
  amounts: ReceiptField[];
  /** Card lines: CARD (brand), ACCOUNT (masked), ENTRY (chip, tap, swipe …), ACCOUNT TYPE, NAME. */
  card: ReceiptField[];
  /** EMV lines from rcpt_emv_*: AID, APP NAME, TVR, TSI, AC type and cryptogram, CVM, IAD. */
  emv: ReceiptField[];
  /** Reference lines: AUTH CODE, TTID, ORDER, RESPONSE codes, LANE, CLERK. */
  references: ReceiptField[];
  /** Notes for the receipt (rcpt_user_notes), one per line. */
  notes: string[];
  /**
   * The service's formatted receipt of this copy, one entry per line (text, or a field of its
   * structured form); when present it is printed in place of the outcome, amount, card, EMV and
   * reference lines (the service is the authority for its own layout), still under the merchant
   * header and with the marks and notes.
   */
  service: ServiceLine[];
  /** Print a signature line (merchant copy of an approval without PIN). */
  signature: boolean;
  /** Data of a CODE128 barcode (the ttid), scanned to find the sale for a refund. */
  barcode?: string;
}
