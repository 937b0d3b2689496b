// Fuzz targets of drivers/crypto that read outside bytes: BER-TLV from EMV readers, magnetic
// tracks, keyboard-wedge swipes, EMV tag 57.
import {
  TlvError,
  TrackError,
  buildTrack1,
  buildTrack2,
  decodeTlv,
  encodeTlv,
  parseTrack1,
  parseTrack2,
  parseTrack2Equivalent,
  parseWedgeSwipe,
  trackLrc,
  type TlvNode,
} from '../../../drivers/crypto/index.ts';
import { type TestCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { type FuzzTarget, holds, sameData, typedOnly } from '../harness/fuzz-target.ts';
import { mutated, mutatedText } from '../harness/mutations.ts';

const CARDS = loadCardCatalogue();

const node = (tag: string, hex: string): TlvNode => ({ tag, value: Buffer.from(hex, 'hex') });

/** A chip answer like the EMV reader's, a template nesting it, and the published codec vectors. */
export const TLV_GOLDENS: readonly Buffer[] = [
  encodeTlv([
    node('4F', 'A0000000031010'),
    node('50', Buffer.from('VISA CREDIT').toString('hex')),
    node('5F24', '301231'),
    node('9F02', '000000001250'),
    node('95', '0000008000'),
    node('9F26', '1122334455667788'),
    node('9F27', '80'),
    node('9F39', '05'),
    node('DFEE12', 'FFFF9876543210E00001'),
    node('DFEE13', '00'.repeat(40)),
    node('DFEE14', Buffer.from('411111******1111').toString('hex')),
  ]),
  encodeTlv([
    {
      tag: '70',
      value: Buffer.alloc(0),
      children: [
        node('57', '4111111111111111D30122011000000F'),
        { tag: 'E0', value: Buffer.alloc(0), children: [node('9F03', '')] },
      ],
    },
  ]),
  ...['9C8101FF', '9F820101FF', '9C8400000001FF', '9F0201FFE0039F03009F0400', '00009C01FF0000'].map(
    (hex) => Buffer.from(hex, 'hex'),
  ),
];

const TLV_TOKENS = [
  '1F',
  '3F',
  '9F',
  '81',
  '82',
  '84',
  '85',
  '80',
  'FF',
  '7F',
  '70',
  'E0',
  'BF0C',
].map((hex) => Buffer.from(hex, 'hex'));

interface TlvShape {
  tag: string;
  value?: string;
  children?: TlvShape[];
}

/** A decoded tree without the raw bytes of constructed tags, which re-encoding normalises. */
function shape(nodes: readonly TlvNode[]): TlvShape[] {
  return nodes.map((n) =>
    n.children === undefined
      ? { tag: n.tag, value: n.value.toString('hex') }
      : { tag: n.tag, children: shape(n.children) },
  );
}

/** BER-TLV decoding; a decoded tree encodes and decodes to the same tree. */
export const tlvTarget: FuzzTarget<Buffer> = {
  name: 'BER-TLV decoder',
  arbitrary: mutated(TLV_GOLDENS, { tokens: TLV_TOKENS }),
  run(data) {
    return typedOnly(
      [TlvError],
      () => decodeTlv(data),
      (nodes) => {
        holds(
          sameData(shape(decodeTlv(encodeTlv(nodes))), shape(nodes)),
          'TLV tree does not survive encode then decode',
        );
      },
    );
  },
};

const TRACK_TOKENS = ['%', ';', '+', '?', '^', '=', 'B', 'E', '\r', '0000', '9999'].map((t) =>
  Buffer.from(t),
);

const TRACKS = {
  1: { parse: parseTrack1, build: buildTrack1, of: (card: TestCard) => card.track1 },
  2: { parse: parseTrack2, build: buildTrack2, of: (card: TestCard) => card.track2 },
} as const;

/**
 * Parsing of track 1 or 2, fed the test cards' tracks with and without sentinels and LRC,
 * mutated; a parsed track builds and parses back to the same fields.
 */
function trackTarget(track: 1 | 2): FuzzTarget<string> {
  const { parse, build, of } = TRACKS[track];
  const goldens = CARDS.flatMap((card) => [
    of(card),
    of(card) + trackLrc(track, of(card)),
    of(card).slice(1, -1),
  ]);
  return {
    name: `track ${track} parser`,
    arbitrary: mutatedText(goldens, { tokens: TRACK_TOKENS }),
    run(text) {
      return typedOnly(
        [TrackError],
        () => parse(text),
        (data) => {
          const again = parse(build(data, { lrc: true }));
          holds(sameData(again, data), `track ${track} does not survive build then parse`);
        },
      );
    },
  };
}

/** Track 1 (format code B, with the name) as readers deliver it. */
export const track1Target = trackTarget(1);
/** Track 2 as readers deliver it. */
export const track2Target = trackTarget(2);

/** EMV tag 57 (track 2 equivalent) as nibbles; parsed, it matches the track 2 it encodes. */
export const track2EquivalentTarget: FuzzTarget<Buffer> = {
  name: 'tag 57 parser',
  arbitrary: mutated(
    CARDS.map((card) => {
      const digits = card.track2.slice(1, -1).replace('=', 'D');
      return Buffer.from(digits.length % 2 === 0 ? digits : `${digits}F`, 'hex');
    }),
    { tokens: [Buffer.of(0xd0), Buffer.of(0xff), Buffer.of(0x0d)] },
  ),
  run(value) {
    return typedOnly(
      [TrackError],
      () => parseTrack2Equivalent(value),
      (data) => {
        holds(
          sameData(parseTrack2(buildTrack2(data)), data),
          'tag 57 fields do not build a track 2',
        );
      },
    );
  },
};

/** Keyboard-wedge output: tracks 1 to 3, unreadable tracks as E, the closing CR. */
export const wedgeSwipeTarget: FuzzTarget<string> = {
  name: 'wedge swipe parser',
  arbitrary: mutatedText(
    CARDS.flatMap((card) => [
      `${card.track1}${card.track2}\r`,
      `%E?${card.track2}\r`,
      `${card.track1};E?+E?\r\n`,
    ]),
    { tokens: TRACK_TOKENS },
  ),
  run(text) {
    return typedOnly(
      [TrackError],
      () => parseWedgeSwipe(text),
      (swipe) => {
        holds(
          /^[0-9]{1,19}$/.test(swipe.card.pan),
          'wedge swipe gave a PAN that is not 1 to 19 digits',
        );
        if (swipe.track2 !== undefined)
          holds(
            sameData(parseTrack2(swipe.track2).pan, swipe.card.pan),
            'wedge PAN is not track 2 PAN',
          );
      },
    );
  },
};
