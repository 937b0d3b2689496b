import { type CodePage, type CodePageName, codePage, encodeText } from './code-pages.ts';
import { DeviceError } from '../device-error.ts';

/** Horizontal justification (ESC a n: 0 left, 1 center, 2 right). */
export type Alignment = 'left' | 'center' | 'right';

/** Barcode symbologies of GS k function B (m = 65…73). */
export type BarcodeType =
  'upca' | 'ean13' | 'ean8' | 'code39' | 'itf' | 'codabar' | 'code93' | 'code128';

const BARCODE_M: Readonly<Record<BarcodeType, number>> = {
  upca: 65,
  ean13: 67,
  ean8: 68,
  code39: 69,
  itf: 70,
  codabar: 71,
  code93: 72,
  code128: 73,
};

/** QR error correction levels (GS ( k 31 45 n: 30 L, 31 M, 32 Q, 33 H). */
export type QrLevel = 'L' | 'M' | 'Q' | 'H';

const QR_LEVEL: Readonly<Record<QrLevel, number>> = { L: 0x30, M: 0x31, Q: 0x32, H: 0x33 };

/** A 1-bit image, rows top to bottom, each row `width` bits packed MSB first (1 = black). */
export interface MonoImage {
  /** Width in dots; rows are padded to whole bytes. */
  width: number;
  /** Height in dots. */
  height: number;
  /** ceil(width / 8) × height bytes. */
  bits: Uint8Array;
}

const ESC = 0x1b;
const GS = 0x1d;

function byteArg(field: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new DeviceError('BAD_INPUT', `${field}: must be an integer from ${min} to ${max}`, {
      field,
    });
  }
  return value;
}

/**
 * Builds ESC/POS bytes for a receipt (Epson ESC/POS reference; byte sequences checked against
 * escpos_commands.json): text in the printer's code page with alignment, emphasis, underline and
 * size, barcodes, QR codes, raster images, feed, cut and the cash drawer pulse.
 */
export class EscPosEncoder {
  readonly #chunks: Buffer[] = [];
  #page: CodePage;

  /** Uses `page` (default cp437); starts with ESC @ and ESC t unless `initialize` is false. */
  constructor(page: CodePageName = 'cp437', initialize = true) {
    this.#page = codePage(page);
    if (initialize) this.#push(ESC, 0x40, ESC, 0x74, this.#page.escT);
  }

  #push(...bytes: number[]): this {
    this.#chunks.push(Buffer.from(bytes));
    return this;
  }

  /** Selects another character table (ESC t n). */
  codePage(name: CodePageName): this {
    this.#page = codePage(name);
    return this.#push(ESC, 0x74, this.#page.escT);
  }

  /** ESC a n. */
  align(alignment: Alignment): this {
    return this.#push(ESC, 0x61, { left: 0, center: 1, right: 2 }[alignment]);
  }

  /** Emphasis on or off (ESC E n). */
  bold(on: boolean): this {
    return this.#push(ESC, 0x45, on ? 1 : 0);
  }

  /** Underline 0 off, 1 thin, 2 thick (ESC - n). */
  underline(weight: 0 | 1 | 2): this {
    return this.#push(ESC, 0x2d, weight);
  }

  /** Character magnification 1–8 each way (GS ! n: high nibble width−1, low nibble height−1). */
  size(width: number, height: number): this {
    const w = byteArg('width', width, 1, 8);
    const h = byteArg('height', height, 1, 8);
    return this.#push(GS, 0x21, ((w - 1) << 4) | (h - 1));
  }

  /** Text in the current code page, without a line feed. */
  text(value: string): this {
    this.#chunks.push(encodeText(value, this.#page));
    return this;
  }

  /** Text followed by LF. */
  line(value = ''): this {
    return this.text(value).#push(0x0a);
  }

  /** Feeds `lines` lines (ESC d n). */
  feed(lines: number): this {
    return this.#push(ESC, 0x64, byteArg('lines', lines, 0, 255));
  }

  /** A barcode (GS h, GS w, GS H, GS k m n data); CODE128 data gets the {B code set prefix. */
  barcode(data: string, type: BarcodeType = 'code128', height = 80, moduleWidth = 2): this {
    const payload = Buffer.from(type === 'code128' ? `{B${data}` : data, 'ascii');
    byteArg('barcode.length', payload.length, 1, 255);
    this.#push(GS, 0x68, byteArg('height', height, 1, 255));
    this.#push(GS, 0x77, byteArg('moduleWidth', moduleWidth, 1, 6), GS, 0x48, 2);
    this.#push(GS, 0x6b, BARCODE_M[type], payload.length);
    this.#chunks.push(payload);
    return this;
  }

  /** A QR code, model 2, module `size` dots, level `level` (GS ( k functions 165/167/169/180/181). */
  qr(data: string, size = 6, level: QrLevel = 'M'): this {
    const payload = Buffer.from(data, 'utf8');
    const storeLength = byteArg('qr.length', payload.length, 1, 7089) + 3;
    this.#push(GS, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0);
    this.#push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x43, byteArg('size', size, 1, 16));
    this.#push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x45, QR_LEVEL[level]);
    this.#push(GS, 0x28, 0x6b, storeLength & 0xff, storeLength >> 8, 0x31, 0x50, 0x30);
    this.#chunks.push(payload);
    return this.#push(GS, 0x28, 0x6b, 3, 0, 0x31, 0x51, 0x30);
  }

  /** A raster bit image (GS v 0, normal density). */
  image(image: MonoImage): this {
    const widthBytes = Math.ceil(image.width / 8);
    byteArg('image.width', widthBytes, 1, 0xffff);
    byteArg('image.height', image.height, 1, 0xffff);
    if (image.bits.length !== widthBytes * image.height) {
      throw new DeviceError('BAD_INPUT', 'image.bits: must hold ceil(width/8) × height bytes', {
        field: 'image.bits',
      });
    }
    this.#push(GS, 0x76, 0x30, 0, widthBytes & 0xff, widthBytes >> 8);
    this.#push(image.height & 0xff, image.height >> 8);
    this.#chunks.push(Buffer.from(image.bits));
    return this;
  }

  /** Feeds `lines` then cuts, partially by default (GS V 66 n / GS V 65 n). */
  cut(lines = 4, partial = true): this {
    return this.#push(GS, 0x56, partial ? 0x42 : 0x41, byteArg('lines', lines, 0, 255));
  }

  /** Pulses a cash drawer (ESC p m t1 t2); times in ms, 2 ms steps; default pin 2, 50/500 ms. */
  drawerKick(pin: 2 | 5 = 2, onMs = 50, offMs = 500): this {
    const t1 = byteArg('onMs', Math.round(onMs / 2), 1, 255);
    const t2 = byteArg('offMs', Math.round(offMs / 2), 1, 255);
    return this.#push(ESC, 0x70, pin === 2 ? 0 : 1, t1, t2);
  }

  /** The bytes so far. */
  encode(): Buffer {
    return Buffer.concat(this.#chunks);
  }
}
