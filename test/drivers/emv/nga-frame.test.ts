import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emvReadFromTlv } from '../../../drivers/emv/emv-result.ts';
import { NgaFrameParser, crc16Ccitt, encodeNgaFrame } from '../../../drivers/emv/nga-frame.ts';

const vectors = JSON.parse(
  readFileSync(new URL('../fixtures/pinpad_framing.json', import.meta.url), 'utf8'),
) as {
  vivopay_nga_crc: {
    vectors: { name: string; bytes_before_crc: string; crc: string; wire: string }[];
  };
};
const [ping, pong, getConfiguration] = vectors.vivopay_nga_crc.vectors;

describe('NGA protocol 2 frames', () => {
  it('computes CRC-16/CCITT-FALSE (check value 29B1)', () => {
    expect(crc16Ccitt(Buffer.from('123456789')).toString(16).toUpperCase()).toBe('29B1');
  });

  it.each(vectors.vivopay_nga_crc.vectors.map((v) => [v.name, v] as const))(
    'computes the published CRC of %s',
    (_name, v) => {
      const crc = crc16Ccitt(Buffer.from(v.bytes_before_crc, 'hex'));
      expect(crc.toString(16).toUpperCase().padStart(4, '0')).toBe(v.crc);
    },
  );

  it.each([
    ['the ping command, CRC LSB first', 'command', 0x18, 0x01, ping],
    [
      'the Get Configuration command (03-02), CRC LSB first',
      'command',
      0x03,
      0x02,
      getConfiguration,
    ],
    ['the ping response, CRC MSB first', 'response', 0x18, 0x00, pong],
  ] as const)('encodes %s (pinpad_framing.json)', (_label, direction, command, code, vector) => {
    const frame = encodeNgaFrame(direction, { command, code, data: Buffer.alloc(0) });
    expect(frame.toString('hex').toUpperCase()).toBe(vector!.wire);
  });

  it('cuts frames from noise in any chunking and flags a bad CRC', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.integer({ min: 1, max: 40 }),
        (data, step) => {
          const frame = encodeNgaFrame('response', {
            command: 0x02,
            code: 0x00,
            data: Buffer.from(data),
          });
          const stream = Buffer.concat([Buffer.from('noise'), frame]);
          const parser = new NgaFrameParser('response');
          const got = [];
          for (let i = 0; i < stream.length; i += step)
            got.push(...parser.push(stream.subarray(i, i + step)));
          expect(got).toEqual([
            { command: 0x02, code: 0x00, data: Buffer.from(data), crcOk: true },
          ]);
        },
      ),
    );
    const bad = Buffer.from(pong!.wire, 'hex');
    bad[bad.length - 1] = 0;
    expect(new NgaFrameParser('response').push(bad)[0]?.crcOk).toBe(false);
  });
});

describe('EMV answer → card read', () => {
  it('refuses an answer carrying the PAN in the clear, naming the tag and not the value', () => {
    const clearPan = Buffer.from('5A0841111111111111119F390105', 'hex');
    expect(() => emvReadFromTlv(clearPan)).toThrow(
      expect.objectContaining({ code: 'PROTOCOL', field: '5A' }),
    );
    try {
      emvReadFromTlv(clearPan);
    } catch (error) {
      expect((error as Error).message).not.toContain('4111111111111111');
    }
  });

  it('reports KEY_EXHAUSTED when a chip answer has no encrypted data', () => {
    expect(() => emvReadFromTlv(Buffer.from('9F390105', 'hex'))).toThrow(
      expect.objectContaining({ code: 'KEY_EXHAUSTED' }),
    );
  });
});
