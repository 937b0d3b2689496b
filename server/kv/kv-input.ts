import { KvFrameDecoder, type KvDecoderEvent } from '../../protocol/index.ts';

/** Bytes decoded at a time: a connection told to wait holds at most this much decoded input. */
const DECODE_SLICE_BYTES = 4096;

/**
 * The read side of a key/value connection: bytes read are decoded a slice at a time, only as fast
 * as their frames are handled, so a connection that must wait holds raw bytes rather than piles of
 * decoded frames. Keeps the frame deadline: a frame must be whole within `frameTimeoutMs` of its
 * STX, the time the connection spends waiting on the service excepted (docs/api.md, Limits).
 */
export class KvInput {
  readonly #decoder: KvFrameDecoder;
  readonly #frameTimeoutMs: number;
  readonly #expired: () => void;
  /** Decoded events not yet handled, from #next on. */
  #events: KvDecoderEvent[] = [];
  #next = 0;
  /** Bytes read and not yet decoded. */
  #undecoded: Buffer | undefined;
  /** True once a frame ended since the deadline was last armed: a new frame has begun. */
  #frameEnded = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(maxFrameBytes: number, frameTimeoutMs: number, expired: () => void) {
    this.#decoder = new KvFrameDecoder({ maxFrameBytes });
    this.#frameTimeoutMs = frameTimeoutMs;
    this.#expired = expired;
  }

  /** True while read input waits to be handled. */
  get waiting(): boolean {
    return this.#next < this.#events.length || this.#undecoded !== undefined;
  }

  /** True while part of a frame has been read: from its STX until it ends. */
  get inFrame(): boolean {
    return this.#undecoded !== undefined || this.#decoder.inFrame;
  }

  /** Bytes read and not yet decoded into frames. */
  get bufferedBytes(): number {
    return (this.#undecoded?.length ?? 0) + this.#decoder.bufferedBytes;
  }

  /** Takes bytes read from the socket. */
  add(chunk: Buffer): void {
    this.#undecoded =
      this.#undecoded === undefined ? chunk : Buffer.concat([this.#undecoded, chunk]);
  }

  /** The next event to handle, decoding another slice when needed; undefined when none is left. */
  peek(): KvDecoderEvent | undefined {
    while (this.#next >= this.#events.length) {
      const rest = this.#undecoded;
      if (rest === undefined) return undefined;
      const whole = rest.length <= DECODE_SLICE_BYTES;
      this.#undecoded = whole ? undefined : rest.subarray(DECODE_SLICE_BYTES);
      this.#events = this.#decoder.push(whole ? rest : rest.subarray(0, DECODE_SLICE_BYTES));
      this.#next = 0;
      this.#frameEnded ||= this.#events.length > 0;
    }
    return this.#events[this.#next];
  }

  /** Marks the event peek() gave as handled. */
  take(): void {
    this.#next += 1;
  }

  /** The stream ended: the errors an unfinished frame leaves. */
  end(): KvDecoderEvent[] {
    return this.#decoder.end();
  }

  /** Arms the frame deadline while a frame is unfinished (anew when another frame has begun). */
  watchDeadline(): void {
    if (!this.#decoder.inFrame) this.stopDeadline();
    else if (this.#timer === undefined || this.#frameEnded) {
      clearTimeout(this.#timer);
      this.#timer = setTimeout(this.#expired, this.#frameTimeoutMs);
    }
    this.#frameEnded = false;
  }

  /** Lifts the frame deadline: the connection waits on the service, or is closing. */
  stopDeadline(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
