import { formatAmount } from '../../protocol/index.ts';
import type { PaymentResponse } from '../payment/index.ts';
import type { ReceiptContext } from './receipt-context.ts';
import type { ReceiptField, ReceiptOutcome } from './receipt-document.ts';
import type { ReceiptWords } from '../../protocol/index.ts';

/** Currency symbols printed before amounts; other currencies print their ISO letters. */
const SYMBOLS: Readonly<Record<string, string>> = {
  USD: '$',
  CAD: '$',
  MXN: '$',
  EUR: '€',
  GBP: '£',
};

function money(minor: number, currency: string): string {
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  return `${symbol}${formatAmount(minor)}`;
}

/**
 * A receipt's amount lines (docs/lane-devices.md, Receipts, amounts): the amount, tip and cash
 * back and their total; a partial approval shows requested, approved and the balance due.
 */
export function amountsOf(
  answer: PaymentResponse,
  context: ReceiptContext,
  outcome: ReceiptOutcome,
  words: ReceiptWords,
): ReceiptField[] {
  const currency = context.merchant.currency ?? 'USD';
  const line = (label: string, minor: number | undefined, strong = false): ReceiptField[] =>
    minor === undefined
      ? []
      : [{ label, value: money(minor, currency), ...(strong ? { strong } : {}) }];
  const asked = context.amountMinor;
  const authorized = answer.authAmount;
  const balance = line(words.balance, answer.balance);
  if (outcome.partial && asked !== undefined && authorized !== undefined) {
    return [
      ...line(words.requested, asked),
      ...line(words.approvedAmount, authorized, true),
      ...line(words.balanceDue, asked - authorized),
      ...balance,
    ];
  }
  const extras = [
    ...line(words.tip, context.tipMinor),
    ...line(words.cashback, context.cashbackMinor),
  ];
  const total = (asked ?? 0) + (context.tipMinor ?? 0) + (context.cashbackMinor ?? 0);
  if (asked === undefined) return [...line(words.approvedAmount, authorized, true), ...balance];
  if (!outcome.approved) return [...line(words.amount, asked), ...balance];
  if (extras.length === 0) return [...line(words.total, asked, true), ...balance];
  return [...line(words.amount, asked), ...extras, ...line(words.total, total, true), ...balance];
}
