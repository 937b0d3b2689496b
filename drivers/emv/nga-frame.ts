/** Frame header of ID TECH NGA protocol 2: "ViVOtech2" and NUL (NEO 2 Interface Developer's Guide). */
export const NGA_HEADER = Buffer.from('ViVOtech2\0', 'latin1');

/** Longest data field accepted; a longer length is noise. 4096 bytes. */
const MAX_DATA = 4096;

/**
 * Commands used here: ping 18-01, activate transaction 02-01, cancel transaction 05-01, and apply
 * host response 60-12 (the online answer to the card: external authenticate, issuer scripts,
 * second GENERATE AC; NEO 2 Interface Developer's Guide §8.4.20).
 */
export const NGA = {
  ping: [0x18, 0x01],
  activate: [0x02, 0x01],
  cancel: [0x05, 0x01],
  complete: [0x60, 0x12],
} as const;

/** Status bytes of response frames (NEO 2 guide, status codes). */
export const NGA_STATUS = {
  ok: 0x00,
  unknownCommand: 0x02,
  crcError: 0x04,
  badParameter: 0x05,
  timeout: 0x08,
  failed: 0x0a,
  notAllowed: 0x0b,
} as const;

/** CRC-16/CCITT-FALSE: poly 1021, init FFFF, no reflection, no final XOR (check "123456789" = 29B1). */
export function crc16Ccitt(data: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** Which way a frame travels: commands carry a sub-command and an LSB-first CRC, responses a status and an MSB-first CRC. */
export type NgaDirection = 'command' | 'response';

/** One NGA frame: command, sub-command (commands) or status (responses), data. */
export interface NgaFrame {
  command: number;
  /** Sub-command in a command frame, status in a response frame. */
  code: number;
  data: Buffer;
}

/** Header, command, sub/status, length (MSB first), data and the CRC in the direction's byte order. */
export function encodeNgaFrame(direction: NgaDirection, frame: NgaFrame): Buffer {
  const body = Buffer.concat([
    NGA_HEADER,
    Buffer.of(frame.command, frame.code, frame.data.length >> 8, frame.data.length & 0xff),
    frame.data,
  ]);
  const crc = crc16Ccitt(body);
  const crcBytes =
    direction === 'command' ? Buffer.of(crc & 0xff, crc >> 8) : Buffer.of(crc >> 8, crc & 0xff);
  return Buffer.concat([body, crcBytes]);
}

/** A frame cut from the stream, with its CRC check. */
export type NgaReceived = NgaFrame & { crcOk: boolean };

/**
 * Cuts NGA frames travelling one `direction` from a byte stream: finds the header, reads the
 * length, checks the CRC. Noise before a header is skipped; an absurd length drops that header.
 * A frame cut off (the reader stopped in mid-frame) never swallows the frames after it: it is
 * dropped once a whole frame with a good CRC starts inside it, and after a bad CRC the search
 * for the next header starts inside the bad frame.
 */
export class NgaFrameParser {
  readonly #direction: NgaDirection;
  #buffer = Buffer.alloc(0);

  constructor(direction: NgaDirection) {
    this.#direction = direction;
  }

  /** Feeds bytes; returns the frames they complete. */
  push(chunk: Buffer): NgaReceived[] {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    const frames: NgaReceived[] = [];
    for (;;) {
      const start = this.#buffer.indexOf(NGA_HEADER);
      if (start < 0) {
        this.#buffer = this.#buffer.subarray(
          Math.max(0, this.#buffer.length - NGA_HEADER.length + 1),
        );
        return frames;
      }
      this.#buffer = this.#buffer.subarray(start);
      if (this.#buffer.length < 14) return frames;
      const length = this.#buffer.readUInt16BE(12);
      if (length > MAX_DATA) {
        this.#buffer = this.#buffer.subarray(1);
        continue;
      }
      if (this.#buffer.length < 16 + length) {
        const inner = this.#buffer.indexOf(NGA_HEADER, 1);
        if (inner < 0 || this.#frameAt(inner)?.crcOk !== true) return frames;
        this.#buffer = this.#buffer.subarray(inner);
        continue;
      }
      const frame = this.#frameAt(0);
      if (frame === undefined) return frames;
      frames.push(frame);
      this.#buffer = this.#buffer.subarray(frame.crcOk ? 16 + length : 1);
    }
  }

  /** The whole frame whose header is at `at`, or undefined while its bytes have not all come. */
  #frameAt(at: number): NgaReceived | undefined {
    const buffer = this.#buffer.subarray(at);
    if (buffer.length < 16) return undefined;
    const length = buffer.readUInt16BE(12);
    if (length > MAX_DATA || buffer.length < 16 + length) return undefined;
    const body = buffer.subarray(0, 14 + length);
    const crc =
      this.#direction === 'command'
        ? buffer.readUInt16LE(14 + length)
        : buffer.readUInt16BE(14 + length);
    return {
      command: body[10] ?? 0,
      code: body[11] ?? 0,
      data: Buffer.from(body.subarray(14)),
      crcOk: crc === crc16Ccitt(body),
    };
  }

  /** Forgets a partial frame (after a disconnect). */
  reset(): void {
    this.#buffer = Buffer.alloc(0);
  }
}
