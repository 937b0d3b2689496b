import type { Alignment, MonoImage } from '../../printer/escpos-encoder.ts';
import type { BarcodeOp, PrintOp, TextStyle } from '../../printer/escpos-interpreter.ts';
import { FONT_A_DOTS } from '../../printer/escpos-ops.ts';
import { parseEscPosCode128 } from './escpos-code128.ts';

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

/** Spaces that move a line's text on to `x` dots (ESC $ / ESC \), in font A columns. */
function moveTo(runs: TextRun[], x: number): void {
  const column = runs.reduce((sum, run) => sum + run.text.length * run.style.width, 0);
  const target = Math.round(x / FONT_A_DOTS);
  if (target <= column) return;
  const style = runs.at(-1)?.style;
  runs.push({
    text: ' '.repeat(target - column),
    style: { align: style?.align ?? 'left', bold: false, underline: 0, width: 1, height: 1 },
  });
}

/**
 * Groups interpreted ESC/POS operations into printed blocks: text runs up to each line feed form a
 * line (aligned as the line's first run, since ESC a takes effect at the start of a line; a print
 * position moves the text on with spaces), feeds add empty lines, and barcodes, QR codes, images
 * and cuts stand on their own.
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
      case 'position':
        moveTo(runs, op.x);
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

/** What a barcode reads as: CODE128 code set C pairs as digits, shifts and functions left out. */
export function barcodeText(op: BarcodeOp): string {
  if (op.symbology !== 73) return op.data;
  try {
    return parseEscPosCode128(op.payload).text;
  } catch {
    return op.data;
  }
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
        lines.push(alignText(`[barcode ${barcodeText(block)}]`, columns, block.align));
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
