import { TlvError } from './errors.ts';

/**
 * BER-TLV as EMV uses it (EMV Book 3 Annex B, ISO/IEC 8825-1): multi-byte tags, short and long
 * form lengths, constructed tags decoded into their children, 00 padding between objects skipped.
 */

/** One data object. `tag` is uppercase hex ("9F26"); constructed tags also carry `children`. */
export interface TlvNode {
  tag: string;
  /** The value bytes; for a constructed tag, the encoding of its children. */
  value: Buffer;
  /** Decoded children of a constructed tag (b6 of the first tag byte set); encoded in its place. */
  children?: TlvNode[];
}

/** Deepest nesting of constructed tags the decoder follows. */
const MAX_DEPTH = 16;
/** Longest tag, in bytes. */
const MAX_TAG_BYTES = 4;
/** Longest long-form length field after its 8x byte, in bytes (81 to 84). */
const MAX_LENGTH_BYTES = 4;

/** True when the first tag byte marks a constructed object (b6 = 1). */
export function isConstructedTag(tag: string): boolean {
  return (parseInt(tag.slice(0, 2), 16) & 0x20) !== 0;
}

function readTag(data: Buffer, start: number, end: number): number {
  let i = start + 1;
  if (((data[start] ?? 0) & 0x1f) !== 0x1f) {
    return i;
  }
  for (;;) {
    if (i >= end) {
      throw new TlvError('tlv.tag-truncated', start, 'a multi-byte tag runs past the end');
    }
    const byte = data[i] ?? 0;
    i += 1;
    if (i - start > MAX_TAG_BYTES) {
      throw new TlvError('tlv.tag-too-long', start, `a tag is longer than ${MAX_TAG_BYTES} bytes`);
    }
    if ((byte & 0x80) === 0) {
      return i;
    }
  }
}

function readLength(data: Buffer, start: number, end: number): { length: number; next: number } {
  if (start >= end) {
    throw new TlvError('tlv.length-missing', start, 'a tag has no length');
  }
  const first = data[start] ?? 0;
  if (first < 0x80) {
    return { length: first, next: start + 1 };
  }
  const count = first & 0x7f;
  if (count === 0) {
    throw new TlvError('tlv.indefinite-length', start, 'indefinite lengths (80) are not allowed');
  }
  if (count > MAX_LENGTH_BYTES) {
    throw new TlvError(
      'tlv.length-too-long',
      start,
      `a length field is longer than ${MAX_LENGTH_BYTES} bytes`,
    );
  }
  if (start + 1 + count > end) {
    throw new TlvError('tlv.length-truncated', start, 'a long-form length runs past the end');
  }
  let length = 0;
  for (let i = start + 1; i <= start + count; i += 1) {
    length = length * 256 + (data[i] ?? 0);
  }
  return { length, next: start + 1 + count };
}

function decodeRange(data: Buffer, start: number, end: number, depth: number): TlvNode[] {
  const nodes: TlvNode[] = [];
  let i = start;
  while (i < end) {
    if (data[i] === 0x00) {
      i += 1;
      continue;
    }
    const tagEnd = readTag(data, i, end);
    const tag = data.subarray(i, tagEnd).toString('hex').toUpperCase();
    const { length, next } = readLength(data, tagEnd, end);
    if (length > end - next) {
      throw new TlvError(
        'tlv.value-truncated',
        i,
        `tag ${tag} declares ${length} bytes, ${end - next} remain`,
      );
    }
    const node: TlvNode = { tag, value: Buffer.from(data.subarray(next, next + length)) };
    if (isConstructedTag(tag)) {
      if (depth >= MAX_DEPTH) {
        throw new TlvError('tlv.too-deep', i, `constructed tags nest deeper than ${MAX_DEPTH}`);
      }
      node.children = decodeRange(data, next, next + length, depth + 1);
    }
    nodes.push(node);
    i = next + length;
  }
  return nodes;
}

