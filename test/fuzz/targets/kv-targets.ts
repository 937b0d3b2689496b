// Fuzz targets of the key/value codec (protocol/kv): the frame decoder a server and a client run
// on socket bytes, the pair decoder of request and response bodies, the CSV decoder of reports.
import fc from 'fast-check';
import {
  DEFAULT_MAX_FRAME_BYTES,
  ETX,
  FS,
  KvFrameDecoder,
  ProtocolError,
  STX,
  decodeCsv,
  decodePairs,
  encodeCsv,
  encodeFrame,
  encodePairs,
  type KvFrame,
} from '../../../protocol/index.ts';
import { type FuzzTarget, holds, sameData, typedOnly } from '../harness/fuzz-target.ts';
import { chunkCuts, chunked, mutated, mutatedText } from '../harness/mutations.ts';
import { hasFramingByte } from '../../protocol/kv/helpers/wire.ts';
import { GOLDEN_REQUESTS, REQUEST_TOKENS } from './golden-requests.ts';

const BODIES = GOLDEN_REQUESTS.flatMap((params) => [
  encodePairs(params, 'crlf-quoted'),
  encodePairs(params, 'lf-minimal'),
]);

/** Whole frames of the golden requests, one pipeline of four, and the longest id. */
export const GOLDEN_FRAMES = [
  ...BODIES.map((body, i) => encodeFrame(String(i + 1), body)),
  Buffer.concat(BODIES.slice(0, 4).map((body, i) => encodeFrame(String(100 + i), body))),
  encodeFrame('18446744073709551615', 'action=ping\n'),
];

/** Frame caps the decoder is run with: the smallest allowed, a small one, the default. */
const CAPS = [4, 64, 1024, DEFAULT_MAX_FRAME_BYTES] as const;

function checkFrame(frame: KvFrame, cap: number): void {
  holds(/^[0-9]{1,20}$/.test(frame.id), 'frame id is not 1 to 20 digits');
  holds(
    frame.body.indexOf(STX) < 0 && frame.body.indexOf(ETX) < 0 && frame.body.indexOf(FS) < 0,
    'frame body holds a framing byte',
  );
  holds(frame.id.length + frame.body.length + 3 <= cap, 'frame passes the cap');
  const again = new KvFrameDecoder({ maxFrameBytes: cap }).push(encodeFrame(frame.id, frame.body));
  holds(
    again.length === 1 && again[0]?.type === 'frame' && sameData(again[0].frame, frame),
    'frame does not survive encode then decode',
  );
}

/** The streaming frame decoder on mutated pipelines of frames, cut into chunks. */
export const kvFrameDecoderTarget: FuzzTarget<{ data: Buffer; cuts: number[]; cap: number }> = {
  name: 'kv frame decoder',
  arbitrary: fc.record({
    data: mutated(GOLDEN_FRAMES, {
      tokens: [Buffer.of(STX), Buffer.of(ETX), Buffer.of(FS), ...REQUEST_TOKENS],
    }),
    cuts: chunkCuts,
    cap: fc.constantFrom(...CAPS),
  }),
  run({ data, cuts, cap }) {
    const decoder = new KvFrameDecoder({ maxFrameBytes: cap });
    let typed = false;
    const events = chunked(data, cuts).flatMap((chunk) => {
      const out = decoder.push(chunk);
      holds(decoder.bufferedBytes < cap, 'decoder holds a frame past its cap');
      return out;
    });
    for (const event of [...events, ...decoder.end()]) {
      if (event.type === 'frame') {
        checkFrame(event.frame, cap);
      } else {
        holds(event.error instanceof ProtocolError, 'decoder reported an untyped error');
        holds(['framing', 'too_large'].includes(event.error.kind), 'decoder error of another kind');
        typed = true;
      }
    }
    return typed ? 'typed' : 'ok';
  },
};

/** The pair decoder on mutated request bodies; what it reads is encoded and read back the same. */
export const kvPairDecoderTarget: FuzzTarget<Buffer> = {
  name: 'kv pair decoder',
  arbitrary: mutated(
    BODIES.map((body) => Buffer.from(body, 'utf8')),
    { tokens: REQUEST_TOKENS },
  ),
  run(body) {
    return typedOnly(
      [ProtocolError],
      () => decodePairs(body),
      (pairs) => {
        const encodable = pairs.every(
          ([key, value]) => !hasFramingByte(key) && !key.includes('\r') && !hasFramingByte(value),
        );
        if (!encodable) return;
        for (const style of ['crlf-quoted', 'lf-minimal'] as const) {
          holds(
            sameData(decodePairs(encodePairs(pairs, style)), pairs),
            `pairs do not survive encode (${style}) then decode`,
          );
        }
      },
    );
  },
};

const REPORTS = [
  encodeCsv(
    ['ttid', 'account', 'amount', 'comments'],
    [
      ['1', 'XXXXXXXXXXXX1111', '12.50', 'plain'],
      ['2', 'XXXXXXXXXXXX5454', '1.00', 'with, comma and "quote"'],
      ['3', '', '0.00', ' edge spaces \n and a line break'],
    ],
  ),
  encodeCsv(['code'], [[''], ['AUTH']]),
];

/** The CSV decoder a client runs on report answers; a readable table is encoded back the same. */
export const kvCsvDecoderTarget: FuzzTarget<string> = {
  name: 'kv csv decoder',
  arbitrary: mutatedText(REPORTS, {
    tokens: [',', '"', '""', '\r\n', '\n', ' '].map((t) => Buffer.from(t)),
  }),
  run(text) {
    return typedOnly(
      [ProtocolError],
      () => decodeCsv(text),
      (table) => {
        let again: string;
        try {
          again = encodeCsv(table.header, table.rows);
        } catch (error) {
          if (error instanceof ProtocolError && error.kind === 'unencodable') return;
          throw error;
        }
        holds(sameData(decodeCsv(again), table), 'table does not survive encode then decode');
      },
    );
  },
};
