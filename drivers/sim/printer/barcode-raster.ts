import bwipjs from 'bwip-js';
import type { MonoImage } from '../../printer/escpos-encoder.ts';
import type { BarcodeOp } from '../../printer/escpos-interpreter.ts';
import { parseEscPosCode128, refused } from './escpos-code128.ts';

/** A barcode as the printer draws it: bars dot for dot with their HRI text, or why it cannot. */
export type BarcodeDrawing =
  { kind: 'bars'; image: MonoImage; hriText: string } | { kind: 'refused'; reason: string };

/** What bwip-js encodes for one GS k payload; `hri` undefined takes the encoder's own text. */
interface Encoding {
  bcid: string;
  text: string;
  options?: { raw?: boolean };
  hri?: string;
}

/** One GS k symbology: its name and how its payload becomes a bwip-js encoding. */
interface Symbology {
  name: string;
  encode?: (payload: string) => Encoding;
}

/** A symbology whose GS k data is what bwip-js takes. */
const plain =
  (bcid: string) =>
  (payload: string): Encoding => ({ bcid, text: payload });

const SYMBOLOGIES: readonly [number[], Symbology][] = [
  [[0, 65], { name: 'UPC-A', encode: plain('upca') }],
  [
    [1, 66],
    {
      name: 'UPC-E',
      encode: (payload) => ({ bcid: 'upce', text: payload.length === 6 ? `0${payload}` : payload }),
    },
  ],
  [[2, 67], { name: 'EAN13', encode: plain('ean13') }],
  [[3, 68], { name: 'EAN8', encode: plain('ean8') }],
  [
    [4, 69],
    { name: 'CODE39', encode: (payload) => plain('code39')(payload.replace(/^\*|\*$/g, '')) },
  ],
  [
    [5, 70],
    {
      name: 'ITF',
      encode: (payload) => {
        if (payload.length % 2 !== 0) throw refused('needs an even number of digits');
        return { bcid: 'interleaved2of5', text: payload, hri: payload };
      },
    },
  ],
  [
    [6, 71],
    {
      name: 'CODABAR',
      encode: (payload) => {
        const text = payload.replace(/^[a-d]|[a-d]$/g, (end) => end.toUpperCase());
        return { bcid: 'rationalizedCodabar', text, hri: text };
      },
    },
  ],
  [
    [72],
    { name: 'CODE93', encode: (payload) => ({ bcid: 'code93ext', text: payload, hri: payload }) },
  ],
  [
    [73],
    {
      name: 'CODE128',
      encode: (payload) => {
        const symbol = parseEscPosCode128(payload);
        const text = symbol.codewords.map((value) => `^${String(value).padStart(3, '0')}`).join('');
        return { bcid: 'code128', text, options: { raw: true }, hri: symbol.text };
      },
    },
  ],
  [[74], { name: 'GS1-128' }],
  [[75], { name: 'GS1 DataBar Omnidirectional' }],
  [[76], { name: 'GS1 DataBar Truncated' }],
  [[77], { name: 'GS1 DataBar Limited' }],
  [[78], { name: 'GS1 DataBar Expanded' }],
];

/** The GS k symbology named by `m` (Epson ESC/POS GS k: function A 0–6, function B 65–78). */
function barcodeSymbology(m: number): Symbology | undefined {
  return SYMBOLOGIES.find(([values]) => values.includes(m))?.[1];
}

/** The rule in a refusal: bwip-js says "bwipp.ean13badCheckDigit#6915: Incorrect …", ours "barcode.data: …". */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^(bwipp\.[A-Za-z0-9]+#[0-9]+|barcode\.data): /, '');
}

/** Bar and space widths in modules, bar first and last, from bwip-js's linear encoder (raw data). */
function modulePattern(encoding: Encoding): { widths: number[]; text: string } {
  const [symbol] = bwipjs.raw({
    bcid: encoding.bcid,
    text: encoding.text,
    includetext: true,
    ...encoding.options,
  });
  if (symbol === undefined || !('sbs' in symbol))
    throw new Error(`${encoding.bcid} is not a linear symbology`);
  const words = 'txt' in symbol ? (symbol.txt as [string, ...unknown[]][]) : [];
  const widths = symbol.sbs.length % 2 === 0 ? symbol.sbs.slice(0, -1) : symbol.sbs;
  return { widths, text: words.map(([word]) => word).join('') };
}

/** The bars as a 1-bit image: each module `moduleWidth` dots wide, `height` dots high. */
function barsImage(widths: readonly number[], moduleWidth: number, height: number): MonoImage {
  const width = widths.reduce((sum, modules) => sum + modules, 0) * moduleWidth;
  const rowBytes = Math.ceil(width / 8);
  const row = new Uint8Array(rowBytes);
  let x = 0;
  widths.forEach((modules, index) => {
    const end = x + modules * moduleWidth;
    if (index % 2 === 0)
      for (let dot = x; dot < end; dot += 1)
        row[dot >> 3] = (row[dot >> 3] ?? 0) | (0x80 >> (dot & 7));
    x = end;
  });
  const bits = new Uint8Array(rowBytes * height);
  for (let y = 0; y < height; y += 1) bits.set(row, y * rowBytes);
  return { width, height, bits };
}

/**
 * Draws a GS k barcode as the printer would (symbology from m, bar height GS h, module width
 * GS w) with bwip-js; an unsupported symbology, data the symbology refuses or a symbol wider
 * than `maxWidth` dots (a printer then prints nothing) is refused with the reason.
 */
export function drawBarcode(op: BarcodeOp, maxWidth: number): BarcodeDrawing {
  const symbology = barcodeSymbology(op.symbology);
  if (symbology?.encode === undefined) {
    const name = symbology === undefined ? 'not a GS k symbology' : symbology.name;
    return { kind: 'refused', reason: `m=${op.symbology} (${name}) is not drawn` };
  }
  try {
    const encoding = symbology.encode(op.payload);
    const pattern = modulePattern(encoding);
    const image = barsImage(pattern.widths, op.moduleWidth, op.height);
    if (image.width > maxWidth)
      return {
        kind: 'refused',
        reason: `${symbology.name} is ${image.width} dots wide, the paper ${maxWidth}`,
      };
    return { kind: 'bars', image, hriText: encoding.hri ?? pattern.text };
  } catch (error) {
    return { kind: 'refused', reason: `${symbology.name}: ${reasonOf(error)}` };
  }
}
