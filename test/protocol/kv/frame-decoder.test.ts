import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_FRAME_BYTES,
  KvFrameDecoder,
  encodeFrame,
  type KvDecoderEvent,
} from '../../../protocol/kv/index.ts';
import { bytes } from './helpers/wire.ts';

/** The events as short strings: "frame 1 body" or "error rule [id]". */
function summary(events: KvDecoderEvent[]): string[] {
  return events.map((e) =>
    e.type === 'frame'
      ? `frame ${e.frame.id} ${e.frame.body.toString('latin1')}`
      : `error ${e.error.rule}${e.id === undefined ? '' : ` ${e.id}`}`,
  );
}

function feed(decoder: KvFrameDecoder, ...chunks: string[]): string[] {
  return chunks.flatMap((chunk) => summary(decoder.push(bytes(chunk))));
}

describe('KvFrameDecoder', () => {
  it('yields frames in order, however the bytes are chunked', () => {
    const wire = '\x021\x1ca=1\n\x03\x0222\x1cPING\x03\x02333\x1c\x03';
    const expected = ['frame 1 a=1\n', 'frame 22 PING', 'frame 333 '];
    expect(feed(new KvFrameDecoder(), wire)).toEqual(expected);
    expect(feed(new KvFrameDecoder(), ...wire.split(''))).toEqual(expected);
    expect(feed(new KvFrameDecoder(), wire.slice(0, 5), wire.slice(5, 17), wire.slice(17))).toEqual(
      expected,
    );
  });

  it('reports a run of garbage once and keeps the frames after it', () => {
    const decoder = new KvFrameDecoder();
    expect(feed(decoder, 'GET / HTTP/1.1\r\n', 'Host: x\r\n', '\x021\x1cPING\x03')).toEqual([
      'error frame.garbage',
      'frame 1 PING',
    ]);
    expect(feed(decoder, '\r\n\x022\x1cPING\x03junk', 'more', '\x023\x1cPING\x03')).toEqual([
      'error frame.garbage',
      'frame 2 PING',
      'error frame.garbage',
      'frame 3 PING',
    ]);
  });

  it('abandons a frame interrupted by STX and starts the new one', () => {
    expect(feed(new KvFrameDecoder(), '\x027\x1caccount=41111', '\x028\x1cPING\x03')).toEqual([
      'error frame.restarted 7',
      'frame 8 PING',
    ]);
    expect(feed(new KvFrameDecoder(), '\x02\x02\x029\x1cx\x03')).toEqual([
      'error frame.restarted',
      'frame 9 x',
    ]);
  });

  it('reports a run of bad input once, however long, until a frame gets through', () => {
    const decoder = new KvFrameDecoder();
    const flood = Buffer.alloc(100_000);
    for (let i = 0; i < flood.length; i += 1) flood[i] = [0x41, 0x02, 0x1c, 0x03][(i % 7) & 3]!;
    expect(summary(decoder.push(flood))).toEqual(['error frame.garbage']);
    expect(feed(decoder, 'x\x02\x02\x021\x1cPING\x03', '\x02\x02', '\x022\x1cPING\x03')).toEqual([
      'frame 1 PING',
      'error frame.restarted',
      'frame 2 PING',
    ]);
  });

  it.each([
    ['\x02PING\x03', 'frame.no_separator', undefined],
    ['\x02\x1cPING\x03', 'frame.id', undefined],
    ['\x02a1\x1cPING\x03', 'frame.id', undefined],
    ['\x02123456789012345678901\x1cPING\x03', 'frame.id', undefined],
    ['\x024\x1ca\x1cb\x03', 'frame.body_separator', '4'],
  ])('reports the malformed frame %j and goes on', (wire, rule, id) => {
    const decoder = new KvFrameDecoder();
    expect(feed(decoder, wire, '\x025\x1cPING\x03')).toEqual([
      `error ${rule}${id === undefined ? '' : ` ${id}`}`,
      'frame 5 PING',
    ]);
  });

  it('accepts a frame of exactly the cap and refuses one byte more', () => {
    const decoder = new KvFrameDecoder({ maxFrameBytes: 10 });
    expect(feed(decoder, '\x021\x1c123456\x03')).toEqual(['frame 1 123456']);
    expect(feed(decoder, '\x021\x1c1234567\x03', '\x022\x1cok\x03')).toEqual([
      'error frame.too_large 1',
      'frame 2 ok',
    ]);
  });

  it('discards an oversized frame up to its ETX without holding more than the cap', () => {
    const decoder = new KvFrameDecoder({ maxFrameBytes: 64 });
    const events = summary(decoder.push(bytes('\x0212\x1c')));
    for (let i = 0; i < 1000; i += 1) {
      events.push(...summary(decoder.push(Buffer.alloc(50, 0x41))));
      expect(decoder.bufferedBytes).toBeLessThanOrEqual(64);
    }
    events.push(...feed(decoder, 'tail\x03\x023\x1cPING\x03'));
    expect(events).toEqual(['error frame.too_large 12', 'frame 3 PING']);
    expect(decoder.bufferedBytes).toBe(0);
  });

  it('reports every oversized frame, even back to back', () => {
    const decoder = new KvFrameDecoder({ maxFrameBytes: 8 });
    expect(feed(decoder, '\x021\x1cAAAAAAAAA\x03\x022\x1cAAAAAAAAA\x03junk')).toEqual([
      'error frame.too_large 1',
      'error frame.too_large 2',
    ]);
  });

  it('resynchronises on an STX inside an oversized frame', () => {
    const decoder = new KvFrameDecoder({ maxFrameBytes: 8 });
    expect(feed(decoder, '\x021\x1cAAAAAAAAAAAA', '\x022\x1cok\x03')).toEqual([
      'error frame.too_large 1',
      'frame 2 ok',
    ]);
  });

  it('reports a frame cut off by the end of the stream', () => {
    const decoder = new KvFrameDecoder();
    expect(feed(decoder, '\x0261\x1ccode=AU')).toEqual([]);
    expect(decoder.bufferedBytes).toBe(10);
    expect(summary(decoder.end())).toEqual(['error frame.truncated 61']);
    expect(decoder.bufferedBytes).toBe(0);
    expect(summary(decoder.end())).toEqual([]);
  });

  it('errors are typed and never carry the bytes of the frame', () => {
    const [event] = new KvFrameDecoder({ maxFrameBytes: 16 }).push(
      bytes('\x021\x1caccount=4111111111111111\x03'),
    );
    expect(event?.type).toBe('error');
    if (event?.type === 'error') {
      expect(event.error.kind).toBe('too_large');
      expect(event.error.field).toBe('frame');
      expect(event.error.msoftCode).toBe('DATA_TOOLARGE');
      expect(event.error.message).not.toMatch(/4111/);
    }
  });

  it('caps frames at 1 MiB by default and refuses a cap below 4', () => {
    expect(new KvFrameDecoder().maxFrameBytes).toBe(DEFAULT_MAX_FRAME_BYTES);
    expect(DEFAULT_MAX_FRAME_BYTES).toBe(1_048_576);
    expect(() => new KvFrameDecoder({ maxFrameBytes: 3 })).toThrowError(RangeError);
  });
});

