import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import * as PImage from 'pureimage';
import QRCode from 'qrcode';
import type { Alignment } from '../../printer/escpos-encoder.ts';
import type { PrintOp } from '../../printer/escpos-interpreter.ts';
import { type ReceiptBlock, layoutReceipt } from './receipt-layout.ts';

/** Paper width in dots: 576 for an 80 mm roll at 203 dpi (the default), 384 for 58 mm. */
export type PaperDots = 576 | 384;

const COLUMNS: Readonly<Record<PaperDots, number>> = { 576: 42, 384: 32 };
const LINE_HEIGHT = 30;
const MARGIN = 8;
const BARCODE_HEIGHT = 80;

const require = createRequire(import.meta.url);
let fontsLoaded = false;

/** Registers the DejaVu Sans Mono faces (from the dejavu-fonts-ttf package) once. */
function loadFonts(): void {
  if (fontsLoaded) return;
  PImage.registerFont(
    require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'),
    'ReceiptMono',
  ).loadSync();
  PImage.registerFont(
    require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf'),
    'ReceiptMonoBold',
  ).loadSync();
  fontsLoaded = true;
}

function blockHeight(block: ReceiptBlock): number {
  switch (block.kind) {
    case 'line':
      return LINE_HEIGHT * Math.max(1, ...block.runs.map((run) => run.style.height));
    case 'barcode':
      return BARCODE_HEIGHT + LINE_HEIGHT;
    case 'qr':
      return (
        QRCode.create(block.data, { errorCorrectionLevel: block.level as 'M' }).modules.size *
          block.moduleSize +
        8
      );
    case 'image':
      return block.image.height;
    case 'cut':
      return LINE_HEIGHT;
  }
}

function startX(width: number, paper: number, align: Alignment): number {
  if (align === 'left') return MARGIN;
  const room = paper - width;
  return Math.max(MARGIN, align === 'right' ? room - MARGIN : Math.floor(room / 2));
}

type Context = ReturnType<PImage.Bitmap['getContext']>;

function drawBlock(
  ctx: Context,
  block: ReceiptBlock,
  top: number,
  paper: number,
  charWidth: number,
): void {
  ctx.fillStyle = '#000000';
  if (block.kind === 'line') {
    const height = blockHeight(block);
    const width = block.runs.reduce(
      (sum, run) => sum + run.text.length * charWidth * run.style.width,
      0,
    );
    let x = startX(width, paper, block.align);
    for (const run of block.runs) {
      ctx.font = `${Math.round(22 * Math.max(run.style.width, run.style.height))}pt ${run.style.bold ? 'ReceiptMonoBold' : 'ReceiptMono'}`;
      ctx.fillText(run.text, x, top + height - 8);
      if (run.style.underline > 0)
        ctx.fillRect(
          x,
          top + height - 5,
          run.text.length * charWidth * run.style.width,
          run.style.underline,
        );
      x += run.text.length * charWidth * run.style.width;
    }
  } else if (block.kind === 'qr') {
    const modules = QRCode.create(block.data, { errorCorrectionLevel: block.level as 'M' }).modules;
    const x0 = startX(modules.size * block.moduleSize, paper, block.align);
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col))
          ctx.fillRect(
            x0 + col * block.moduleSize,
            top + row * block.moduleSize,
            block.moduleSize,
            block.moduleSize,
          );
      }
    }
  } else if (block.kind === 'image') {
    const x0 = startX(block.image.width, paper, block.align);
    const rowBytes = Math.ceil(block.image.width / 8);
    for (let y = 0; y < block.image.height; y += 1) {
      for (let x = 0; x < block.image.width; x += 1) {
        const byte = block.image.bits[y * rowBytes + (x >> 3)] ?? 0;
        if ((byte >> (7 - (x & 7))) & 1) ctx.fillRect(x0 + x, top + y, 1, 1);
      }
    }
  } else if (block.kind === 'barcode') {
    const width = Math.min(paper - 2 * MARGIN, Math.max(160, block.data.length * 22));
    const x0 = startX(width, paper, block.align);
    ctx.strokeStyle = '#000000';
    ctx.strokeRect(x0, top, width, BARCODE_HEIGHT);
    ctx.font = '18pt ReceiptMono';
    ctx.fillText(block.data, x0 + 6, top + BARCODE_HEIGHT + LINE_HEIGHT - 8);
  } else {
    for (let x = MARGIN; x < paper - MARGIN; x += block.partial ? 16 : 4)
      ctx.fillRect(x, top + LINE_HEIGHT / 2, 8, 2);
  }
}

/**
 * Draws what a printer printed as a PNG the width of the paper: text in DejaVu Sans Mono (bold,
 * underline, sizes, alignment), QR codes from their data (qrcode), raster images dot for dot,
 * barcodes as a framed caption, cuts as a dashed line.
 */
export async function renderReceiptPng(
  ops: readonly PrintOp[],
  paper: PaperDots = 576,
): Promise<Buffer> {
  loadFonts();
  const blocks = layoutReceipt(ops);
  const height = Math.max(
    LINE_HEIGHT,
    blocks.reduce((sum, block) => sum + blockHeight(block), 2 * MARGIN),
  );
  const image = PImage.make(paper, height);
  const ctx = image.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, paper, height);
  const charWidth = (paper - 2 * MARGIN) / COLUMNS[paper];
  let top = MARGIN;
  for (const block of blocks) {
    drawBlock(ctx, block, top, paper, charWidth);
    top += blockHeight(block);
  }
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await PImage.encodePNGToStream(image, sink);
  return Buffer.concat(chunks);
}
