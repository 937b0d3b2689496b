import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeTlv,
  emvTagName,
  encodeTlv,
  findTlv,
  isSensitiveEmvTag,
  TlvError,
  type TlvNode,
} from '../../../drivers/crypto/index.ts';
import { caught } from './helpers/caught.ts';

/** The fixture's way of writing a TLV tree: tag → hex value, or tag → nested tree. */
interface TlvTree {
  [tag: string]: string | TlvTree;
}
const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/vectors/emv_tlv.json', import.meta.url), 'utf8'),
) as {
  tlv_codec_vectors: {
    decode: [string, TlvTree][];
    encode: [TlvTree, string][];
    errors: [string, string][];
  };
  issuer_response: { tag_8A_examples: Record<string, string> };
};

const hex = (text: string): Buffer => Buffer.from(text, 'hex');
const up = (bytes: Buffer): string => bytes.toString('hex').toUpperCase();

function toTree(nodes: TlvNode[]): TlvTree {
  return Object.fromEntries(
    nodes.map((n) => [n.tag, n.children ? toTree(n.children) : up(n.value)]),
  );
}

function fromTree(tree: TlvTree): TlvNode[] {
  return Object.entries(tree).map(([tag, v]) =>
    typeof v === 'string'
      ? { tag, value: hex(v) }
      : { tag, value: Buffer.alloc(0), children: fromTree(v) },
  );
}

/** `levels` E0 templates, each holding the next, around an empty 9C. */
function nested(levels: number): string {
  let inner = '9C00';
  for (let i = 0; i < levels; i += 1) {
    inner = `E0${(inner.length / 2).toString(16).padStart(2, '0')}${inner}`;
  }
  return inner;
}

const tlvError = (data: string): TlvError => caught(TlvError, () => decodeTlv(hex(data)));

describe('BER-TLV published vectors (PyEMV tests/test_tlv.py)', () => {
  it.each(fixture.tlv_codec_vectors.decode)('decodes %s', (data, tree) => {
    expect(toTree(decodeTlv(hex(data)))).toEqual(tree);
  });

  it.each(
    fixture.tlv_codec_vectors.encode.map(
      ([tree, data]) => [data.slice(0, 12), tree, data] as const,
    ),
  )('encodes %s…', (_, tree, data) => {
    expect(up(encodeTlv(fromTree(tree)))).toBe(data);
    expect(toTree(decodeTlv(hex(data)))).toEqual(tree);
  });

  it.each(fixture.tlv_codec_vectors.errors)('rejects %s (%s)', (data) => {
    expect(tlvError(data)).toBeInstanceOf(TlvError);
  });

  it('names the rule and the offset of each published error', () => {
    expect(tlvError('9F')).toMatchObject({
      rule: 'tlv.tag-truncated',
      offset: 0,
      code: 'MALFORMED',
    });
    expect(tlvError('9C01')).toMatchObject({ rule: 'tlv.value-truncated', offset: 0 });
    expect(tlvError('9C8200')).toMatchObject({ rule: 'tlv.length-truncated', offset: 1 });
  });
});

