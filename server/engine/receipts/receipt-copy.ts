import { RECEIPT_WORDS } from '../../../protocol/index.ts';
import { maskCardNumbers } from '../../../drivers/crypto/index.ts';

/**
 * The parts of a formatted receipt, in print order (Monetra's paymentframe examples: the answer's
 * rcpt_cust_merch_info, _reference, _money, _disposition and _notice).
 */
export const RECEIPT_PARTS = ['merch_info', 'reference', 'money', 'disposition', 'notice'] as const;

/** One part of a formatted receipt. */
export type ReceiptPart = (typeof RECEIPT_PARTS)[number];

/** Which copy: the cardholder's (answer keys rcpt_cust_*) or the merchant's (rcpt_merch_*). */
export type ReceiptCopyKind = 'customer' | 'merchant';

/** A label and its value on one line, e.g. TOTAL and $12.34. */
export interface ReceiptField {
  label: string;
  value: string;
  /** The line that matters most (the total, the outcome). */
  strong?: boolean;
}

/**
 * One line of a receipt part: a field, free text (centred or not), or the line the cardholder
 * signs on.
 */
export type ReceiptLine =
  ReceiptField | { text: string; center?: boolean; strong?: boolean } | { signature: true };

/** One copy: its lines, part by part. */
export type ReceiptCopy = Record<ReceiptPart, ReceiptLine[]>;

/** What a receipt states, gathered from the answer and the transaction (receipt-facts.ts). */
export interface ReceiptFacts {
  /** The merchant's name, then its address and contact lines. */
  merchant: string[];
  /** What was done: SALE, REFUND, GIFT CARD ACTIVATION … */
  title: string;
  /** The time of the transaction as the answer gives it. */
  time?: string;
  /** APPROVED, PARTIALLY APPROVED or DECLINED, and why when declined. */
  outcome: { approved: boolean; text: string; detail?: string };
  /** States the transaction reached since (a reprint): VOIDED, REVERSED, REFUNDED … */
  status: string[];
  amounts: ReceiptField[];
  /** Card type, masked account, entry mode, cardholder name. */
  card: ReceiptField[];
  /** ttid, authorization code, batch, order, lane, clerk. */
  references: ReceiptField[];
  /** The chip's receipt fields (rcpt_emv_*). */
  emv: ReceiptField[];
  /** rcpt_user_notes, one per line. */
  notes: string[];
  /** rcpt_duplicate=yes: both copies say DUPLICATE. */
  duplicate: boolean;
  /** The merchant copy carries a signature line (an approval charging a card without a PIN). */
  signature: boolean;
}

/** The words of the service's formatted copies: the receipt vocabulary's English. */
const WORDS = RECEIPT_WORDS.en;

const COPY_MARKS: Readonly<Record<ReceiptCopyKind, string>> = {
  customer: WORDS.customerCopy,
  merchant: WORDS.merchantCopy,
};

/**
 * Control characters (Unicode Cc), built once: tsx writes a \p{…} pattern as a new RegExp where it
 * stands, which inside a function is one per call.
 */
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/**
 * Text fit for a receipt line: control characters become spaces and every card number is masked
 * to its last four digits (drivers/crypto maskCardNumbers; PCI DSS 3.4), whatever the source.
 */
export function cardSafeText(text: string): string {
  return maskCardNumbers(text.replace(CONTROL_CHARACTERS, ' ').trim());
}

function safeLine(line: ReceiptLine): ReceiptLine {
  if ('signature' in line) return line;
  if ('text' in line) return { ...line, text: cardSafeText(line.text) };
  return { ...line, label: cardSafeText(line.label), value: cardSafeText(line.value) };
}

const centred = (text: string, strong = false): ReceiptLine => ({
  text,
  center: true,
  ...(strong && { strong }),
});

/**
 * One copy of a receipt (docs/api.md, Receipts): merch_info the heading (merchant header, title,
 * time); reference the card, references and chip fields; money the amounts; disposition the outcome, why
 * a decline was declined and the states reached since; notice the signature line and agreement
 * (merchant copy, when it needs one), the notes, the copy mark and DUPLICATE. Every text is card-safe.
 */
export function receiptCopy(facts: ReceiptFacts, kind: ReceiptCopyKind): ReceiptCopy {
  const { outcome } = facts;
  const signature: ReceiptLine[] =
    kind === 'merchant' && facts.signature
      ? [{ text: '' }, { signature: true }, centred(WORDS.signature), centred(WORDS.agreement)]
      : [];
  const copy: ReceiptCopy = {
    merch_info: [
      ...facts.merchant.map((line, i) => centred(line, i === 0)),
      centred(facts.title, true),
      ...(facts.time === undefined ? [] : [centred(facts.time)]),
    ],
    reference: [...facts.card, ...facts.references, ...facts.emv],
    money: facts.amounts,
    disposition: [
      centred(outcome.text, true),
      ...(outcome.detail === undefined ? [] : [centred(outcome.detail)]),
      ...facts.status.map((state) => ({ label: WORDS.status, value: state })),
    ],
    notice: [
      ...signature,
      ...facts.notes.map((note) => centred(note)),
      centred(COPY_MARKS[kind], true),
      ...(facts.duplicate ? [centred(`*** ${WORDS.duplicate} ***`, true)] : []),
    ],
  };
  for (const part of RECEIPT_PARTS) copy[part] = copy[part].map(safeLine);
  return copy;
}
