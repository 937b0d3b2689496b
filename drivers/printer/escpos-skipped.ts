// The ESC/POS commands the interpreter reads past without drawing anything (Epson ESC/POS): their
// lengths by command byte, and the FS group, all of which it skips.
import type { PrintOp } from './escpos-ops.ts';

/**
 * Where the ESC/POS interpreter stands (Epson ESC/POS, command syntax): the bytes, the command's
 * offset, the ops so far, argument access.
 */
export interface CommandCursor {
  bytes: Buffer;
  at: number;
  ops: PrintOp[];
  /** True when `n` bytes from the command's start are available. */
  need: (n: number) => boolean;
  /** The byte `i` places after the command's start (0 when absent). */
  arg: (i: number) => number;
}

/**
 * Lengths of commands that change nothing this model draws (line spacing, upside-down, ASB,
 * reverse, print area, paper status, Kanji modes), by their second byte: ESC 2, ESC 3 n, ESC R n,
 * ESC { n (Epson ESC/POS); SKIPPED_GS and SKIPPED_FS give the GS and FS ones.
 */
export const SKIPPED_ESC: ReadonlyMap<number, number> = new Map([
  [0x32, 2],
  [0x33, 3],
  [0x52, 3],
  [0x7b, 3],
]);

/** Lengths of skipped GS commands by second byte: GS a n, B n, L nL nH, W nL nH, r n (Epson ESC/POS). */
export const SKIPPED_GS: ReadonlyMap<number, number> = new Map([
  [0x61, 3],
  [0x42, 3],
  [0x4c, 4],
  [0x57, 4],
  [0x72, 3],
]);

/** Lengths of skipped FS commands, by second byte: FS . & C - ! S (Epson ESC/POS). */
const SKIPPED_FS: ReadonlyMap<number, number> = new Map([
  [0x2e, 2],
  [0x26, 2],
  [0x43, 3],
  [0x2d, 3],
  [0x21, 3],
  [0x53, 4],
]);

/** FS commands (Kanji modes, code system): skipped; FS ( x pL pH … by its length (Epson ESC/POS). */
export function skipFs(cursor: CommandCursor): number {
  const { ops, need, arg } = cursor;
  if (!need(2)) return 0;
  if (arg(1) === 0x28) {
    if (!need(5)) return 0;
    const length = 5 + (arg(3) | (arg(4) << 8));
    return need(length) ? length : 0;
  }
  const skipped = SKIPPED_FS.get(arg(1));
  if (skipped !== undefined) return need(skipped) ? skipped : 0;
  ops.push({ kind: 'unknown', byte: arg(1) });
  return 2;
}
