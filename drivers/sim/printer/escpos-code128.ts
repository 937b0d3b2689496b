import { DeviceError } from '../../device-error.ts';

/** A CODE128 symbol's codewords (start code first; check and stop left to the encoder) and its text. */
export interface Code128Symbol {
  /** Symbol character values 0–106 (ISO/IEC 15417 table 1), start A/B/C (103/104/105) first. */
  codewords: number[];
  /** What a reader returns, for the HRI line: set C digit pairs as digits, functions left out. */
  text: string;
}

type CodeSet = 'A' | 'B' | 'C';

const START: Readonly<Record<CodeSet, number>> = { A: 103, B: 104, C: 105 };
/** CODE A is 101, CODE B 100, CODE C 99 (ISO/IEC 15417 table 1). */
const SWITCH: Readonly<Record<CodeSet, number>> = { A: 101, B: 100, C: 99 };
const SHIFT = 98;
const FNC1 = 102;
/** FNC2 and FNC3 in sets A and B; FNC4 is 101 in set A, 100 in set B. */
const FUNCTION_AB: Readonly<Record<string, (set: CodeSet) => number>> = {
  '2': () => 97,
  '3': () => 96,
  '4': (set) => (set === 'A' ? 101 : 100),
};

/** BAD_INPUT on field barcode.data naming the rule the GS k data breaks. */
export function refused(rule: string): DeviceError {
  return new DeviceError('BAD_INPUT', `barcode.data: ${rule}`, { field: 'barcode.data' });
}

function isCodeSet(char: string | undefined): char is CodeSet {
  return char === 'A' || char === 'B' || char === 'C';
}

/** The codeword of `byte` in `set`, or undefined when the set has no such character. */
function characterValue(byte: number, set: CodeSet): number | undefined {
  if (set === 'C') return byte <= 99 ? byte : undefined;
  if (set === 'A') return byte < 0x20 ? byte + 64 : byte <= 0x5f ? byte - 32 : undefined;
  return byte >= 0x20 && byte <= 0x7f ? byte - 32 : undefined;
}

/**
 * Reads the data of an ESC/POS CODE128 barcode (GS k m=73) the way an Epson printer does: it
 * starts with {A, {B or {C; `{A` `{B` `{C` switch code set, `{S` shifts one character between A
 * and B, `{1`–`{4` are FNC1–FNC4 and `{{` is a "{"; in set C each byte 0–99 is one digit pair.
 * Throws BAD_INPUT (field barcode.data) naming the rule the data breaks.
 */
export function parseEscPosCode128(payload: string): Code128Symbol {
  const bytes = Buffer.from(payload, 'latin1');
  const first = String.fromCharCode(bytes[1] ?? 0);
  if (bytes[0] !== 0x7b || !isCodeSet(first)) throw refused('data must start with {A, {B or {C');
  let set: CodeSet = first;
  const codewords = [START[set]];
  let text = '';
  let shifted = false;
  for (let at = 2; at < bytes.length; at += 1) {
    const byte = bytes[at] ?? 0;
    if (byte === 0x7b) {
      at += 1;
      if (at >= bytes.length) throw refused('data ends with a lone {');
      const next = String.fromCharCode(bytes[at] ?? 0);
      if (next !== '{') {
        if (shifted) throw refused('{S must be followed by a character');
        if (isCodeSet(next)) {
          if (next !== set) codewords.push(SWITCH[next]);
          set = next;
        } else if (next === '1') codewords.push(FNC1);
        else if (next === 'S' || FUNCTION_AB[next] !== undefined) {
          if (set === 'C') throw refused(`{${next} is not available in code set C`);
          codewords.push(next === 'S' ? SHIFT : (FUNCTION_AB[next]?.(set) ?? 0));
          shifted = next === 'S';
        } else throw refused(`{ must be followed by A, B, C, S, 1, 2, 3, 4 or { (byte ${at})`);
        continue;
      }
    }
    const active: CodeSet = shifted ? (set === 'A' ? 'B' : 'A') : set;
    shifted = false;
    const value = characterValue(byte, active);
    if (value === undefined)
      throw refused(
        active === 'C'
          ? `code set C takes bytes 0–99 (byte ${at} is ${byte})`
          : `code set ${active} has no character 0x${byte.toString(16).padStart(2, '0')}`,
      );
    codewords.push(value);
    text +=
      active === 'C'
        ? String(byte).padStart(2, '0')
        : byte >= 0x20
          ? String.fromCharCode(byte)
          : ' ';
  }
  if (shifted) throw refused('{S must be followed by a character');
  if (codewords.length === 1) throw refused('data holds no characters');
  return { codewords, text };
}
