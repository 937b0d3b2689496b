import type { PaymentResponse } from '../payment/index.ts';
import { cardSafe } from './card-safe-text.ts';
import type { ReceiptCopy } from './receipt-document.ts';

/**
 * The parts of the service's formatted receipt, in print order (payment-server-facts A7: a
 * receipt asked with rcpt=type=html comes back as rcpt_cust_merch_info, _reference, _money,
 * _disposition and _notice); parts with other names follow in name order.
 */
const PART_ORDER = ['merch_info', 'reference', 'money', 'disposition', 'notice'];

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** A markup tag: when a part holds one, the receipt is HTML (rcpt=type=html). */
const TAG = /<[a-z/][^>]*>/i;

/** Lines of a part: of HTML (line breaks, blocks and table rows end lines; tags dropped, entities read) or of text. */
function partLines(value: string, html: boolean): string[] {
  const text = html
    ? value
        .replace(/<br\s*\/?>|<\/(p|div|tr|li|h[1-6])>/gi, '\n')
        .replace(/<[^>]*>/g, '')
        .replace(/&(#[0-9]{1,6}|[a-z]+);/gi, (entity: string, name: string) =>
          name.startsWith('#')
            ? String.fromCodePoint(Number(name.slice(1)))
            : (ENTITIES[name.toLowerCase()] ?? entity),
        )
    : value;
  return text.split(/\r?\n/).map(cardSafe);
}

/**
 * The service's formatted receipt of `copy` in an answer, one entry per printed line, card
 * numbers masked: rcpt_cust_* for the customer, rcpt_merch_* for the merchant (the customer's
 * parts when the answer has no merchant parts); [] when the answer carries none.
 */
export function serviceReceiptLines(answer: PaymentResponse, copy: ReceiptCopy): string[] {
  const parts = (prefix: string): [string, string][] =>
    Object.entries(answer.pairs)
      .filter(([key, value]) => key.startsWith(prefix) && value.trim() !== '')
      .map(([key, value]): [string, string] => [key.slice(prefix.length), value]);
  const merchant = copy === 'merchant' ? parts('rcpt_merch_') : [];
  const chosen = merchant.length > 0 ? merchant : parts('rcpt_cust_');
  const rank = (name: string): number => {
    const at = PART_ORDER.indexOf(name);
    return at < 0 ? PART_ORDER.length : at;
  };
  chosen.sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const html = chosen.some(([, value]) => TAG.test(value));
  const lines = chosen.flatMap(([, value]) => partLines(value, html));
  while (lines.at(-1) === '') lines.pop();
  return lines;
}
