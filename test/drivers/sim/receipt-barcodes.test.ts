import bwipjs from 'bwip-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { EscPosEncoder } from '../../../drivers/printer/escpos-encoder.ts';
import { type BarcodeOp, EscPosInterpreter } from '../../../drivers/printer/escpos-interpreter.ts';
import { drawBarcode } from '../../../drivers/sim/printer/barcode-raster.ts';
import { renderReceiptText } from '../../../drivers/sim/printer/receipt-layout.ts';
import { renderReceiptPng } from '../../../drivers/sim/printer/receipt-png-renderer.ts';

const GS = 0x1d;

/** GS h, GS w, GS H, then GS k function B. */
function barcodeJob(m: number, payload: Buffer | string, height = 60, module = 2, hri = 0): Buffer {
  const data = Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'latin1');
  return Buffer.concat([
    Buffer.of(GS, 0x68, height, GS, 0x77, module, GS, 0x48, hri, GS, 0x6b, m, data.length),
    data,
  ]);
}

async function render(bytes: Buffer): Promise<PNG> {
  return PNG.sync.read(await renderReceiptPng(new EscPosInterpreter().push(bytes)));
}

const dark = (png: PNG, x: number, y: number): boolean =>
  (png.data[(y * png.width + x) * 4] ?? 255) < 128;

/** Rows holding any ink, top to bottom. */
function inkedRows(png: PNG): number[] {
  const rows: number[] = [];
  for (let y = 0; y < png.height; y += 1)
    for (let x = 0; x < png.width; x += 1)
      if (dark(png, x, y)) {
        rows.push(y);
        break;
      }
  return rows;
}

/** Widths of alternating dark and light runs across row `y`, from the first dark dot to the last. */
function runs(png: PNG, y: number): { left: number; widths: number[] } {
  const widths: number[] = [];
  let left = -1;
  let current = false;
  for (let x = 0; x < png.width; x += 1) {
    const ink = dark(png, x, y);
    if (left < 0 && !ink) continue;
    if (left < 0) left = x;
    if (widths.length === 0 || ink !== current) widths.push(0);
    widths[widths.length - 1]! += 1;
    current = ink;
  }
  if (!current) widths.pop();
  return { left, widths };
}

/** Bar/space widths in modules that bwip-js gives for `text` (module width 1), without a trailing gap. */
function bwipModules(bcid: string, text: string, raw = false): number[] {
  const [symbol] = bwipjs.raw({ bcid, text, ...(raw ? { raw: true } : {}) });
  if (symbol === undefined || !('sbs' in symbol)) throw new Error('not linear');
  return symbol.sbs.length % 2 === 0 ? symbol.sbs.slice(0, -1) : symbol.sbs;
}

function op(symbology: number, payload: string): BarcodeOp {
  return {
    kind: 'barcode',
    symbology,
    data: payload,
    payload,
    height: 40,
    moduleWidth: 2,
    hri: 'none',
    align: 'left',
  };
}

