import type { PaymentResponse } from '../payment/index.ts';
import { cardSafe } from './card-safe-text.ts';
import type { ReceiptCopy, ReceiptField, ServiceLine } from './receipt-document.ts';

/**
 * The parts of the service's formatted receipt the lane prints, in print order (payment-server-
 * facts A7: a receipt asked with rcpt comes back as rcpt_cust_merch_info, _reference, _money,
 * _disposition and _notice; docs/api.md, Receipts); parts with other names follow in name order.
 * merch_info and notice are left out: the lane prints its configured header, and its own notes,
 * signature line and copy marks.
 */
const PART_ORDER = ['reference', 'money', 'disposition'];
const LEFT_OUT: ReadonlySet<string> = new Set(['merch_info', 'notice']);

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

/**
 * Lines of a part: of HTML (line breaks, blocks and table rows end lines, the last one's end
 * making no line of its own; tags dropped, entities read) or of text.
 */
function textLines(value: string, html: boolean): string[] {
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
  const lines = text.split(/\r?\n/).map(cardSafe);
  if (html && lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * Lines of a part in the structured form (rcpt=type=json): an array of {text}, {label, value,
 * strong?} or {signature} objects; fields stay fields, so the lane lays them out at its own
 * paper width; the signature line is the lane's own. Undefined when the value is not that form.
 */
function jsonLines(value: string): ServiceLine[] | undefined {
  if (!value.trimStart().startsWith('[')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const lines: ServiceLine[] = [];
  for (const line of parsed as unknown[]) {
    if (typeof line !== 'object' || line === null) return undefined;
    const { text, label, value: shown, strong } = line as Record<string, unknown>;
    if (typeof label === 'string' && typeof shown === 'string') {
      const field: ReceiptField = { label: cardSafe(label).trim(), value: cardSafe(shown).trim() };
      lines.push(strong === true ? { ...field, strong: true } : field);
    } else if (typeof text === 'string') lines.push(cardSafe(text).trim());
    else if (!('signature' in line)) return undefined;
  }
  return lines;
}

/**
 * The service's formatted receipt of `copy` in an answer, one entry per printed line, card
 * numbers masked: rcpt_cust_* for the customer, rcpt_merch_* for the merchant (the customer's
 * parts when the answer has no merchant parts); text and HTML parts give text lines, JSON parts
 * text lines and fields; [] when the answer carries none.
 */
export function serviceReceiptLines(answer: PaymentResponse, copy: ReceiptCopy): ServiceLine[] {
  const parts = (prefix: string): [string, string][] =>
    Object.entries(answer.pairs)
      .filter(([key, value]) => key.startsWith(prefix) && value.trim() !== '')
      .map(([key, value]): [string, string] => [key.slice(prefix.length), value])
      .filter(([name]) => !LEFT_OUT.has(name));
  const merchant = copy === 'merchant' ? parts('rcpt_merch_') : [];
  const chosen = merchant.length > 0 ? merchant : parts('rcpt_cust_');
  const rank = (name: string): number => {
    const at = PART_ORDER.indexOf(name);
    return at < 0 ? PART_ORDER.length : at;
  };
  chosen.sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const html = chosen.some(([, value]) => TAG.test(value));
  const lines = chosen.flatMap(([, value]) => jsonLines(value) ?? textLines(value, html));
  while (lines.at(-1) === '') lines.pop();
  return lines;
}
