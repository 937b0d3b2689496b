import { PNG } from 'pngjs';
import { qrcode, transform } from 'receiptline';
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

describe('EscPosInterpreter reading what receiptline sends (Epson thermal command set)', () => {
  const printer = { cpl: 42, encoding: 'cp858', command: 'escpos' } as const;
  const doc = [
    '^^"SHOP"',
    '-',
    'VISA | XXXXXXXXXXXX1111',
    '"TOTAL" | "12.34 €"',
    '{code:96748596; option:code128,2,64,hri}',
    '{code:https://example.com; option:qrcode,4,m}',
    '',
  ].join('\n');
  const bytes = (): Buffer => Buffer.from(transform(doc, printer), 'latin1');

  it('places text where ESC $ and ESC \\ put it, draws rules from page 1, and skips FS and GS r', () => {
    const ops = new EscPosInterpreter().push(bytes());
    expect(ops.filter((op) => op.kind === 'unknown')).toEqual([]);
    expect(ops).toContainEqual({ kind: 'position', x: 252 });
    const lines = renderReceiptText(ops, 42).split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '                   SHOP',
      '─'.repeat(42),
      'VISA                      XXXXXXXXXXXX1111',
      'TOTAL                              12.34 €',
    ]);
    expect(lines[4]).toBe('            [barcode 96748596]');
    expect(lines.at(-2)).toMatch(/^- - /);
  });

  it('prints the QR code receiptline draws as a raster graphic (GS 8 L store, GS ( L print)', () => {
    const images = new EscPosInterpreter().push(bytes()).filter((op) => op.kind === 'image');
    expect(images).toHaveLength(1);
    const qr = qrcode.generate({
      data: 'https://example.com',
      type: 'qrcode',
      cell: 4,
      level: 'm',
    });
    expect(images[0]).toMatchObject({
      align: 'center',
      image: { width: qr.length * 4, height: qr.length * 4 },
    });
  });

  it('scales a stored graphic by bx and by, and gives the same operations however the bytes are cut', () => {
    const store = Buffer.from('1d284c0b0030703002013101000100' + '80', 'hex');
    const print = Buffer.from('1d284c02003032', 'hex');
    const [image] = new EscPosInterpreter().push(Buffer.concat([store, print]));
    expect(image).toEqual({
      kind: 'image',
      image: { width: 2, height: 1, bits: Uint8Array.of(0xc0) },
      align: 'left',
    });
    const whole = bytes();
    const interpreter = new EscPosInterpreter();
    const split = [];
    for (let i = 0; i < whole.length; i += 5)
      split.push(...interpreter.push(whole.subarray(i, i + 5)));
    expect(renderReceiptText(split)).toBe(renderReceiptText(new EscPosInterpreter().push(whole)));
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