describe('barcodes in the receipt PNG', () => {
  it('draws CODE128 as bars: GS h rows high, every run a multiple of GS w, bwip-js pattern, start B and stop', async () => {
    const png = await render(barcodeJob(73, '{BABC-123', 60, 2));
    const rows = inkedRows(png);
    expect(rows).toHaveLength(60);
    expect(rows.at(-1)! - rows[0]!).toBe(59);
    const { widths } = runs(png, rows[30]!);
    expect(widths.every((width) => width % 2 === 0)).toBe(true);
    const modules = widths.map((width) => width / 2);
    expect(modules).toEqual(bwipModules('code128', 'ABC-123'));
    expect(modules.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]);
    expect(modules.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]);
    for (const y of rows) expect(runs(png, y).widths).toEqual(widths);
  });

  it('keeps the code set the job chose: {B digits stay in set B, {C bytes are digit pairs', async () => {
    const setB = await render(barcodeJob(73, '{B1234', 20, 1));
    const setBRow = runs(setB, inkedRows(setB)[10]!).widths;
    expect(setBRow).toEqual(bwipModules('code128', '^104^017^018^019^020', true));
    expect(setBRow).not.toEqual(bwipModules('code128', '1234'));
    const setC = await render(barcodeJob(73, Buffer.from([0x7b, 0x43, 12, 34]), 20, 1));
    expect(runs(setC, inkedRows(setC)[10]!).widths).toEqual(bwipModules('code128', '1234'));
  });

  it('places the bars as ESC a aligns them', async () => {
    const centred = await render(
      Buffer.concat([new EscPosEncoder().align('center').encode(), barcodeJob(73, '{BX', 20, 3)]),
    );
    const { left, widths } = runs(centred, inkedRows(centred)[5]!);
    const width = widths.reduce((sum, run) => sum + run, 0);
    expect(Math.abs(left + width / 2 - centred.width / 2)).toBeLessThanOrEqual(1);
  });

  it.each([
    ['UPC-A', 65, '03600029145', 'upca'],
    ['UPC-E', 66, '0123456', 'upce'],
    ['EAN13', 67, '400638133393', 'ean13'],
    ['EAN8', 68, '9638507', 'ean8'],
    ['CODE39', 69, 'ABC-123', 'code39'],
    ['ITF', 70, '1234567890', 'interleaved2of5'],
    ['CODABAR', 71, 'A40156B', 'rationalizedCodabar'],
    ['CODE93', 72, 'ABC-123', 'code93ext'],
  ])('draws %s (m=%i) with the pattern bwip-js gives for its data', async (_, m, data, bcid) => {
    const png = await render(barcodeJob(m, data, 30, 1));
    const rows = inkedRows(png);
    expect(rows).toHaveLength(30);
    expect(runs(png, rows[15]!).widths).toEqual(bwipModules(bcid, data));
  });

  it('reads GS k function A (m 0–6, NUL-terminated) as the same symbologies', async () => {
    const functionA = Buffer.concat([
      Buffer.of(GS, 0x68, 30, GS, 0x77, 1, GS, 0x6b, 2),
      Buffer.from('400638133393\0', 'latin1'),
    ]);
    const ops = new EscPosInterpreter().push(Buffer.concat([functionA, Buffer.from('NEXT\n')]));
    expect(ops[0]).toMatchObject({ kind: 'barcode', symbology: 2, data: '400638133393' });
    expect(ops[1]).toMatchObject({ kind: 'text', text: 'NEXT' });
    const png = await render(functionA);
    expect(runs(png, inkedRows(png)[15]!).widths).toEqual(bwipModules('ean13', '400638133393'));
  });

  it('prints HRI text above, below, both or not at all as GS H says', async () => {
    const barsOnly = inkedRows(await render(barcodeJob(73, '{B42', 40, 2, 0)));
    const below = inkedRows(await render(barcodeJob(73, '{B42', 40, 2, 2)));
    const both = inkedRows(await render(barcodeJob(73, '{B42', 40, 2, 0x33)));
    expect(barsOnly).toHaveLength(40);
    expect(below[0]).toBe(barsOnly[0]);
    expect(below.at(-1)!).toBeGreaterThan(barsOnly.at(-1)! + 5);
    expect(both[0]!).toBeGreaterThan(barsOnly[0]! + 5);
    expect(both.at(-1)!).toBeGreaterThan(both[0]! + 40 + 10);
  });

  it('draws an EAN13 with a bad check digit as a framed caption with the reason', async () => {
    const refused = drawBarcode(op(67, '4006381333932'), 560);
    expect(refused).toEqual({
      kind: 'refused',
      reason: 'EAN13: Incorrect EAN-13 check digit provided',
    });
    const png = await render(barcodeJob(67, '4006381333932'));
    const top = inkedRows(png)[0]!;
    const frame = runs(png, top).widths;
    expect(frame[0]!).toBeGreaterThan(200);
    expect(renderReceiptText(new EscPosInterpreter().push(barcodeJob(67, '4006381333932')))).toBe(
      '[barcode 4006381333932]\n',
    );
  });

  it('refuses what a printer would not print, naming why, and never throws', () => {
    expect(drawBarcode(op(75, '0950110153000'), 560)).toEqual({
      kind: 'refused',
      reason: 'm=75 (GS1 DataBar Omnidirectional) is not drawn',
    });
    expect(drawBarcode(op(90, '1'), 560)).toMatchObject({
      reason: 'm=90 (not a GS k symbology) is not drawn',
    });
    expect(drawBarcode(op(70, '123'), 560)).toMatchObject({
      reason: 'ITF: needs an even number of digits',
    });
    expect(drawBarcode(op(73, 'ABC'), 560)).toMatchObject({
      reason: 'CODE128: data must start with {A, {B or {C',
    });
    expect(drawBarcode(op(69, 'abc'), 560)).toMatchObject({
      reason: expect.stringMatching(/^CODE39: /),
    });
    expect(drawBarcode({ ...op(73, `{B${'W'.repeat(40)}`), moduleWidth: 6 }, 560)).toMatchObject({
      reason: expect.stringMatching(/^CODE128 is [0-9]+ dots wide, the paper 560$/),
    });
  });

  it('keeps [barcode DATA] lines in the text rendering', () => {
    const ops = new EscPosInterpreter().push(
      new EscPosEncoder()
        .line('TOTAL')
        .barcode('ABC-123')
        .barcode('4006381333931', 'ean13')
        .encode(),
    );
    expect(renderReceiptText(ops)).toBe('TOTAL\n[barcode ABC-123]\n[barcode 4006381333931]\n');
  });
});

describe('EscPosInterpreter barcode settings', () => {
  it('records GS h, GS w and GS H with each barcode, Epson defaults until set, reset by ESC @', () => {
    const bytes = Buffer.concat([
      Buffer.of(GS, 0x6b, 73, 3, 0x7b, 0x42, 0x31),
      barcodeJob(73, '{B2', 99, 4, 0x31),
      Buffer.of(GS, 0x77, 9, GS, 0x6b, 73, 3, 0x7b, 0x42, 0x33),
      Buffer.of(0x1b, 0x40, GS, 0x6b, 73, 3, 0x7b, 0x42, 0x34),
    ]);
    const barcodes = new EscPosInterpreter()
      .push(bytes)
      .filter((printed) => printed.kind === 'barcode')
      .map(({ data, height, moduleWidth, hri }) => ({ data, height, moduleWidth, hri }));
    expect(barcodes).toEqual([
      { data: '1', height: 162, moduleWidth: 3, hri: 'none' },
      { data: '2', height: 99, moduleWidth: 4, hri: 'above' },
      { data: '3', height: 99, moduleWidth: 4, hri: 'above' },
      { data: '4', height: 162, moduleWidth: 3, hri: 'none' },
    ]);
  });

  it('waits for a function A barcode split across chunks, keeping the raw payload', () => {
    const interpreter = new EscPosInterpreter();
    expect(interpreter.push(Buffer.of(GS, 0x6b, 4, 0x41, 0x42))).toEqual([]);
    expect(interpreter.push(Buffer.of(0x43, 0))).toEqual([
      expect.objectContaining({ kind: 'barcode', symbology: 4, payload: 'ABC', data: 'ABC' }),
    ]);
  });
});
