import { type CodePage, CODE_PAGES, codePageByEscT, decodeText } from './code-pages.ts';
import type { Alignment, MonoImage } from './escpos-encoder.ts';
import type { StatusQuery } from './escpos-status.ts';

/** The text style in force when text was printed. */
export interface TextStyle {
  align: Alignment;
  bold: boolean;
  underline: number;
  /** Character magnification, 1–8 each way. */
  width: number;
  height: number;
}

/** Where a barcode's human-readable digits print (GS H n: 0 none, 1 above, 2 below, 3 both). */
export type HriPosition = 'none' | 'above' | 'below' | 'both';

/**
 * A barcode as GS k printed it: `symbology` is GS k's m (0–6 function A, 65 and up function B),
 * `payload` is d1…dk as sent, `data` drops CODE128's leading code set; bar `height` (GS h) and
 * narrowest bar `moduleWidth` (GS w) in dots and `hri` (GS H) as set then — Epson ESC/POS
 * defaults 162 dots, 3 dots, none.
 */
export interface BarcodeOp {
  kind: 'barcode';
  symbology: number;
  data: string;
  payload: string;
  height: number;
  moduleWidth: number;
  hri: HriPosition;
  align: Alignment;
}

/** One thing the printer did, in order. */
export type PrintOp =
  | { kind: 'text'; text: string; style: TextStyle }
  | { kind: 'newline'; style: TextStyle }
  | { kind: 'feed'; lines: number }
  | BarcodeOp
  | { kind: 'qr'; data: string; moduleSize: number; level: string; align: Alignment }
  | { kind: 'image'; image: MonoImage; align: Alignment }
  | { kind: 'cut'; partial: boolean }
  | { kind: 'drawer'; pin: 2 | 5; onMs: number; offMs: number }
  | { kind: 'status'; query: StatusQuery }
  | { kind: 'unknown'; byte: number };

/** Where the interpreter stands: the bytes, the command's offset, the ops so far, argument access. */
interface Cursor {
  bytes: Buffer;
  at: number;
  ops: PrintOp[];
  /** True when `n` bytes from the command's start are available. */
  need: (n: number) => boolean;
  /** The byte `i` places after the command's start (0 when absent). */
  arg: (i: number) => number;
}

const ALIGN: readonly Alignment[] = ['left', 'center', 'right'];
const HRI: readonly HriPosition[] = ['none', 'above', 'below', 'both'];
/** Longest GS k function A payload looked for before its NUL is taken as missing. */
const FUNCTION_A_MAX = 255;

function barcodeDefaults(): Pick<BarcodeOp, 'height' | 'moduleWidth' | 'hri'> {
  return { height: 162, moduleWidth: 3, hri: 'none' };
}

function plainStyle(): TextStyle {
  return { align: 'left', bold: false, underline: 0, width: 1, height: 1 };
}

/**
 * Reads an ESC/POS byte stream the way a printer does, into PrintOps: the printer simulator's
 * model of what was printed. Fed in chunks; a command split across chunks waits for its bytes.
 */
export class EscPosInterpreter {
  #pending = Buffer.alloc(0);
  #style = plainStyle();
  #page: CodePage = CODE_PAGES.cp437;
  #qr = { data: '', moduleSize: 3, level: 'M' };
  #barcode = barcodeDefaults();
  #text: number[] = [];
  /** The stream's last two bytes, for a DLE EOT split across chunks. */
  #realtimeTail = Buffer.alloc(0);

  /** Feeds bytes; returns the operations they complete, status requests first. */
  push(chunk: Buffer): PrintOp[] {
    const ops = this.#realtimeStatus(chunk);
    this.#pending = Buffer.concat([this.#pending, chunk]);
    let at = 0;
    for (;;) {
      const used = this.#step(this.#pending, at, ops);
      if (used === 0) break;
      at += used;
    }
    this.#flushText(ops);
    this.#pending = this.#pending.subarray(at);
    return ops;
  }

