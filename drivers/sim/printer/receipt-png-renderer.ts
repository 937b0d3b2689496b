import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import * as PImage from 'pureimage';
import QRCode from 'qrcode';
import type { Alignment, MonoImage } from '../../printer/escpos-encoder.ts';
import type { BarcodeOp, PrintOp } from '../../printer/escpos-interpreter.ts';
import { type BarcodeDrawing, drawBarcode } from './barcode-raster.ts';
import { type ReceiptBlock, layoutReceipt } from './receipt-layout.ts';

/** Paper width in dots: 576 for an 80 mm roll at 203 dpi (the default), 384 for 58 mm. */
export type PaperDots = 576 | 384;

const COLUMNS: Readonly<Record<PaperDots, number>> = { 576: 42, 384: 32 };
const LINE_HEIGHT = 30;
const MARGIN = 8;
/** Caption font (18 px DejaVu Sans Mono): about 11 dots a character. */
const CAPTION_FONT = '18pt ReceiptMono';
const CAPTION_CHAR = 11;

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

type Context = ReturnType<PImage.Bitmap['getContext']>;

/** One block ready to paint: its height in dots and how to draw it at `top`. */
interface Painter {
  height: number;
  paint(ctx: Context, top: number): void;
}

function startX(width: number, paper: number, align: Alignment): number {
  if (align === 'left') return MARGIN;
  const room = paper - width;
  return Math.max(MARGIN, align === 'right' ? room - MARGIN : Math.floor(room / 2));
}

/** Draws a 1-bit image dot for dot, one rectangle per run of black dots. */
function blit(ctx: Context, image: MonoImage, x0: number, top: number): void {
  const rowBytes = Math.ceil(image.width / 8);
  for (let y = 0; y < image.height; y += 1) {
    let runStart = -1;
    for (let x = 0; x <= image.width; x += 1) {
      const byte = x < image.width ? (image.bits[y * rowBytes + (x >> 3)] ?? 0) : 0;
      const black = ((byte >> (7 - (x & 7))) & 1) === 1;
      if (black && runStart < 0) runStart = x;
      if (!black && runStart >= 0) {
        ctx.fillRect(x0 + runStart, top + y, x - runStart, 1);
        runStart = -1;
      }
    }
  }
}

/** Splits `text` into lines of at most `columns` characters, at spaces where it can. */
function wrap(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const joined = line === '' ? word : `${line} ${word}`;
    if (joined.length <= columns) line = joined;
    else {
      if (line !== '') lines.push(line);
      for (line = word; line.length > columns; line = line.slice(columns))
        lines.push(line.slice(0, columns));
    }
  }
  return [...lines, line];
}

function linePainter(block: Extract<ReceiptBlock, { kind: 'line' }>, paper: PaperDots): Painter {
  const charWidth = (paper - 2 * MARGIN) / COLUMNS[paper];
  const height = LINE_HEIGHT * Math.max(1, ...block.runs.map((run) => run.style.height));
  return {
    height,
    paint(ctx, top) {
      const width = block.runs.reduce(
        (sum, run) => sum + run.text.length * charWidth * run.style.width,
        0,
      );
      let x = startX(width, paper, block.align);
      for (const run of block.runs) {
        const runWidth = run.text.length * charWidth * run.style.width;
        ctx.save();
        ctx.translate(x, top + height - 8);
        ctx.scale(run.style.width, run.style.height);
        ctx.font = `22pt ${run.style.bold ? 'ReceiptMonoBold' : 'ReceiptMono'}`;
        ctx.fillText(run.text, 0, 0);
        ctx.restore();
        if (run.style.underline > 0)
          ctx.fillRect(x, top + height - 5, runWidth, run.style.underline);
        x += runWidth;
      }
    },
  };
}

/** Bars dot for dot, with the HRI text above and/or below as GS H asked. */
function barsPainter(
  op: BarcodeOp,
  drawing: Extract<BarcodeDrawing, { kind: 'bars' }>,
  paper: PaperDots,
): Painter {
  const above = op.hri === 'above' || op.hri === 'both' ? LINE_HEIGHT : 0;
  const below = op.hri === 'below' || op.hri === 'both' ? LINE_HEIGHT : 0;
  const x0 = startX(drawing.image.width, paper, op.align);
  return {
    height: above + drawing.image.height + below,
    paint(ctx, top) {
      blit(ctx, drawing.image, x0, top + above);
      ctx.font = CAPTION_FONT;
      const textX =
        x0 + Math.max(0, (drawing.image.width - drawing.hriText.length * CAPTION_CHAR) / 2);
      if (above > 0) ctx.fillText(drawing.hriText, textX, top + LINE_HEIGHT - 8);
      if (below > 0)
        ctx.fillText(drawing.hriText, textX, top + above + drawing.image.height + LINE_HEIGHT - 8);
    },
  };
}

