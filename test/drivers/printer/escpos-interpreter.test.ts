import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { EscPosEncoder } from '../../../drivers/printer/escpos-encoder.ts';
import { EscPosInterpreter } from '../../../drivers/printer/escpos-interpreter.ts';
import { renderReceiptText } from '../../../drivers/sim/printer/receipt-layout.ts';
import { renderReceiptPng } from '../../../drivers/sim/printer/receipt-png-renderer.ts';

const receipt = (): Buffer =>
  new EscPosEncoder('cp858')
    .align('center')
    .size(2, 2)
    .line('SHOP')
    .size(1, 1)
    .align('left')
    .bold(true)
    .line('TOTAL 12.34 €')
    .bold(false)
    .align('right')
    .line('Grüße')
    .align('center')
    .qr('https://example.com')
    .barcode('ABC-123')
    .image({ width: 8, height: 1, bits: Uint8Array.of(0xff) })
    .drawerKick()
    .cut(1)
    .encode();

describe('EscPosInterpreter', () => {
  it('reads back text with its style, code page, QR, barcode, image, drawer and cut', () => {
    const ops = new EscPosInterpreter().push(receipt());
    expect(ops).toContainEqual(
      expect.objectContaining({
        kind: 'text',
        text: 'SHOP',
        style: expect.objectContaining({ width: 2, height: 2, align: 'center' }),
      }),
    );
    expect(ops).toContainEqual(
      expect.objectContaining({
        kind: 'text',
        text: 'TOTAL 12.34 €',
        style: expect.objectContaining({ bold: true }),
      }),
    );
    expect(ops).toContainEqual(
      expect.objectContaining({
        kind: 'qr',
        data: 'https://example.com',
        moduleSize: 6,
        level: 'M',
      }),
    );
    expect(ops).toContainEqual(
      expect.objectContaining({ kind: 'barcode', data: 'ABC-123', symbology: 73 }),
    );
    expect(ops).toContainEqual(
      expect.objectContaining({ kind: 'drawer', pin: 2, onMs: 50, offMs: 500 }),
    );
    expect(ops.at(-1)).toEqual({ kind: 'cut', partial: true });
  });

  it('gives the same operations whatever the chunking of the byte stream', () => {
    const bytes = receipt();
    const whole = new EscPosInterpreter().push(bytes);
    const interpreter = new EscPosInterpreter();
    const split = [];
    for (let i = 0; i < bytes.length; i += 3)
      split.push(...interpreter.push(bytes.subarray(i, i + 3)));
    const text = (ops: typeof whole) => ops.filter((op) => op.kind !== 'text');
    expect(text(split)).toEqual(text(whole));
    expect(renderReceiptText(split)).toEqual(renderReceiptText(whole));
  });

  it('answers DLE EOT found in the stream as status queries', () => {
    expect(new EscPosInterpreter().push(Buffer.from('10040410', 'hex'))).toEqual([
      { kind: 'status', query: 4 },
    ]);
  });

  it('renders the receipt to aligned plain text', () => {
    const text = renderReceiptText(new EscPosInterpreter().push(receipt()), 20);
    expect(text.split('\n').slice(0, 3)).toEqual([
      '        SHOP',
      'TOTAL 12.34 €',
      '               Grüße',
    ]);
    expect(text).toContain('[QR https://example.com]');
    expect(text).toContain('[barcode ABC-123]');
  });

  it('renders the receipt to a PNG 576 dots wide with ink on it', async () => {
    const png = PNG.sync.read(await renderReceiptPng(new EscPosInterpreter().push(receipt())));
    expect(png.width).toBe(576);
    let dark = 0;
    for (let i = 0; i < png.data.length; i += 4) if ((png.data[i] ?? 255) < 128) dark += 1;
    expect(dark).toBeGreaterThan(2000);
    expect(dark).toBeLessThan((png.width * png.height) / 2);
  });
});

describe('real-time status requests', () => {
  it('answers DLE EOT inside an image that never completes, once, split across chunks too', () => {
    const interpreter = new EscPosInterpreter();
    const header = Buffer.from([0x1d, 0x76, 0x30, 0x00, 0xff, 0xff, 0xff, 0xff]);
    expect(interpreter.push(Buffer.concat([header, Buffer.from([0xaa, 0x10])]))).toEqual([]);
    expect(interpreter.push(Buffer.from([0x04, 0x02, 0x55, 0x10, 0x04, 0x04]))).toEqual([
      { kind: 'status', query: 2 },
      { kind: 'status', query: 4 },
    ]);
    expect(interpreter.push(Buffer.from([0x10, 0x04, 0x01]))).toEqual([
      { kind: 'status', query: 1 },
    ]);
  });

  it('answers DLE EOT between commands once, before what the same bytes print', () => {
    const ops = new EscPosInterpreter().push(Buffer.from('AB\x10\x04\x01C\n', 'latin1'));
    expect(ops.filter((op) => op.kind === 'status')).toEqual([{ kind: 'status', query: 1 }]);
    expect(ops[0]).toEqual({ kind: 'status', query: 1 });
    expect(
      ops.filter((op) => op.kind === 'text').map((op) => op.kind === 'text' && op.text),
    ).toEqual(['AB', 'C']);
  });
});
