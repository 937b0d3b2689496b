import { maskCardNumbers } from '../../drivers/crypto/index.ts';
import type { ReceiptDocument } from './receipt-document.ts';
import { ReceiptError } from './receipt-error.ts';

/**
 * Text fit for a receipt: control characters become spaces (a receipt line is one line), the end
 * is trimmed (leading spaces may align a preformatted line), and
 * every card number in it is masked to its last four digits (drivers/crypto maskCardNumbers:
 * 13–19 digits passing Luhn, also grouped by spaces or hyphens; PCI DSS 3.4).
 */
export function cardSafe(text: string): string {
  return maskCardNumbers(text.replace(/\p{Cc}/gu, ' ').trimEnd());
}

/**
 * An account number as a receipt shows it: every digit but the last four replaced by X, whatever
 * the service sent (a masked account stays as it is; a full one is masked here).
 */
export function maskedAccount(account: string): string {
  let keep = 4;
  const chars = [...account.trim()];
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    if (!/[0-9]/.test(chars[i] ?? '')) continue;
    if (keep > 0) keep -= 1;
    else chars[i] = 'X';
  }
  return chars.join('');
}

/** Every text of a document, each with the field it stands in. */
function documentTexts(document: ReceiptDocument): [string, string][] {
  const fields = (name: string, list: readonly { label: string; value: string }[]) =>
    list.flatMap((field): [string, string][] => [
      [name, field.label],
      [name, field.value],
    ]);
  return [
    ...document.merchant.map((line): [string, string] => ['merchant', line]),
    ['title', document.title],
    ['time', document.time ?? ''],
    ['outcome', document.outcome.text],
    ['outcome', document.outcome.detail ?? ''],
    ...fields('amounts', document.amounts),
    ...fields('card', document.card),
    ...fields('emv', document.emv),
    ...fields('references', document.references),
    ...document.notes.map((line): [string, string] => ['notes', line]),
    ...document.service.flatMap((line): [string, string][] =>
      typeof line === 'string'
        ? [['service', line]]
        : [
            ['service', line.label],
            ['service', line.value],
          ],
    ),
    ['barcode', document.barcode ?? ''],
  ];
}

/**
 * Refuses a document holding anything that looks like a full card number (CARD_DATA naming the
 * field): every renderer checks this first, so a document made by hand cannot print a PAN.
 */
export function assertCardSafe(document: ReceiptDocument): void {
  for (const [field, text] of documentTexts(document)) {
    if (maskCardNumbers(text) !== text)
      throw new ReceiptError(
        'CARD_DATA',
        field,
        'holds a card number; receipts show the last four digits only',
      );
  }
}
