import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StxFrameParser, encodeStxFrame } from '../../../drivers/pinpad/stx-frame.ts';
import {
  encodePinRequest,
  encodePinResponse,
  parsePinRequest,
  parsePinResponse,
} from '../../../drivers/pinpad/pinpad-messages.ts';

const vectors = JSON.parse(
  readFileSync(new URL('../fixtures/pinpad_framing.json', import.meta.url), 'utf8'),
) as {
  stx_etx_lrc: { full_hex: string }[];
};

describe('STX/ETX/LRC framing', () => {
  it('frames <STX>0200|123|<ETX> with LRC 0x31 (pinpad_framing.json)', () => {
    const expected = vectors.stx_etx_lrc[0]!.full_hex.replace(/ /g, '').toLowerCase();
    expect(encodeStxFrame(Buffer.from('0200|123|')).toString('hex')).toBe(expected);
  });

  it('cuts frames and control bytes from a stream, skipping noise, in any chunking', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        (bytes, step) => {
          const payload = Buffer.from(bytes.map((b) => 0x20 + (b % 0x5f)));
          const stream = Buffer.concat([
            Buffer.from([0x90, 0x91]),
            encodeStxFrame(payload),
            Buffer.of(0x06),
          ]);
          const parser = new StxFrameParser();
          const events = [];
          for (let i = 0; i < stream.length; i += step)
            events.push(...parser.push(stream.subarray(i, i + step)));
          expect(events).toEqual([
            { kind: 'frame', payload, lrcOk: true },
            { kind: 'control', byte: 0x06 },
          ]);
        },
      ),
    );
  });

  it('flags a frame whose LRC does not match', () => {
    const frame = encodeStxFrame(Buffer.from('72'));
    frame.writeUInt8((frame.at(-1) ?? 0) ^ 1, frame.length - 1);
    expect(new StxFrameParser().push(frame)).toEqual([
      { kind: 'frame', payload: Buffer.from('72'), lrcOk: false },
    ]);
  });
});

describe('PIN pad messages', () => {
  it('encodes 70 as PAN, FS, D and the amount in minor units', () => {
    expect(encodePinRequest({ pan: '4012345678909', amountMinor: 1234 }).toString('latin1')).toBe(
      '704012345678909\x1cD1234',
    );
    expect(
      parsePinRequest(
        encodePinRequest({ pan: '4012345678909', amountMinor: 5, account: 'credit' }),
      ),
    ).toEqual({
      pan: '4012345678909',
      amountMinor: 5,
      account: 'credit',
    });
  });

  it('refuses a bad PAN or amount naming the field, never echoing the PAN', () => {
    expect(() => encodePinRequest({ pan: '40123x5678909', amountMinor: 1 })).toThrow(
      expect.objectContaining({
        code: 'BAD_INPUT',
        field: 'pan',
        message: 'pan: must be 8 to 19 digits',
      }),
    );
    expect(() => encodePinRequest({ pan: '4012345678909', amountMinor: 0 })).toThrow(
      expect.objectContaining({ field: 'amountMinor' }),
    );
  });

  it('reads 71 with the leading F of the KSN dropped, and its error digits', () => {
    const entry = { pin: '1B9C1845EB993A7A', ksn: 'FFFF9876543210E00001' };
    expect(encodePinResponse(entry).toString()).toBe('7109876543210E000011B9C1845EB993A7A');
    expect(parsePinResponse(encodePinResponse(entry))).toEqual(entry);
    expect(() => parsePinResponse(Buffer.from('716'))).toThrow(
      expect.objectContaining({ code: 'KEY_EXHAUSTED' }),
    );
    expect(() => parsePinResponse(Buffer.from('713'))).toThrow(
      expect.objectContaining({ code: 'CANCELLED' }),
    );
    expect(() => parsePinResponse(Buffer.from('99'))).toThrow(
      expect.objectContaining({ code: 'PROTOCOL' }),
    );
  });
});