  /**
   * DLE EOT n (n 1–4) wherever it arrives, inside the data of an unfinished image, barcode or QR
   * code too: a real-time command the printer answers on receipt (Epson ESC/POS, DLE EOT), so
   * malformed or stalled print data never silences the status a lane polls.
   */
  #realtimeStatus(chunk: Buffer): PrintOp[] {
    const bytes = Buffer.concat([this.#realtimeTail, chunk]);
    const ops: PrintOp[] = [];
    for (let i = 0; i + 2 < bytes.length; i += 1) {
      const n = bytes[i + 2] ?? 0;
      if (bytes[i] === 0x10 && bytes[i + 1] === 0x04 && n >= 1 && n <= 4) {
        ops.push({ kind: 'status', query: n as StatusQuery });
        i += 2;
      }
    }
    this.#realtimeTail = bytes.subarray(Math.max(0, bytes.length - 2));
    return ops;
  }

  #flushText(ops: PrintOp[]): void {
    if (this.#text.length === 0) return;
    ops.push({
      kind: 'text',
      text: decodeText(Buffer.from(this.#text), this.#page),
      style: { ...this.#style },
    });
    this.#text = [];
  }

  /** Interprets one command or character at `at`; returns bytes used, 0 when more are needed. */
  #step(b: Buffer, at: number, ops: PrintOp[]): number {
    const byte = b[at];
    if (byte === undefined) return 0;
    const need = (n: number): boolean => at + n <= b.length;
    const arg = (i: number): number => b[at + i] ?? 0;
    if (byte >= 0x20 || byte === 0x09) {
      this.#text.push(byte);
      return 1;
    }
    this.#flushText(ops);
    if (byte === 0x0a) {
      ops.push({ kind: 'newline', style: { ...this.#style } });
      return 1;
    }
    if (byte === 0x0d) return 1;
    if (byte === 0x10) return need(3) ? 3 : 0;
    if (byte === 0x1b) return this.#esc({ bytes: b, at, ops, need, arg });
    if (byte === 0x1d) return this.#gs({ bytes: b, at, ops, need, arg });
    ops.push({ kind: 'unknown', byte });
    return 1;
  }

  #esc(cursor: Cursor): number {
    const { ops, need, arg } = cursor;
    if (!need(2)) return 0;
    const command = arg(1);
    if (command === 0x40) {
      this.#style = plainStyle();
      this.#page = CODE_PAGES.cp437;
      this.#barcode = barcodeDefaults();
      return 2;
    }
    if (command === 0x70) {
      if (!need(5)) return 0;
      ops.push({
        kind: 'drawer',
        pin: arg(2) === 0 || arg(2) === 0x30 ? 2 : 5,
        onMs: arg(3) * 2,
        offMs: arg(4) * 2,
      });
      return 5;
    }
    if (!need(3)) return 0;
    const n = arg(2);
    if (command === 0x61) this.#style.align = ALIGN[n % 0x30] ?? 'left';
    else if (command === 0x45) this.#style.bold = (n & 1) === 1;
    else if (command === 0x2d) this.#style.underline = n % 0x30;
    else if (command === 0x74) this.#page = codePageByEscT(n) ?? this.#page;
    else if (command === 0x64) ops.push({ kind: 'feed', lines: n });
    else if (command === 0x21) {
      this.#style.bold = (n & 0x08) !== 0;
      this.#style.height = n & 0x10 ? 2 : 1;
      this.#style.width = n & 0x20 ? 2 : 1;
      this.#style.underline = n & 0x80 ? 1 : 0;
    } else ops.push({ kind: 'unknown', byte: command });
    return 3;
  }

  #gs(cursor: Cursor): number {
    const { bytes: b, at, ops, need, arg } = cursor;
    if (!need(3)) return 0;
    const command = arg(1);
    const n = arg(2);
    if (command === 0x21) {
      this.#style.width = (n >> 4) + 1;
      this.#style.height = (n & 0x0f) + 1;
      return 3;
    }
    if (command === 0x68 || command === 0x77 || command === 0x48 || command === 0x42) {
      this.#barcodeSetting(command, n);
      return 3;
    }
    if (command === 0x56) {
      const withFeed = n === 0x41 || n === 0x42;
      if (withFeed && !need(4)) return 0;
      if (withFeed && arg(3) > 0) ops.push({ kind: 'feed', lines: arg(3) });
      ops.push({ kind: 'cut', partial: n === 0x01 || n === 0x31 || n === 0x42 });
      return withFeed ? 4 : 3;
    }
    if (command === 0x6b) return this.#barcodeCommand(cursor);
    if (command === 0x28 && n === 0x6b) return this.#qrFunction(cursor);
    if (command === 0x76 && n === 0x30) {
      if (!need(8)) return 0;
      const widthBytes = arg(4) | (arg(5) << 8);
      const height = arg(6) | (arg(7) << 8);
      if (!need(8 + widthBytes * height)) return 0;
      const bits = Uint8Array.from(b.subarray(at + 8, at + 8 + widthBytes * height));
      ops.push({
        kind: 'image',
        image: { width: widthBytes * 8, height, bits },
        align: this.#style.align,
      });
      return 8 + widthBytes * height;
    }
    ops.push({ kind: 'unknown', byte: command });
    return 2;
  }

  /** GS h n (height, n ≥ 1), GS w n (module, 1–6), GS H n (HRI, 0–3 or '0'–'3'); others ignored. */
  #barcodeSetting(command: number, n: number): void {
    if (command === 0x68 && n >= 1) this.#barcode.height = n;
    else if (command === 0x77 && n >= 1 && n <= 6) this.#barcode.moduleWidth = n;
    else if (command === 0x48) this.#barcode.hri = HRI[n % 0x30] ?? this.#barcode.hri;
  }

  /** GS k m: function A (m 0–6) ends its data with NUL, function B (m ≥ 65) gives its length. */
  #barcodeCommand(cursor: Cursor): number {
    const { bytes: b, at, ops, need, arg } = cursor;
    const m = arg(2);
    const functionA = m <= 6;
    const start = at + (functionA ? 3 : 4);
    const length = functionA ? b.subarray(start, start + FUNCTION_A_MAX + 1).indexOf(0) : arg(3);
    if (functionA && length < 0) return b.length - start > FUNCTION_A_MAX ? 3 : 0;
    if (!need(4) || !need(start - at + length)) return 0;
    const payload = b.subarray(start, start + length).toString('latin1');
    ops.push({
      kind: 'barcode',
      symbology: m,
      data: payload.replace(/^\{[ABC]/, ''),
      payload,
      ...this.#barcode,
      align: this.#style.align,
    });
    return start - at + length + (functionA ? 1 : 0);
  }

  #qrFunction(cursor: Cursor): number {
    const { bytes: b, at, ops, need, arg } = cursor;
    if (!need(8)) return 0;
    const length = arg(3) | (arg(4) << 8);
    if (!need(5 + length)) return 0;
    const fn = arg(6);
    if (fn === 0x43) this.#qr.moduleSize = arg(7);
    else if (fn === 0x45) this.#qr.level = ['L', 'M', 'Q', 'H'][arg(7) - 0x30] ?? 'M';
    else if (fn === 0x50) this.#qr.data = b.subarray(at + 8, at + 5 + length).toString('utf8');
    else if (fn === 0x51) ops.push({ kind: 'qr', ...this.#qr, align: this.#style.align });
    return 5 + length;
  }
}
