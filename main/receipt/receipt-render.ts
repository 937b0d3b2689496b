import { createHash } from 'node:crypto';
import { type BaseCommand, commands, transform } from 'receiptline';
import { assertCardSafe } from './card-safe-text.ts';
import type { ReceiptDocument } from './receipt-document.ts';
import { receiptMarkdown } from './receipt-markdown.ts';

/**
 * Printer code pages a receipt can print in: those of drivers/printer that receiptline encodes
 * (cp850 has none; a printer with cp858 prints the same letters and €).
 */
export const RECEIPT_CODE_PAGES = ['cp437', 'cp852', 'cp858', 'cp866', 'wpc1252'] as const;
/** One of RECEIPT_CODE_PAGES. */
export type ReceiptCodePage = (typeof RECEIPT_CODE_PAGES)[number];

/** What a receipt is laid out for: the printer's characters per line (font A) and code page. */
export interface ReceiptTarget {
  /** 42 on an 80 mm roll of 512 dots, 48 on 576 dots, 32 on 58 mm. */
  columns: number;
  codePage: ReceiptCodePage;
}

/** receiptline's encoding of each code page (its ESC t numbers are Epson's, as drivers/printer's). */
const ENCODING = {
  cp437: 'cp437',
  cp852: 'cp852',
  cp858: 'cp858',
  cp866: 'cp866',
  wpc1252: 'cp1252',
} as const satisfies Record<ReceiptCodePage, string>;

/**
 * receiptline's Epson thermal command set, ending a receipt with its cut only: receiptline's own
 * end adds GS r 1 (transmit paper status) for its tools, while ReceiptPrinterDriver polls DLE EOT
 * before and after every job.
 */
const ESC_POS: BaseCommand = {
  ...commands.escpos,
  close(this: BaseCommand): string {
    return this.cut();
  },
};

/** receiptline's SVG asks Google Fonts for Courier Prime; the preview uses the local monospace. */
const WEB_FONT_IMPORT =
  /<style type="text\/css"><!\[CDATA\[@import url\("https:[^"]*"\);\]\]><\/style>/;

/** One copy as ESC/POS bytes for `target`, ending with a partial cut. */
function escPosCopy(document: ReceiptDocument, target: ReceiptTarget): Buffer {
  assertCardSafe(document);
  const printer = { cpl: target.columns, encoding: ENCODING[target.codePage], cutting: true };
  return Buffer.from(
    transform(receiptMarkdown(document, target.columns), { ...printer, command: ESC_POS }),
    'latin1',
  );
}

/**
 * The copies as one ESC/POS job for ReceiptPrinterDriver.print (drivers/printer): each copy
 * starts with ESC @ and its code page (ESC t) and ends with a feed and a partial cut (GS V 66 0).
 * CARD_DATA when a document holds a full card number.
 */
export function renderEscPos(documents: readonly ReceiptDocument[], target: ReceiptTarget): Buffer {
  return Buffer.concat(documents.map((document) => escPosCopy(document, target)));
}

/**
 * One copy as an SVG document for the on-screen preview, laid out by the same markdown as the
 * printer's bytes, with the local monospace font and an element id derived from its content.
 */
export function renderSvg(document: ReceiptDocument, target: ReceiptTarget): string {
  assertCardSafe(document);
  const markdown = receiptMarkdown(document, target.columns);
  const id = createHash('sha256').update(markdown).digest('hex').slice(0, 16);
  return transform(markdown, { cpl: target.columns, encoding: ENCODING[target.codePage] })
    .replace(WEB_FONT_IMPORT, '')
    .replace(/receipt-[0-9a-f-]{36}/g, `receipt-${id}`);
}

/**
 * One copy as plain text, one printed line per line, `target.columns` wide (double-width text
 * spaced out), trailing spaces trimmed: for screen readers, e-mail and tests.
 */
export function renderText(document: ReceiptDocument, target: ReceiptTarget): string {
  assertCardSafe(document);
  const text = transform(receiptMarkdown(document, target.columns), {
    cpl: target.columns,
    encoding: ENCODING[target.codePage],
    command: 'text',
  });
  return text.replace(/[ \t]+$/gm, '');
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/**
 * One copy as an HTML fragment: the SVG preview, labelled for assistive technology with the
 * plain text (which a screen reader reads in place of the drawing).
 */
export function renderHtml(document: ReceiptDocument, target: ReceiptTarget): string {
  const text = renderText(document, target).replace(
    /[&<>"]/g,
    (char) => HTML_ESCAPES[char] ?? char,
  );
  return (
    `<figure class="receipt" data-copy="${document.copy}">` +
    `<div aria-hidden="true">${renderSvg(document, target)}</div>` +
    `<figcaption><pre class="receipt-text">${text}</pre></figcaption></figure>`
  );
}
