import type { Alignment, MonoImage } from './escpos-encoder.ts';
import { readGraphics } from './escpos-graphics.ts';
import { type HriPosition, type PrintOp, barcodeDefaults } from './escpos-ops.ts';

/** What a symbol command did: bytes used (0 when more are needed) and what it printed. */
export interface SymbolStep {
  used: number;
  op?: PrintOp;
}

const HRI: readonly HriPosition[] = ['none', 'above', 'below', 'both'];
/** Longest GS k function A payload looked for before its NUL is taken as missing. */
const FUNCTION_A_MAX = 255;

/**
 * The printer's barcode, QR code and graphics state: GS h/w/H settings, the QR code stored by
 * GS ( k, the raster graphic stored by GS ( L / GS 8 L; and the commands that print them.
 */
export class EscPosSymbols {
  #barcode = barcodeDefaults();
  #qr = { data: '', moduleSize: 3, level: 'M' };
  #graphic: MonoImage | undefined;

  /** ESC @: barcode settings back to Epson's defaults. */
  reset(): void {
    this.#barcode = barcodeDefaults();
  }

  /** GS h n (height, n ≥ 1), GS w n (module, 1–6), GS H n (HRI, 0–3 or '0'–'3'); others ignored. */
  setting(command: number, n: number): void {
    if (command === 0x68 && n >= 1) this.#barcode.height = n;
    else if (command === 0x77 && n >= 1 && n <= 6) this.#barcode.moduleWidth = n;
    else if (command === 0x48) this.#barcode.hri = HRI[n % 0x30] ?? this.#barcode.hri;
  }

  /** GS k m at `at`: function A (m 0–6) ends its data with NUL, function B (m ≥ 65) gives its length. */
  barcode(b: Buffer, at: number, align: Alignment): SymbolStep {
    if (b.length < at + 4) return { used: 0 };
    const m = b[at + 2] ?? 0;
    const functionA = m <= 6;
    const start = at + (functionA ? 3 : 4);
    const length = functionA
      ? b.subarray(start, start + FUNCTION_A_MAX + 1).indexOf(0)
      : (b[at + 3] ?? 0);
    if (functionA && length < 0) return { used: b.length - start > FUNCTION_A_MAX ? 3 : 0 };
    if (b.length < start + length) return { used: 0 };
    const payload = b.subarray(start, start + length).toString('latin1');
    const op: PrintOp = {
      kind: 'barcode',
      symbology: m,
      data: payload.replace(/^\{[ABC]/, ''),
      payload,
      ...this.#barcode,
      align,
    };
    return { used: start - at + length + (functionA ? 1 : 0), op };
  }

  /** GS ( k at `at`: QR code model, size (fn 67), level (fn 69), store (fn 80), print (fn 81). */
  qr(b: Buffer, at: number, align: Alignment): SymbolStep {
    if (b.length < at + 8) return { used: 0 };
    const length = (b[at + 3] ?? 0) | ((b[at + 4] ?? 0) << 8);
    if (b.length < at + 5 + length) return { used: 0 };
    const fn = b[at + 6];
    const value = b[at + 7] ?? 0;
    if (fn === 0x43) this.#qr.moduleSize = value;
    else if (fn === 0x45) this.#qr.level = ['L', 'M', 'Q', 'H'][value - 0x30] ?? 'M';
    else if (fn === 0x50) this.#qr.data = b.subarray(at + 8, at + 5 + length).toString('utf8');
    else if (fn === 0x51) return { used: 5 + length, op: { kind: 'qr', ...this.#qr, align } };
    return { used: 5 + length };
  }

  /** GS ( L / GS 8 L at `at`: a raster graphic stored (fn 112), then printed as an image (fn 50). */
  graphics(b: Buffer, at: number, align: Alignment): SymbolStep {
    const step = readGraphics(b, at);
    if (step.stored !== undefined) this.#graphic = step.stored;
    if (step.print !== true || this.#graphic === undefined) return { used: step.used };
    const image = this.#graphic;
    this.#graphic = undefined;
    return { used: step.used, op: { kind: 'image', image, align } };
  }
}
