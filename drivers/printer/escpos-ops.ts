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

/**
 * One thing the printer did, in order. A `position` is where the next text starts on the line
 * (ESC $ absolute, ESC \ relative), in dots from the line's start: font A characters are 12 dots
 * wide, font B 9, times the width magnification.
 */
export type PrintOp =
  | { kind: 'text'; text: string; style: TextStyle }
  | { kind: 'newline'; style: TextStyle }
  | { kind: 'position'; x: number }
  | { kind: 'feed'; lines: number }
  | BarcodeOp
  | { kind: 'qr'; data: string; moduleSize: number; level: string; align: Alignment }
  | { kind: 'image'; image: MonoImage; align: Alignment }
  | { kind: 'cut'; partial: boolean }
  | { kind: 'drawer'; pin: 2 | 5; onMs: number; offMs: number }
  | { kind: 'status'; query: StatusQuery }
  | { kind: 'unknown'; byte: number };

/** Dots per character of font A (12 × 24), the printer's default font (ESC M 0). */
export const FONT_A_DOTS = 12;
/** Dots per character of font B (9 × 17), ESC M 1. */
export const FONT_B_DOTS = 9;

/** Epson's defaults for barcodes (GS h 162, GS w 3, GS H 0). */
export function barcodeDefaults(): Pick<BarcodeOp, 'height' | 'moduleWidth' | 'hri'> {
  return { height: 162, moduleWidth: 3, hri: 'none' };
}

/** Left-aligned, plain, normal size: the style after ESC @. */
export function plainStyle(): TextStyle {
  return { align: 'left', bold: false, underline: 0, width: 1, height: 1 };
}
