import type { Alignment, MonoImage } from '../../printer/escpos-encoder.ts';
import type { BarcodeOp, PrintOp, TextStyle } from '../../printer/escpos-interpreter.ts';

/** A run of text in one style within a printed line. */
export interface TextRun {
  text: string;
  style: TextStyle;
}

/** One printed block of a receipt, top to bottom. */
export type ReceiptBlock =
  | { kind: 'line'; align: Alignment; runs: TextRun[] }
  | BarcodeOp
  | { kind: 'qr'; data: string; level: string; moduleSize: number; align: Alignment }
  | { kind: 'image'; image: MonoImage; align: Alignment }
  | { kind: 'cut'; partial: boolean };

/**
 * Groups interpreted ESC/POS operations into printed blocks: text runs up to each line feed form a
 * line (aligned as the line's first run, since ESC a takes effect at the start of a line), feeds
 * add empty lines, and barcodes, QR codes, images and cuts stand on their own.
 */
export function layoutReceipt(ops: readonly PrintOp[]): ReceiptBlock[] {
  const blocks: ReceiptBlock[] = [];
  let runs: TextRun[] = [];
  const endLine = (style: TextStyle | undefined): void => {
    const align = runs[0]?.style.align ?? style?.align ?? 'left';
    blocks.push({ kind: 'line', align, runs });
    runs = [];
  };
  const flush = (): void => {
    if (runs.length > 0) endLine(undefined);
  };
  for (const op of ops) {
    switch (op.kind) {
      case 'text':
        runs.push({ text: op.text, style: op.style });
        break;
      case 'newline':
        endLine(op.style);
        break;
      case 'feed':
        flush();
        for (let i = 0; i < op.lines; i += 1)
          blocks.push({ kind: 'line', align: 'left', runs: [] });
        break;
      case 'barcode':
        flush();
        blocks.push(op);
        break;
      case 'qr':
        flush();
        blocks.push({
          kind: 'qr',
          data: op.data,
          level: op.level,
          moduleSize: op.moduleSize,
          align: op.align,
        });
        break;
      case 'image':
        flush();
        blocks.push({ kind: 'image', image: op.image, align: op.align });
        break;
      case 'cut':
        flush();
        blocks.push({ kind: 'cut', partial: op.partial });
        break;
      default:
        break;
    }
  }
  flush();
  return blocks;
}

/** Pads `text` to `columns` as `align` asks (text longer than the paper is left as it is). */
export function alignText(text: string, columns: number, align: Alignment): string {
  const room = columns - text.length;
  if (room <= 0 || align === 'left') return text;
  const left = align === 'right' ? room : Math.floor(room / 2);
  return ' '.repeat(left) + text;
}

/**
 * The receipt as plain text, `columns` wide (default 42, an 80 mm roll in font A): barcodes,
 * QR codes and images as bracketed captions, cuts as a dashed line.
 */
export function renderReceiptText(ops: readonly PrintOp[], columns = 42): string {
  const lines: string[] = [];
  for (const block of layoutReceipt(ops)) {
    switch (block.kind) {
      case 'line':
        lines.push(
          alignText(block.runs.map((run) => run.text).join(''), columns, block.align).trimEnd(),
        );
        break;
      case 'barcode':
        lines.push(alignText(`[barcode ${block.data}]`, columns, block.align));
        break;
      case 'qr':
        lines.push(alignText(`[QR ${block.data}]`, columns, block.align));
        break;
      case 'image':
        lines.push(
          alignText(`[image ${block.image.width}x${block.image.height}]`, columns, block.align),
        );
        break;
      case 'cut':
        lines.push(
          `${block.partial ? '- ' : '='}`.repeat(block.partial ? columns / 2 : columns).trimEnd(),
        );
        break;
    }
  }
  return `${lines.join('\n')}\n`;
}
