import type { ProtocolError } from '../errors.ts';
import { fieldError } from './field-error.ts';

/** Start of a frame, 0x02 (libmonetra LM_trans_structure). */
export const STX = 0x02;
/** End of a frame, 0x03 (libmonetra LM_trans_structure). */
export const ETX = 0x03;
/** Separator between the identifier and the body, 0x1C (libmonetra LM_trans_structure). */
export const FS = 0x1c;

/** Most digits an identifier may have: 20, enough for any unsigned 64-bit number (LaneTerm). */
export const MAX_ID_DIGITS = 20;

/** One key/value-protocol message: the decimal identifier, echoed in the reply, and the body. */
export interface KvFrame {
  readonly id: string;
  readonly body: Buffer;
}

const ID_PATTERN = new RegExp(`^[0-9]{1,${MAX_ID_DIGITS}}$`);

/** True when the text is a valid frame identifier: 1 to 20 decimal digits. */
export function isFrameId(text: string): boolean {
  return ID_PATTERN.test(text);
}

/**
 * Index of the first STX, ETX or FS in the text, or -1. These three bytes cannot travel inside a
 * body: every client library cuts a frame at the first ETX without any escaping.
 */
function framingByteIndex(text: string): number {
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === STX || c === ETX || c === FS) return i;
  }
  return -1;
}

function framingByteError(field: string): ProtocolError {
  return fieldError('unencodable', field, 'kv.framing_byte', 'may not contain STX, ETX or FS');
}

/** Throws 'unencodable' naming the field when the text holds a framing byte; never echoes it. */
export function assertNoFramingByte(text: string, field: string): void {
  if (framingByteIndex(text) >= 0) throw framingByteError(field);
}

/**
 * One frame on the wire: STX, the decimal id, FS, the body (UTF-8 when given as text), ETX
 * (libmonetra LM_trans_structure). Refuses a non-decimal id and a body holding STX, ETX or FS.
 */
export function encodeFrame(id: string, body: string | Buffer): Buffer {
  if (!isFrameId(id)) {
    const problem = `must be 1 to ${MAX_ID_DIGITS} decimal digits`;
    throw fieldError('unencodable', 'id', 'frame.id_decimal', problem);
  }
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (bytes.indexOf(STX) >= 0 || bytes.indexOf(ETX) >= 0 || bytes.indexOf(FS) >= 0) {
    throw framingByteError('body');
  }
  const frame = Buffer.allocUnsafe(id.length + bytes.length + 3);
  frame[0] = STX;
  frame.write(id, 1, 'latin1');
  frame[id.length + 1] = FS;
  bytes.copy(frame, id.length + 2);
  frame[frame.length - 1] = ETX;
  return frame;
}