describe('BER-TLV rules', () => {
  it.each([
    ['5A0841111111111111119C84FFFFFFFF00', 'tlv.value-truncated', 10],
    ['9C850000000001FF', 'tlv.length-too-long', 1],
    ['E080', 'tlv.indefinite-length', 1],
    ['9C', 'tlv.length-missing', 1],
    ['9F8080808001FF', 'tlv.tag-too-long', 0],
    ['E0059F0201FFFF', 'tlv.tag-truncated', 6],
    [nested(17), 'tlv.too-deep', 32],
  ])('%s breaks %s at byte %i', (data, rule, offset) => {
    const error = tlvError(data);
    expect(error).toMatchObject({ rule, offset });
    expect(error.message).not.toContain('4111');
  });

  it('skips 00 padding between objects and decodes nested constructed tags', () => {
    const nodes = decodeTlv(hex('00009C010070097107860500A4000000'));
    expect(nodes.map((n) => n.tag)).toEqual(['9C', '70']);
    expect(up(findTlv(nodes, '86')?.value ?? Buffer.alloc(0))).toBe('00A4000000');
    expect(findTlv(nodes, '9f26')).toBeUndefined();
    expect(findTlv(decodeTlv(hex(nested(16))), '9C')?.value).toEqual(Buffer.alloc(0));
  });

  it('decodes an ARQC request set and names every tag', () => {
    const icc =
      '9F2608C49EDC5F41B0A4C89F2701809F10120114000100000000000000E0DB2E438900FF9F37048B3441139F3602011495' +
      '05008000800' +
      '09A031508069C01009F02060000000001019F03060000000000005F2A0209788202' +
      '5C009F1A0205289F3303E0F0C89F34034403029F3501228407A00000000430605F340101';
    const nodes = decodeTlv(hex(icc));
    expect(nodes).toHaveLength(18);
    expect(up(findTlv(nodes, '9F26')?.value ?? Buffer.alloc(0))).toBe('C49EDC5F41B0A4C8');
    expect(up(encodeTlv(nodes))).toBe(icc);
    for (const node of nodes) {
      expect(emvTagName(node.tag)).toBeTruthy();
    }
  });

  it('refuses malformed tags and children on a primitive tag when encoding', () => {
    const encodeError = (nodes: TlvNode[]): unknown => {
      try {
        return encodeTlv(nodes);
      } catch (error) {
        return error;
      }
    };
    const ok = { tag: '9C', value: hex('00') };
    expect(encodeError([ok, { tag: '9F', value: hex('00') }])).toMatchObject({
      rule: 'tlv.tag',
      offset: 3,
    });
    expect(encodeError([{ tag: '9F80', value: Buffer.alloc(0) }])).toMatchObject({
      rule: 'tlv.tag',
    });
    expect(encodeError([{ tag: '00', value: Buffer.alloc(0) }])).toMatchObject({ rule: 'tlv.tag' });
    expect(encodeError([{ tag: 'XYZ', value: Buffer.alloc(0) }])).toMatchObject({
      rule: 'tlv.tag',
    });
    expect(
      encodeError([
        {
          tag: 'E0',
          value: Buffer.alloc(0),
          children: [ok, { tag: '9C', value: ok.value, children: [] }],
        },
      ]),
    ).toMatchObject({ rule: 'tlv.children-on-primitive', offset: 5 });
  });

  it('chooses the shortest length form', () => {
    expect(up(encodeTlv([{ tag: '9C', value: Buffer.alloc(127) }])).slice(0, 4)).toBe('9C7F');
    expect(up(encodeTlv([{ tag: '9C', value: Buffer.alloc(256) }])).slice(0, 8)).toBe('9C820100');
    expect(up(encodeTlv([{ tag: '9C', value: Buffer.alloc(65536) }])).slice(0, 10)).toBe(
      '9C83010000',
    );
  });
});

describe('BER-TLV round trip (property)', () => {
  const primitiveTag = fc.constantFrom(
    '5A',
    '82',
    '8A',
    '91',
    '9C',
    '9F02',
    '9F26',
    '9F8201',
    'DF8101',
    '5F2A',
  );
  const constructedTag = fc.constantFrom('70', '71', '72', '77', 'E0', 'A5', 'BF0C', 'FF8106');
  const { tree } = fc.letrec<{ tree: TlvNode[]; node: TlvNode }>((tie) => ({
    tree: fc.array(tie('node'), { maxLength: 4 }),
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({
        tag: primitiveTag,
        value: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
      }),
      fc.record({
        tag: constructedTag,
        value: fc.constant(Buffer.alloc(0)),
        children: tie('tree'),
      }),
    ),
  }));

  it('decode(encode(tree)) rebuilds the tree, and re-encodes to the same bytes', () => {
    fc.assert(
      fc.property(tree, (nodes) => {
        const bytes = encodeTlv(nodes);
        const decoded = decodeTlv(bytes);
        expect(toTree(decoded)).toEqual(toTree(nodes));
        expect(encodeTlv(decoded)).toEqual(bytes);
      }),
    );
  });
});

describe('EMV tag names', () => {
  const required = [
    '4F',
    '50',
    '57',
    '5A',
    '5F20',
    '5F24',
    '5F2A',
    '5F34',
    '82',
    '84',
    '8A',
    '91',
    '95',
    '9A',
    '9C',
    '9F02',
    '9F03',
    '9F06',
    '9F10',
    '9F1A',
    '9F26',
    '9F27',
    '9F33',
    '9F34',
    '9F35',
    '9F36',
    '9F37',
    '9F6E',
    '71',
    '72',
  ];

  it.each(required)('names %s', (tag) => {
    expect(emvTagName(tag)).toMatch(/\w{3,}/);
  });

  it('matches either case and answers undefined for an unknown tag', () => {
    expect(emvTagName('9f26')).toBe('Application Cryptogram');
    expect(emvTagName('8a')).toBe('Authorisation Response Code');
    expect(emvTagName('DF7F')).toBeUndefined();
  });

  it('marks the tags that carry card data', () => {
    expect(['5A', '57', '5f20', '9F6B'].every(isSensitiveEmvTag)).toBe(true);
    expect(['9F26', '8A', '95'].some(isSensitiveEmvTag)).toBe(false);
  });

  it('reads the published authorisation response codes', () => {
    const codes = Object.values(fixture.issuer_response.tag_8A_examples);
    const nodes = decodeTlv(Buffer.concat(codes.map((c) => hex(`8A02${c}`))));
    expect(nodes.map((n) => n.value.toString('ascii'))).toEqual(['00', 'Z3', 'Y3']);
  });
});
