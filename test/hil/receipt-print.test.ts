import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BarcodeOp } from '../../drivers/printer/escpos-interpreter.ts';
import { barcodeText } from '../../drivers/sim/printer/receipt-layout.ts';
import { type ReceiptTarget, renderEscPos, renderText } from '../../main/receipt/index.ts';
import { trainingSale } from '../main/receipt/receipt-answers.ts';
import { type LaneBench, startLaneBench } from './helpers/lane-bench.ts';

let bench: LaneBench;
let target: ReceiptTarget;

beforeAll(async () => {
  bench = await startLaneBench();
  const printer = bench.manager.printerConfig;
  if (printer === undefined) throw new Error('the training devices have a printer');
  target = printer;
});

afterAll(async () => {
  await bench?.stop();
});

/** The printed copies as the simulator's text shows them, split at each cut, rules as "-" and barcode captions left out. */
function printedCopies(text: string): string[] {
  return text
    .split(/^- - .*\n/m)
    .filter((copy) => copy.trim() !== '')
    .map((copy) =>
      copy
        .replace(/─/g, '-')
        .split('\n')
        .filter((line) => !/^\s*\[barcode [^\]]*\]$/.test(line))
        .join('\n'),
    );
}

describe('receipts printed through the device manager onto the printer simulator (TCP 9100)', () => {
  it('the printer receives the rendered bytes as they are, and prints each copy line for line', async () => {
    const printer = bench.sims.simulators.printer;
    printer.clearPaper();
    const documents = trainingSale();
    const job = renderEscPos(documents, target);
    const report = await bench.manager.print(job, { deadlineMs: 10_000 });
    expect(report.after).toMatchObject({ paperOut: false, coverOpen: false });
    expect(Buffer.concat(printer.received).indexOf(job)).toBeGreaterThanOrEqual(0);
    expect(printedCopies(printer.text(target.columns))).toEqual(
      documents.map((document) => renderText(document, target)),
    );
  });

  it('code page, cut and barcode arrive as the document asked: cp858 text, a partial cut per copy, CODE128 of the ttid', async () => {
    const printer = bench.sims.simulators.printer;
    printer.clearPaper();
    await bench.manager.print(renderEscPos(trainingSale(), target), { deadlineMs: 10_000 });
    const ops = printer.ops;
    expect(ops.filter((op) => op.kind === 'cut')).toEqual([
      { kind: 'cut', partial: true },
      { kind: 'cut', partial: true },
    ]);
    const texts = ops.flatMap((op) => (op.kind === 'text' ? [op.text] : []));
    expect(texts).toContain('€12.34');
    expect(texts).toContain('Grüße aus Köln');
    const barcodes = ops.filter((op): op is BarcodeOp => op.kind === 'barcode');
    expect(barcodes).toHaveLength(2);
    for (const barcode of barcodes) {
      expect(barcode).toMatchObject({
        symbology: 73,
        hri: 'below',
        moduleWidth: 2,
        height: 64,
        align: 'center',
      });
      expect(barcode.payload).toBe('{C\x60\x4a\x55\x60');
      expect(barcodeText(barcode)).toBe('96748596');
    }
    expect(ops.some((op) => op.kind === 'unknown')).toBe(false);
    const png = PNG.sync.read(await printer.png());
    expect(png.width).toBe(576);
    expect(png.height).toBeGreaterThan(1000);
  });

  it('paper out: the gate refuses before the sale, and the receipt is not printed', async () => {
    const printer = bench.sims.simulators.printer;
    printer.clearPaper();
    bench.sims.setPrinter('paper-out');
    try {
      await expect(bench.manager.checkPrinter()).resolves.toMatchObject({
        ready: false,
        reason: 'paper-out',
      });
      await expect(bench.manager.print(renderEscPos(trainingSale(), target))).rejects.toMatchObject(
        {
          stage: 'before',
        },
      );
      expect(printer.text().trim()).toBe('');
    } finally {
      bench.sims.setPrinter('ok');
    }
  });
});
