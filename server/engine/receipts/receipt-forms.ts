import type { ReceiptSettings } from '../../../protocol/index.ts';
import {
  RECEIPT_PARTS,
  type ReceiptCopy,
  type ReceiptCopyKind,
  type ReceiptLine,
} from './receipt-copy.ts';

/** Underscores of the signature line in the HTML and JSON forms, which have no line width. */
const SIGNATURE_WIDTH = 32;

/**
 * `text` split at runs of spaces, as `text.split(/ +/)` splits it (an empty first or last word
 * where it starts or ends with one) without the new RegExp such a split builds per call.
 */
function words(text: string): string[] {
  const parts = text.split(' ');
  return parts.filter((part, i) => part !== '' || i === 0 || i === parts.length - 1);
}

/** `text` in lines of at most `width` characters, broken at spaces (a longer word is cut). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of words(text)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width) {
      lines[lines.length - 1] = `${last} ${word}`;
      continue;
    }
    for (let at = 0; at < Math.max(word.length, 1); at += width)
      lines.push(word.slice(at, at + width));
  }
  return lines;
}

/** One line in the text form: fields label left and value right, text wrapped and maybe centred. */
function textLines(line: ReceiptLine, width: number): string[] {
  if ('signature' in line) return [`X${'_'.repeat(width - 1)}`];
  if ('text' in line) {
    return wrap(line.text, width).map((part) =>
      line.center === true ? `${' '.repeat(Math.floor((width - part.length) / 2))}${part}` : part,
    );
  }
  const gap = width - line.label.length - line.value.length;
  if (gap >= 1) return [`${line.label}${' '.repeat(gap)}${line.value}`];
  return [line.label, ...wrap(line.value, width).map((part) => part.padStart(width))];
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** One line in the HTML form: a div, its text escaped, the strong parts in b. */
function htmlLine(line: ReceiptLine): string {
  if ('signature' in line)
    return `<div class="rcpt-signature">X${'_'.repeat(SIGNATURE_WIDTH)}</div>`;
  const bold = (text: string): string => (line.strong === true ? `<b>${text}</b>` : text);
  if ('text' in line) {
    const style = line.center === true ? ' style="text-align:center"' : '';
    return `<div${style}>${bold(escapeHtml(line.text))}</div>`;
  }
  const label = `<span class="rcpt-label">${bold(escapeHtml(line.label))}</span>`;
  return `<div>${label} <span class="rcpt-value">${bold(escapeHtml(line.value))}</span></div>`;
}

/** One part in the form the settings ask for. */
function formatPart(lines: readonly ReceiptLine[], settings: ReceiptSettings): string {
  switch (settings.type) {
    case 'json':
      return JSON.stringify(lines);
    case 'html':
      return lines.map(htmlLine).join('');
    case 'text':
      return lines.flatMap((line) => textLines(line, settings.width)).join('\n');
  }
}

/**
 * The answer pairs of one copy (docs/api.md, Receipts): rcpt_cust_<part> for the customer's,
 * rcpt_merch_<part> for the merchant's, each part that has lines, in the form rcpt asked: text
 * (lines of `width` characters joined by LF), html (a div per line), or json (an array of line
 * objects: {text, center?, strong?}, {label, value, strong?} or {signature: true}).
 */
export function receiptPairs(
  copy: ReceiptCopy,
  kind: ReceiptCopyKind,
  settings: ReceiptSettings,
): Record<string, string> {
  const prefix = kind === 'customer' ? 'rcpt_cust_' : 'rcpt_merch_';
  const pairs: Record<string, string> = {};
  for (const part of RECEIPT_PARTS) {
    if (copy[part].length > 0) pairs[`${prefix}${part}`] = formatPart(copy[part], settings);
  }
  return pairs;
}

/** A whole copy as plain text of `width` columns, parts separated by a blank line (e-mail). */
export function plainTextCopy(copy: ReceiptCopy, width: number): string {
  const parts: string[] = [];
  for (const part of RECEIPT_PARTS) {
    if (copy[part].length === 0) continue;
    const lines: string[] = [];
    for (const line of copy[part]) for (const text of textLines(line, width)) lines.push(text);
    parts.push(lines.join('\n'));
  }
  return parts.join('\n\n');
}
