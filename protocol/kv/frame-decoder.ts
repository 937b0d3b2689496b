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

type State = 'between' | 'frame' | 'discard';

function framingError(rule: string, problem: string): ProtocolError {
  return fieldError('framing', 'frame', rule, problem);
}

function errorEvent(error: ProtocolError, id: string | undefined): KvDecoderEvent {
  return id === undefined ? { type: 'error', error } : { type: 'error', error, id };
}

/**
 * A finder of the next STX or ETX in a chunk at or after a position, for positions that only grow.
 * It remembers where each byte was last found, so the chunk is scanned once per byte value even
 * when it holds thousands of STX and no ETX.
 */
function controlFinder(chunk: Buffer): (from: number) => number {
  let etx = -2;
  let stx = -2;
  return (from) => {
    if (etx !== -1 && etx < from) etx = chunk.indexOf(ETX, from);
    if (stx !== -1 && stx < from) stx = chunk.indexOf(STX, from);
    if (etx < 0) return stx;
    return stx < 0 ? etx : Math.min(etx, stx);
  };
}

/**
 * Splits a byte stream into key/value frames (STX id FS body ETX, libmonetra), bytes
 * arriving in any chunking. Bad input is reported once per run: after a framing error the decoder
 * stays quiet until it delivers a frame, so a flood of stray bytes costs one report. Bytes outside
 * a frame are skipped to the next STX; an STX inside an unfinished frame abandons it and starts a
 * new one; a frame passing maxFrameBytes is always reported (its id can be answered) and skipped
 * up to its ETX or the next STX, without buffering past the cap.
 */
export class KvFrameDecoder {
  /** The cap in force: the largest frame accepted, STX to ETX inclusive, in bytes. */
  readonly maxFrameBytes: number;
  #state: State = 'between';
  #parts: Buffer[] = [];
  #held = 0;
  #quiet = false;

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

  /** True between a frame's STX and its end (ETX, or the next STX), skipped oversized frames too. */
  get inFrame(): boolean {
    return this.#state !== 'between';
  }

  /** Feeds the next bytes of the stream; returns the frames and errors they complete, in order. */
  push(chunk: Buffer): KvDecoderEvent[] {
    const events: KvDecoderEvent[] = [];
    const nextControl = controlFinder(chunk);
    let pos = 0;
    while (pos < chunk.length) {
      if (this.#state === 'between') {
        if (chunk[pos] === STX) {
          this.#start();
          pos += 1;
          continue;
        }
        this.#report(events, 'frame.garbage', 'bytes outside a frame');
        const stx = chunk.indexOf(STX, pos);
        pos = stx < 0 ? chunk.length : stx;
        continue;
      }
      const control = nextControl(pos);
      const end = control < 0 ? chunk.length : control;
      if (this.#state === 'frame') this.#take(chunk.subarray(pos, end), events);
      if (control < 0) break;
      if (chunk[control] === ETX) {
        if (this.#state === 'frame') this.#finish(events);
        this.#state = 'between';
      } else {
        if (this.#state === 'frame') {
          const problem = 'STX before ETX; unfinished frame dropped';
          this.#report(events, 'frame.restarted', problem, () => this.#peekId());
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
      this.#report(events, 'frame.truncated', 'stream ended before ETX', () => this.#peekId());
    }
    this.#drop();
    this.#state = 'between';
    return events;
  }

  /** Reports a framing error unless this run of bad input is already reported. */
  #report(
    events: KvDecoderEvent[],
    rule: string,
    problem: string,
    id: () => string | undefined = () => undefined,
  ): void {
    if (!this.#quiet) events.push(errorEvent(framingError(rule, problem), id()));
    this.#quiet = true;
  }

  #start(): void {
    this.#drop();
    this.#state = 'frame';
  }

  #drop(): void {
    if (this.#parts.length === 0) return;
    this.#parts = [];
    this.#held = 0;
  }

  /** Holds bytes of the current frame, or switches to discarding when the cap would be passed. */
  #take(bytes: Buffer, events: KvDecoderEvent[]): void {
    if (bytes.length === 0) return;
    if (this.#held + bytes.length + 2 > this.maxFrameBytes) {
      const id = this.#peekId(bytes);
      const problem = `larger than ${this.maxFrameBytes} bytes`;
      events.push(errorEvent(fieldError('too_large', 'frame', 'frame.too_large', problem), id));
      this.#quiet = true;
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

  #finish(events: KvDecoderEvent[]): void {
    const inner = Buffer.concat(this.#parts);
    this.#drop();
    const fs = inner.indexOf(FS);
    if (fs < 0) {
      this.#report(events, 'frame.no_separator', 'no FS after the id');
      return;
    }
    const id = inner.subarray(0, fs).toString('latin1');
    if (!isFrameId(id)) {
      this.#report(events, 'frame.id', `id must be 1 to ${MAX_ID_DIGITS} decimal digits`);
    } else if (inner.indexOf(FS, fs + 1) >= 0) {
      this.#report(events, 'frame.body_separator', 'FS inside the body', () => id);
    } else {
      events.push({ type: 'frame', frame: { id, body: inner.subarray(fs + 1) } });
      this.#quiet = false;
    }
  }
}