/** Splits the bytes at the given cut points. */
function chunked(data: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of [...points, data.length]) {
    chunks.push(data.subarray(from, point));
    from = point;
  }
  return chunks;
}

describe('KvFrameDecoder properties', () => {
  const body = fc
    .uint8Array({ maxLength: 200 })
    .map((b) => Buffer.from(b.filter((x) => x !== 0x02 && x !== 0x03 && x !== 0x1c)));
  const frame = fc.tuple(fc.stringMatching(/^[0-9]{1,20}$/), body);

  it('yields every encoded frame for any chunking', () => {
    fc.assert(
      fc.property(fc.array(frame, { maxLength: 8 }), fc.array(fc.nat()), (frames, cuts) => {
        const wire = Buffer.concat(frames.map(([id, b]) => encodeFrame(id, b)));
        const decoder = new KvFrameDecoder();
        const events = chunked(wire, cuts).flatMap((c) => decoder.push(c));
        expect(events).toEqual(
          frames.map(([id, b]) => ({ type: 'frame', frame: { id, body: b } })),
        );
        expect(decoder.bufferedBytes).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on random bytes, emits only typed errors, holds no more than the cap', () => {
    const noisy = fc.uint8Array({ maxLength: 600 }).map((raw) =>
      // Bias towards the framing bytes so every state is visited.
      Buffer.from(raw.map((x) => (x < 40 ? [0x02, 0x03, 0x1c, 0x31][x % 4]! : x))),
    );
    fc.assert(
      fc.property(noisy, fc.array(fc.nat()), fc.integer({ min: 4, max: 64 }), (data, cuts, cap) => {
        const decoder = new KvFrameDecoder({ maxFrameBytes: cap });
        for (const chunk of chunked(data, cuts)) {
          for (const event of decoder.push(chunk)) {
            if (event.type === 'error')
              expect(['framing', 'too_large']).toContain(event.error.kind);
            else
              expect(event.frame.body.length + event.frame.id.length + 3).toBeLessThanOrEqual(cap);
          }
          expect(decoder.bufferedBytes).toBeLessThanOrEqual(cap);
        }
        for (const event of decoder.end()) expect(event.type).toBe('error');
      }),
      { numRuns: 1000 },
    );
  });
});
