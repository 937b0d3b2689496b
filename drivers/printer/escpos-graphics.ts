import type { MonoImage } from './escpos-encoder.ts';

/** What a graphics command (GS ( L or GS 8 L) did: bytes used (0 when more are needed), and a graphic stored or printed. */
interface GraphicsStep {
  used: number;
  /** The raster graphic fn 112 stored in the print buffer. */
  stored?: MonoImage;
  /** fn 50 printed the buffered graphic. */
  print?: boolean;
}

/** fn 112 (0x70): store raster graphics data in the print buffer; fn 50 (0x32): print it. */
const STORE_RASTER = 0x70;
const PRINT_BUFFERED = 0x32;

/** A 1-bit image scaled up `bx` times across and `by` times down (GS ( L fn 112 bx, by). */
function scaled(image: MonoImage, bx: number, by: number): MonoImage {
  if (bx === 1 && by === 1) return image;
  const width = image.width * bx;
  const rowBytes = Math.ceil(width / 8);
  const sourceRowBytes = Math.ceil(image.width / 8);
  const bits = new Uint8Array(rowBytes * image.height * by);
  for (let y = 0; y < image.height * by; y += 1)
    for (let x = 0; x < width; x += 1) {
      const sx = Math.floor(x / bx);
      const sourceByte = image.bits[Math.floor(y / by) * sourceRowBytes + (sx >> 3)] ?? 0;
      const at = y * rowBytes + (x >> 3);
      if (((sourceByte >> (7 - (sx & 7))) & 1) === 1)
        bits[at] = (bits[at] ?? 0) | (0x80 >> (x & 7));
    }
  return { width, height: image.height * by, bits };
}

/**
 * Reads a graphics command at `at` (Epson ESC/POS GS ( L and its long form GS 8 L, functions 112
 * and 50): `GS ( L pL pH m fn …` counts pL + pH × 256 bytes from m; `GS 8 L p1 p2 p3 p4 m fn …`
 * counts a 32-bit length. Function 112 with m 0x30 stores a raster graphic (a, bx, by, colour c,
 * width, height, data); function 50 prints what is stored. Other functions are skipped.
 */
export function readGraphics(bytes: Buffer, at: number): GraphicsStep {
  const long = bytes[at + 1] === 0x38;
  const header = long ? 7 : 5;
  if (bytes.length < at + header + 2) return { used: 0 };
  const length = long ? bytes.readUInt32LE(at + 3) : bytes.readUInt16LE(at + 3);
  const used = header + length;
  if (bytes.length < at + used) return { used: 0 };
  const body = bytes.subarray(at + header, at + used);
  const fn = body[1];
  if (fn === PRINT_BUFFERED) return { used, print: true };
  if (fn !== STORE_RASTER || body.length < 10) return { used };
  const bx = Math.max(1, body[3] ?? 1);
  const by = Math.max(1, body[4] ?? 1);
  const width = body.readUInt16LE(6);
  const height = body.readUInt16LE(8);
  const bits = Uint8Array.from(body.subarray(10, 10 + Math.ceil(width / 8) * height));
  if (bits.length !== Math.ceil(width / 8) * height) return { used };
  return { used, stored: scaled({ width, height, bits }, bx, by) };
}
