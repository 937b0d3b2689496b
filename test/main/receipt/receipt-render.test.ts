import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type ReceiptDocument,
  buildReceipt,
  renderEscPos,
  renderHtml,
  renderSvg,
  renderText,
} from '../../../main/receipt/index.ts';
import { chipSaleAnswer, saleContext, trainingSale } from './receipt-answers.ts';

const TARGET = { columns: 42, codePage: 'cp858' } as const;

/** Compares `actual` with the golden file `name`; UPDATE_GOLDEN=1 rewrites the file instead. */
function golden(name: string, actual: string): void {
  const path = new URL(`./golden/${name}`, import.meta.url);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

/** Bytes as hex, 32 bytes a line, for a readable golden file. */
const hexLines = (bytes: Buffer): string =>
  `${(bytes.toString('hex').match(/.{1,64}/g) ?? []).join('\n')}\n`;

/** How often `needle` occurs in `bytes`. */
function count(bytes: Buffer, needle: Buffer): number {
  let found = 0;
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) found += 1;
  return found;
}

/** The columns of each printed line of the SVG, one <g> per line (rules and blank lines left out). */
function svgColumns(svg: string): string[][] {
  const entity = (text: string): string =>
    text
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/\u00a0/g, ' ');
  return [...svg.matchAll(/<g transform="translate\([^)]*\)">((?:<text[^>]*>.*?<\/text>)+)<\/g>/g)]
    .map((line) =>
      [...(line[1] ?? '').matchAll(/<text[^>]*>(.*?)<\/text>/g)].map((text) =>
        entity((text[1] ?? '').replace(/<tspan[^>]*>(.*?)<\/tspan>/g, '$1')).trim(),
      ),
    )
    .filter((columns) => columns.some((column) => column !== ''));
}

/** The columns of each line of the plain text (rules and blank lines left out). */
function textColumns(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^-+$/.test(line))
    .map((line) => line.split(/ {2,}/));
}

describe('receipt rendering: one document, ESC/POS for the printer, SVG and text for the screen', () => {
  it('ESC/POS bytes of a training sale, customer and merchant copies (golden)', () => {
    golden('training-sale.escpos.hex', hexLines(renderEscPos(trainingSale(), TARGET)));
  });

  it('ESC/POS bytes: reset, code page 19 (cp858), € as D5, CODE128 of the ttid in set C, one cut per copy, no GS r', () => {
    const bytes = renderEscPos(trainingSale(), TARGET);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from('1b40', 'hex'));
    expect(count(bytes, Buffer.from('1b40', 'hex'))).toBe(2);
    expect(bytes.includes(Buffer.from('1b7413', 'hex'))).toBe(true);
    const pages = new Set<number | undefined>();
    const escT = Buffer.from('1b74', 'hex');
    for (let at = bytes.indexOf(escT); at >= 0; at = bytes.indexOf(escT, at + 1))
      pages.add(bytes[at + 2]);
    expect(pages).toEqual(new Set([0x13, 0x01]));
    expect(bytes.includes(Buffer.from('\xd512.34', 'latin1'))).toBe(true);
    expect(bytes.includes(Buffer.from('Gr\x81\xe1e aus K\x94ln', 'latin1'))).toBe(true);
    // GS H 2 (HRI below), then GS k 73 with {C and the pairs 96 74 85 96.
    expect(bytes.includes(Buffer.from('1d48021d6b49067b43604a5560', 'hex'))).toBe(true);
    expect(count(bytes, Buffer.from('1d564200', 'hex'))).toBe(2);
    expect(bytes.subarray(-4)).toEqual(Buffer.from('1d564200', 'hex'));
    expect(bytes.includes(Buffer.from('1d7231', 'hex'))).toBe(false);
  });

  it('SVG of the customer copy (golden), deterministic and without outside resources', () => {
    const [customer] = trainingSale();
    const svg = renderSvg(customer as ReceiptDocument, TARGET);
    expect(svg).toBe(renderSvg(customer as ReceiptDocument, TARGET));
    expect(svg.startsWith('<svg width="504px"')).toBe(true);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    golden('training-sale.customer.svg', svg);
  });

  it('the SVG and the plain text show the same lines, column for column', () => {
    for (const document of trainingSale()) {
      expect(svgColumns(renderSvg(document, TARGET))).toEqual(
        textColumns(renderText(document, TARGET)),
      );
    }
  });

  it('plain text of the merchant copy (golden): signature line, marks, notes printed as written', () => {
    const [, merchant] = trainingSale();
    const text = renderText(merchant as ReceiptDocument, TARGET);
    expect(text.split('\n')).toContain('                   =====');
    golden('training-sale.merchant.txt', text);
  });

  it('HTML wraps the SVG with the text for screen readers, escaped', () => {
    const document = buildReceipt(chipSaleAnswer(), saleContext({ notes: ['<b>&"'] }));
    const html = renderHtml(document, TARGET);
    expect(
      html.startsWith('<figure class="receipt" data-copy="customer"><div aria-hidden="true"><svg '),
    ).toBe(true);
    expect(html).toContain('&lt;b&gt;&amp;&quot;');
    expect(html).not.toContain('<b>&"');
  });

  it('lays out for 32 columns (58 mm) and cp437, where € is not printable', () => {
    const [customer] = trainingSale();
    const narrow = { columns: 32, codePage: 'cp437' } as const;
    const lines = renderText(customer as ReceiptDocument, narrow).split('\n');
    expect(Math.max(...lines.map((line) => line.length))).toBe(32);
    const bytes = renderEscPos([customer as ReceiptDocument], narrow);
    expect(bytes.includes(Buffer.from('1b7400', 'hex'))).toBe(true);
    expect(bytes.includes(Buffer.from('?12.34', 'latin1'))).toBe(true);
  });
});