/** A barcode not drawn as bars: a frame around its data and the reason. */
function captionPainter(op: BarcodeOp, reason: string, paper: PaperDots): Painter {
  const columns = Math.floor((paper - 2 * MARGIN - 12) / CAPTION_CHAR);
  const lines = [...wrap(`[barcode ${op.data}]`, columns), ...wrap(reason, columns)];
  const longest = Math.max(...lines.map((line) => line.length));
  const width = Math.min(paper - 2 * MARGIN, longest * CAPTION_CHAR + 12);
  const x0 = startX(width, paper, op.align);
  return {
    height: lines.length * LINE_HEIGHT + 8,
    paint(ctx, top) {
      ctx.strokeStyle = '#000000';
      ctx.strokeRect(x0, top, width, lines.length * LINE_HEIGHT);
      ctx.font = CAPTION_FONT;
      lines.forEach((line, index) =>
        ctx.fillText(line, x0 + 6, top + (index + 1) * LINE_HEIGHT - 8),
      );
    },
  };
}

function qrPainter(block: Extract<ReceiptBlock, { kind: 'qr' }>, paper: PaperDots): Painter {
  const modules = QRCode.create(block.data, { errorCorrectionLevel: block.level as 'M' }).modules;
  const size = modules.size * block.moduleSize;
  const x0 = startX(size, paper, block.align);
  return {
    height: size + 8,
    paint(ctx, top) {
      for (let row = 0; row < modules.size; row += 1)
        for (let col = 0; col < modules.size; col += 1)
          if (modules.get(row, col))
            ctx.fillRect(
              x0 + col * block.moduleSize,
              top + row * block.moduleSize,
              block.moduleSize,
              block.moduleSize,
            );
    },
  };
}

function painterFor(block: ReceiptBlock, paper: PaperDots): Painter {
  switch (block.kind) {
    case 'line':
      return linePainter(block, paper);
    case 'barcode': {
      const drawing = drawBarcode(block, paper - 2 * MARGIN);
      return drawing.kind === 'bars'
        ? barsPainter(block, drawing, paper)
        : captionPainter(block, drawing.reason, paper);
    }
    case 'qr':
      return qrPainter(block, paper);
    case 'image': {
      const x0 = startX(block.image.width, paper, block.align);
      return { height: block.image.height, paint: (ctx, top) => blit(ctx, block.image, x0, top) };
    }
    case 'cut':
      return {
        height: LINE_HEIGHT,
        paint(ctx, top) {
          for (let x = MARGIN; x < paper - MARGIN; x += block.partial ? 16 : 4)
            ctx.fillRect(x, top + LINE_HEIGHT / 2, 8, 2);
        },
      };
  }
}

/**
 * Draws what a printer printed as a PNG the width of the paper: text in DejaVu Sans Mono (bold,
 * underline, alignment, width and height magnified each on its own), QR codes from their data
 * (qrcode), raster images dot for dot, barcodes as bars in their symbology, height and module
 * width (bwip-js) with HRI text as GS H set — or, when the printer would refuse one, a frame with
 * its data and the reason — and cuts as a dashed line.
 */
export async function renderReceiptPng(
  ops: readonly PrintOp[],
  paper: PaperDots = 576,
): Promise<Buffer> {
  loadFonts();
  const painters = layoutReceipt(ops).map((block) => painterFor(block, paper));
  const height = Math.max(
    LINE_HEIGHT,
    painters.reduce((sum, painter) => sum + painter.height, 2 * MARGIN),
  );
  const image = PImage.make(paper, height);
  const ctx = image.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, paper, height);
  ctx.fillStyle = '#000000';
  let top = MARGIN;
  for (const painter of painters) {
    painter.paint(ctx, top);
    top += painter.height;
  }
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  await PImage.encodePNGToStream(image, sink);
  return Buffer.concat(chunks);
}