/**
 * Decodes a BER-TLV stream into its data objects, constructed tags with their children. Throws
 * TlvError, with the byte offset, on a truncated tag, length or value and on absurd lengths.
 */
export function decodeTlv(data: Buffer): TlvNode[] {
  return decodeRange(data, 0, data.length, 0);
}

/** The bytes of a tag written as hex, checked for the multi-byte tag rules. */
function tagBytes(tag: string, offset: number): Buffer {
  const bytes = /^(?:[0-9A-Fa-f]{2}){1,4}$/.test(tag) ? Buffer.from(tag, 'hex') : Buffer.alloc(0);
  let wellFormed = bytes.length > 0 && bytes[0] !== 0x00;
  if (wellFormed) {
    try {
      wellFormed = readTag(bytes, 0, bytes.length) === bytes.length;
    } catch {
      wellFormed = false;
    }
  }
  if (!wellFormed) {
    throw new TlvError('tlv.tag', offset, 'a tag is not 1 to 4 bytes of a well-formed BER tag');
  }
  return bytes;
}

/** Bytes of the shortest BER length field for `length`. */
function lengthFieldSize(length: number): number {
  if (length < 0x80) {
    return 1;
  }
  let size = 1;
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) {
    size += 1;
  }
  return size;
}

/** Writes the shortest BER length field for `length` at `at`; returns the next position. */
function writeLength(out: Buffer, at: number, length: number): number {
  const size = lengthFieldSize(length);
  if (size === 1) {
    out[at] = length;
    return at + 1;
  }
  out[at] = 0x80 | (size - 1);
  for (let i = size - 1, rest = length; i >= 1; i -= 1, rest = Math.floor(rest / 256)) {
    out[at + i] = rest % 256;
  }
  return at + size;
}

/** Content sizes of every node, so that each node's output offset is known before writing. */
function measure(nodes: readonly TlvNode[], sizes: Map<TlvNode, number>): number {
  let total = 0;
  for (const node of nodes) {
    const content = node.children === undefined ? node.value.length : measure(node.children, sizes);
    sizes.set(node, content);
    total += Math.ceil(node.tag.length / 2) + lengthFieldSize(content) + content;
  }
  return total;
}

function write(
  nodes: readonly TlvNode[],
  out: Buffer,
  start: number,
  sizes: Map<TlvNode, number>,
): number {
  let at = start;
  for (const node of nodes) {
    const tag = tagBytes(node.tag, at);
    if (node.children !== undefined && !isConstructedTag(node.tag)) {
      throw new TlvError(
        'tlv.children-on-primitive',
        at,
        `primitive tag ${node.tag} cannot have children`,
      );
    }
    const content = sizes.get(node) ?? 0;
    tag.copy(out, at);
    at = writeLength(out, at + tag.length, content);
    at =
      node.children === undefined
        ? at + node.value.copy(out, at)
        : write(node.children, out, at, sizes);
  }
  return at;
}

/**
 * Encodes data objects as BER-TLV with the shortest length form. A node with `children` is
 * encoded from them (its tag must be constructed), any other from `value`. Throws TlvError with
 * the output offset of the faulty object.
 */
export function encodeTlv(nodes: readonly TlvNode[]): Buffer {
  const sizes = new Map<TlvNode, number>();
  const out = Buffer.alloc(measure(nodes, sizes));
  write(nodes, out, 0, sizes);
  return out;
}

/** The first node with `tag`, searching depth-first through constructed tags. */
export function findTlv(nodes: readonly TlvNode[], tag: string): TlvNode | undefined {
  const wanted = tag.toUpperCase();
  for (const node of nodes) {
    if (node.tag === wanted) {
      return node;
    }
    const inner = node.children === undefined ? undefined : findTlv(node.children, wanted);
    if (inner !== undefined) {
      return inner;
    }
  }
  return undefined;
}
