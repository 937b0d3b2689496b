import type { ProtocolError } from '../errors.ts';
import { fieldError } from './field-error.ts';
import { ETX, FS, MAX_ID_DIGITS, STX, isFrameId, type KvFrame } from './frame.ts';

/** Default cap on one frame, STX to ETX inclusive: 1 MiB (LaneTerm; docs/protocol.md). */
export const DEFAULT_MAX_FRAME_BYTES = 1024 * 1024;

/** Options of a KvFrameDecoder. */
export interface KvFrameDecoderOptions {
  /** Largest frame accepted, STX to ETX inclusive, in bytes; default 1 MiB, at least 4. */
  readonly maxFrameBytes?: number;
}

/**
 * What push() reports, in stream order: a whole frame, or an error of kind 'framing' or
 * 'too_large' with the frame's id when it was readable.
 */
export type KvDecoderEvent =
  | { readonly type: 'frame'; readonly frame: KvFrame }
  | { readonly type: 'error'; readonly error: ProtocolError; readonly id?: string };

type State = 'between' | 'garbage' | 'frame' | 'discard';

function framingError(rule: string, problem: string): ProtocolError {
  return fieldError('framing', 'frame', rule, problem);
}

function errorEvent(error: ProtocolError, id: string | undefined): KvDecoderEvent {
  return id === undefined ? { type: 'error', error } : { type: 'error', error, id };
}

function nextControl(chunk: Buffer, from: number): number {
  const etx = chunk.indexOf(ETX, from);
  const stx = chunk.indexOf(STX, from);
  if (etx < 0) return stx;
  return stx < 0 ? etx : Math.min(etx, stx);
}

/**
 * Splits a byte stream into key/value frames (STX id FS body ETX, payment-server-facts A1), bytes
 * arriving in any chunking. Bytes outside a frame are reported once per run; an STX inside an
 * unfinished frame abandons it (reported) and starts a new one; a frame passing maxFrameBytes is
 * reported and skipped up to its ETX (or the next STX) without buffering past the cap.
 */
export class KvFrameDecoder {
  readonly maxFrameBytes: number;
  #state: State = 'between';
  #parts: Buffer[] = [];
  #held = 0;

  constructor(options: KvFrameDecoderOptions = {}) {
    const max = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
    if (!Number.isSafeInteger(max) || max < 4) {
      throw new RangeError('maxFrameBytes: must be an integer of at least 4');
    }
    this.maxFrameBytes = max;
  }

  /** Bytes of the unfinished frame held now; always below maxFrameBytes. */
  get bufferedBytes(): number {
    return this.#held;
  }

  /** Feeds the next bytes of the stream; returns the frames and errors they complete, in order. */
  push(chunk: Buffer): KvDecoderEvent[] {
    const events: KvDecoderEvent[] = [];
    let pos = 0;
    while (pos < chunk.length) {
      if (this.#state === 'between' || this.#state === 'garbage') {
        if (chunk[pos] === STX) {
          this.#start();
          pos += 1;
          continue;
        }
        if (this.#state === 'between') {
          events.push(
            errorEvent(framingError('frame.garbage', 'bytes outside a frame'), undefined),
          );
          this.#state = 'garbage';
        }
        const stx = chunk.indexOf(STX, pos);
        pos = stx < 0 ? chunk.length : stx;
        continue;
      }
      const control = nextControl(chunk, pos);
      const end = control < 0 ? chunk.length : control;
      if (this.#state === 'frame') this.#take(chunk.subarray(pos, end), events);
      pos = end;
      if (control < 0) break;
      if (chunk[control] === ETX) {
        if (this.#state === 'frame') events.push(this.#finish());
        this.#state = 'between';
      } else {
        if (this.#state === 'frame') {
          const error = framingError('frame.restarted', 'STX before ETX; unfinished frame dropped');
          events.push(errorEvent(error, this.#peekId()));
        }
        this.#start();
      }
      pos = control + 1;
    }
    return events;
  }

  /** Ends the stream: an unfinished frame is reported as truncated and dropped. */
  end(): KvDecoderEvent[] {
    const events: KvDecoderEvent[] = [];
    if (this.#state === 'frame') {
      const error = framingError('frame.truncated', 'stream ended before ETX');
      events.push(errorEvent(error, this.#peekId()));
    }
    this.#drop();
    this.#state = 'between';
    return events;
  }

  #start(): void {
    this.#drop();
    this.#state = 'frame';
  }

  #drop(): void {
    this.#parts = [];
    this.#held = 0;
  }

  /** Holds bytes of the current frame, or switches to discarding when the cap would be passed. */
  #take(bytes: Buffer, events: KvDecoderEvent[]): void {
    if (bytes.length === 0) return;
    if (this.#held + bytes.length + 2 > this.maxFrameBytes) {
      const id = this.#peekId(bytes);
      const problem = `larger than ${this.maxFrameBytes} bytes`;
      const error = fieldError('too_large', 'frame', 'frame.too_large', problem);
      events.push(errorEvent(error, id));
      this.#drop();
      this.#state = 'discard';
      return;
    }
    this.#parts.push(Buffer.from(bytes));
    this.#held += bytes.length;
  }

  /** The id of the current frame when its FS has arrived and the id is valid. */
  #peekId(more?: Buffer): string | undefined {
    const head: Buffer[] = [];
    let length = 0;
    for (const part of more ? [...this.#parts, more] : this.#parts) {
      if (length > MAX_ID_DIGITS) break;
      const piece = part.subarray(0, MAX_ID_DIGITS + 1 - length);
      head.push(piece);
      length += piece.length;
    }
    const bytes = Buffer.concat(head);
    const fs = bytes.indexOf(FS);
    const id = fs < 0 ? '' : bytes.subarray(0, fs).toString('latin1');
    return isFrameId(id) ? id : undefined;
  }

  #finish(): KvDecoderEvent {
    const inner = Buffer.concat(this.#parts);
    this.#drop();
    const fs = inner.indexOf(FS);
    if (fs < 0)
      return errorEvent(framingError('frame.no_separator', 'no FS after the id'), undefined);
    const id = inner.subarray(0, fs).toString('latin1');
    if (!isFrameId(id)) {
      const error = framingError('frame.id', `id must be 1 to ${MAX_ID_DIGITS} decimal digits`);
      return errorEvent(error, undefined);
    }
    if (inner.indexOf(FS, fs + 1) >= 0) {
      return errorEvent(framingError('frame.body_separator', 'FS inside the body'), id);
    }
    return { type: 'frame', frame: { id, body: inner.subarray(fs + 1) } };
  }
}
