import {
  type CodePage,
  CODE_PAGES,
  KATAKANA_ESC_T,
  codePageByEscT,
  decodeKatakana,
  decodeText,
} from './code-pages.ts';
import type { Alignment } from './escpos-encoder.ts';
import { FONT_A_DOTS, FONT_B_DOTS, type PrintOp, plainStyle } from './escpos-ops.ts';
import { EscPosSymbols, type SymbolStep } from './escpos-symbols.ts';
import { type CommandCursor, SKIPPED_ESC, SKIPPED_GS, skipFs } from './escpos-skipped.ts';
import type { StatusQuery } from './escpos-status.ts';

export type { BarcodeOp, HriPosition, PrintOp, TextStyle } from './escpos-ops.ts';

const ALIGN: readonly Alignment[] = ['left', 'center', 'right'];

/**
 * Reads an ESC/POS byte stream the way a printer does, into PrintOps: the printer simulator's
 * model of what was printed. Fed in chunks; a command split across chunks waits for its bytes.
 * It follows the print position along a line (fonts A and B, magnification, ESC SP spacing) so
 * ESC $ and ESC \ place text where a printer would, as receiptline's output uses them.
 */
export class EscPosInterpreter {
  #pending = Buffer.alloc(0);
  #style = plainStyle();
  #page: CodePage | typeof KATAKANA_ESC_T = CODE_PAGES.cp437;
  readonly #symbols = new EscPosSymbols();
  #text: number[] = [];
  /** The print position on the line, in dots; font dots and ESC SP spacing per character. */
  #x = 0;
  #fontDots = FONT_A_DOTS;
  #spacing = 0;
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
    const bytes = Buffer.from(this.#text);
    const text =
      this.#page === KATAKANA_ESC_T ? decodeKatakana(bytes) : decodeText(bytes, this.#page);
    ops.push({ kind: 'text', text, style: { ...this.#style } });
    this.#text = [];
  }

  /** Ends the line: the print position returns to its start. */
  #lineEnd(ops: PrintOp[], op: PrintOp): void {
    ops.push(op);
    this.#x = 0;
  }

  /** Interprets one command or character at `at`; returns bytes used, 0 when more are needed. */
  #step(b: Buffer, at: number, ops: PrintOp[]): number {
    const byte = b[at];
    if (byte === undefined) return 0;
    const need = (n: number): boolean => at + n <= b.length;
    const arg = (i: number): number => b[at + i] ?? 0;
    if (byte >= 0x20 || byte === 0x09) {
      this.#text.push(byte);
      this.#x += (this.#fontDots + this.#spacing) * this.#style.width;
      return 1;
    }
    this.#flushText(ops);
    if (byte === 0x0a) {
      this.#lineEnd(ops, { kind: 'newline', style: { ...this.#style } });
      return 1;
    }
    if (byte === 0x0d) return 1;
    if (byte === 0x10) return need(3) ? 3 : 0;
    const cursor = { bytes: b, at, ops, need, arg };
    if (byte === 0x1b) return this.#esc(cursor);
    if (byte === 0x1d) return this.#gs(cursor);
    if (byte === 0x1c) return skipFs(cursor);
    ops.push({ kind: 'unknown', byte });
    return 1;
  }

  #esc(cursor: CommandCursor): number {
    const { ops, need, arg } = cursor;
    if (!need(2)) return 0;
    const command = arg(1);
    if (command === 0x40) {
      this.#style = plainStyle();
      this.#page = CODE_PAGES.cp437;
      this.#symbols.reset();
      [this.#x, this.#fontDots, this.#spacing] = [0, FONT_A_DOTS, 0];
      return 2;
    }
    const skipped = SKIPPED_ESC.get(command);
    if (skipped !== undefined) return need(skipped) ? skipped : 0;
    if (command === 0x70 || command === 0x24 || command === 0x5c) return this.#escLong(cursor);
    if (!need(3)) return 0;
    const n = arg(2);
    if (command === 0x61) this.#style.align = ALIGN[n % 0x30] ?? 'left';
    else if (command === 0x45) this.#style.bold = (n & 1) === 1;
    else if (command === 0x2d) this.#style.underline = n % 0x30;
    else if (command === 0x74)
      this.#page = n === KATAKANA_ESC_T ? n : (codePageByEscT(n) ?? this.#page);
    else if (command === 0x4d) this.#fontDots = (n & 1) === 1 ? FONT_B_DOTS : FONT_A_DOTS;
    else if (command === 0x20) this.#spacing = n;
    else if (command === 0x64) this.#lineEnd(ops, { kind: 'feed', lines: n });
    else if (command === 0x21) {
      this.#fontDots = (n & 0x01) === 1 ? FONT_B_DOTS : FONT_A_DOTS;
      this.#style.bold = (n & 0x08) !== 0;
      this.#style.height = n & 0x10 ? 2 : 1;
      this.#style.width = n & 0x20 ? 2 : 1;
      this.#style.underline = n & 0x80 ? 1 : 0;
    } else ops.push({ kind: 'unknown', byte: command });
    return 3;
  }

  /** ESC p m t1 t2 (drawer pulse), ESC $ nL nH (absolute position), ESC \ nL nH (relative). */
  #escLong(cursor: CommandCursor): number {
    const { ops, need, arg } = cursor;
    const command = arg(1);
    if (command === 0x70) {
      if (!need(5)) return 0;
      const pin = arg(2) === 0 || arg(2) === 0x30 ? 2 : 5;
      ops.push({ kind: 'drawer', pin, onMs: arg(3) * 2, offMs: arg(4) * 2 });
      return 5;
    }
    if (!need(4)) return 0;
    const n = arg(2) | (arg(3) << 8);
    this.#x = command === 0x24 ? n : Math.max(0, this.#x + (n >= 0x8000 ? n - 0x10000 : n));
    ops.push({ kind: 'position', x: this.#x });
    return 4;
  }

  /** Records what a symbol command printed (a barcode, QR code or image ends the line). */
  #symbol(ops: PrintOp[], step: SymbolStep): number {
    if (step.op !== undefined) this.#lineEnd(ops, step.op);
    return step.used;
  }

  #gs(cursor: CommandCursor): number {
    const { bytes: b, at, ops, need, arg } = cursor;
    if (!need(3)) return 0;
    const command = arg(1);
    const n = arg(2);
    if (command === 0x21) {
      this.#style.width = (n >> 4) + 1;
      this.#style.height = (n & 0x0f) + 1;
      return 3;
    }
    if (command === 0x68 || command === 0x77 || command === 0x48) {
      this.#symbols.setting(command, n);
      return 3;
    }
    const skipped = SKIPPED_GS.get(command);
    if (skipped !== undefined) return need(skipped) ? skipped : 0;
    if (command === 0x56) {
      const withFeed = n === 0x41 || n === 0x42;
      if (withFeed && !need(4)) return 0;
      if (withFeed && arg(3) > 0) ops.push({ kind: 'feed', lines: arg(3) });
      this.#lineEnd(ops, { kind: 'cut', partial: n === 0x01 || n === 0x31 || n === 0x42 });
      return withFeed ? 4 : 3;
    }
    const align = this.#style.align;
    if (command === 0x6b) return this.#symbol(ops, this.#symbols.barcode(b, at, align));
    if (command === 0x28 && n === 0x6b) return this.#symbol(ops, this.#symbols.qr(b, at, align));
    if ((command === 0x28 || command === 0x38) && n === 0x4c)
      return this.#symbol(ops, this.#symbols.graphics(b, at, align));
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
}
