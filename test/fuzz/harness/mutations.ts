// Mutation arbitraries: valid golden inputs changed the way a fuzzer changes them (bit flips,
// interesting bytes, inserted, deleted, repeated and spliced runs, dictionary tokens), plus a share
// of plain random bytes, all shrinkable by fast-check.
import fc from 'fast-check';

/** Bytes parsers branch on: framing controls, sign and length-form edges, digits, separators. */
const INTERESTING = Buffer.from([
  0x00, 0x01, 0x02, 0x03, 0x04, 0x06, 0x0a, 0x0d, 0x10, 0x15, 0x1a, 0x1b, 0x1c, 0x1d, 0x1f, 0x20,
  0x22, 0x25, 0x2c, 0x30, 0x39, 0x3b, 0x3d, 0x3f, 0x44, 0x5e, 0x7f, 0x80, 0x81, 0x82, 0x84, 0xff,
]);

/** One edit; `at`, `value`, `length` and `other` are read modulo what the edit needs. */
interface Edit {
  kind: number;
  at: number;
  value: number;
  length: number;
  other: number;
}

const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.nat(9),
  at: fc.nat(),
  value: fc.nat(255),
  length: fc.integer({ min: 1, max: 64 }),
  other: fc.nat(),
});

function insert(data: Buffer, at: number, piece: Buffer): Buffer {
  const cut = data.length === 0 ? 0 : at % (data.length + 1);
  return Buffer.concat([data.subarray(0, cut), piece, data.subarray(cut)]);
}

/** Applies one edit; `goldens` and `tokens` feed splices and dictionary insertions. */
function applyEdit(
  data: Buffer,
  e: Edit,
  goldens: readonly Buffer[],
  tokens: readonly Buffer[],
): Buffer {
  const at = data.length === 0 ? 0 : e.at % data.length;
  switch (e.kind) {
    case 0: {
      if (data.length === 0) return data;
      const out = Buffer.from(data);
      out[at] = (out[at] ?? 0) ^ (1 << (e.value % 8));
      return out;
    }
    case 1: {
      if (data.length === 0) return data;
      const out = Buffer.from(data);
      out[at] = INTERESTING[e.value % INTERESTING.length] ?? 0;
      return out;
    }
    case 2:
      return insert(data, e.at, Buffer.alloc(e.length % 8 || 1, e.value));
    case 3:
      return Buffer.concat([data.subarray(0, at), data.subarray(at + e.length)]);
    case 4: {
      const piece = data.subarray(at, at + e.length);
      return insert(
        data,
        e.other,
        Buffer.concat(Array.from({ length: 1 + (e.value % 16) }, () => piece)),
      );
    }
    case 5:
      return data.subarray(0, at);
    case 6: {
      const other = goldens[e.other % goldens.length] ?? Buffer.alloc(0);
      const from = other.length === 0 ? 0 : e.value % other.length;
      return Buffer.concat([data.subarray(0, at), other.subarray(from)]);
    }
    case 7: {
      const token =
        tokens.length === 0 ? INTERESTING.subarray(0, 4) : tokens[e.other % tokens.length];
      return insert(data, e.at, token ?? Buffer.alloc(0));
    }
    case 8:
      return Buffer.concat(Array.from({ length: 2 + (e.value % 6) }, () => data));
    default: {
      if (data.length === 0) return data;
      const out = Buffer.from(data);
      out[at] = e.value;
      return out;
    }
  }
}

/** Options of `mutated`: tokens the edits insert, and the size of the random inputs. */
export interface MutationOptions {
  tokens?: readonly Buffer[];
  /** Largest random input, in bytes; default 512. */
  maxRandomBytes?: number;
}

/**
 * Bytes made from the goldens, with the index of the golden they grew from: nine in ten are a
 * golden with up to eight edits, one in ten random (golden -1).
 */
export function mutatedFrom(
  goldens: readonly Buffer[],
  options: MutationOptions = {},
): fc.Arbitrary<{ golden: number; bytes: Buffer }> {
  if (goldens.length === 0) throw new Error('mutated: give at least one golden input');
  const tokens = options.tokens ?? [];
  const edits = fc.record({
    golden: fc.nat(goldens.length - 1),
    edits: fc.array(edit, { maxLength: 8 }),
  });
  const changed = edits.map(({ golden, edits: list }) => ({
    golden,
    bytes: list.reduce(
      (data, e) => applyEdit(data, e, goldens, tokens),
      goldens[golden] ?? Buffer.alloc(0),
    ),
  }));
  const random = fc
    .uint8Array({ maxLength: options.maxRandomBytes ?? 512 })
    .map((bytes) => ({ golden: -1, bytes: Buffer.from(bytes) }));
  return fc.oneof({ weight: 9, arbitrary: changed }, { weight: 1, arbitrary: random });
}

/** Bytes made from the goldens as `mutatedFrom` makes them, without where they grew from. */
export function mutated(
  goldens: readonly Buffer[],
  options: MutationOptions = {},
): fc.Arbitrary<Buffer> {
  return mutatedFrom(goldens, options).map(({ bytes }) => bytes);
}

/** The same bytes as latin1 text, one character per byte (for parsers that take strings). */
export function mutatedText(
  goldens: readonly string[],
  options: MutationOptions = {},
): fc.Arbitrary<string> {
  return mutated(
    goldens.map((text) => Buffer.from(text, 'latin1')),
    options,
  ).map((bytes) => bytes.toString('latin1'));
}

/** Points at which a byte stream is cut into chunks, to feed stream parsers as a socket would. */
export const chunkCuts: fc.Arbitrary<number[]> = fc.array(fc.nat(), { maxLength: 8 });

/** The bytes cut at `cuts` (each taken modulo the length), in order, empty pieces dropped. */
export function chunked(data: Buffer, cuts: readonly number[]): Buffer[] {
  const points = [...new Set(cuts.map((cut) => (data.length === 0 ? 0 : cut % data.length)))].sort(
    (a, b) => a - b,
  );
  const pieces: Buffer[] = [];
  let from = 0;
  for (const point of [...points, data.length]) {
    if (point > from) pieces.push(data.subarray(from, point));
    from = Math.max(from, point);
  }
  return pieces;
}
