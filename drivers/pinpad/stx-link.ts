import { DeviceError } from '../device-error.ts';
import { FrameInbox } from '../transport/frame-inbox.ts';
import type { Transport } from '../transport/transport.ts';
import { ACK, EOT, NAK, StxFrameParser, encodeStxFrame } from './stx-frame.ts';

/** Link timing and retry rules; defaults from the Verifone PINpad 1000SE link layer. */
export interface StxLinkOptions {
  /** Milliseconds to wait for ACK/NAK after sending a frame (T1); default 1000. */
  ackTimeoutMs?: number;
  /** Transmissions of one frame before giving up with EOT; default 3. */
  tries?: number;
}

type ControlByte = typeof ACK | typeof NAK | typeof EOT;
type Received = { lrcOk: true; payload: Buffer } | { lrcOk: false } | { eot: true };

/**
 * The STX/ETX/LRC link both ends of a PIN-pad cable run: frames are acknowledged (ACK good LRC,
 * NAK bad LRC) as they arrive; a sender retransmits on NAK or silence and gives up with EOT after
 * three tries; a receiver gives up after three bad frames in a row, or when the sender's EOT says
 * it gave up: an EOT after a bad frame or line noise since the last send (a lone EOT byte is taken
 * as noise itself) (Verifone PINpad 1000SE link layer; UIC PP791 manual, Section 4).
 */
export class StxLink {
  readonly transport: Transport;
  readonly #parser = new StxFrameParser();
  readonly #controls = new FrameInbox<ControlByte>();
  readonly #frames = new FrameInbox<Received>();
  readonly #ackTimeoutMs: number;
  readonly #tries: number;
  /** A bad frame or noise bytes came since the last send: an EOT then means the peer gave up. */
  #troubleSinceSend = false;

  constructor(transport: Transport, options: StxLinkOptions = {}) {
    this.transport = transport;
    this.#ackTimeoutMs = options.ackTimeoutMs ?? 1000;
    this.#tries = options.tries ?? 3;
    transport.on('data', (chunk) => this.#onData(chunk));
    transport.on('disconnect', (cause) => {
      const error = new DeviceError('DISCONNECTED', `${transport.name}: disconnected`, { cause });
      this.#parser.reset();
      this.#controls.fail(error);
      this.#frames.fail(error);
    });
  }

  /** Accepts traffic again after the transport reconnected; drops anything stale. */
  reset(): void {
    this.#parser.reset();
    this.#controls.reset();
    this.#frames.reset();
  }

  /** Sends one message and waits for its ACK; NO_ACK after the last try (then EOT is sent). */
  async send(payload: Buffer, signal: AbortSignal): Promise<void> {
    this.#troubleSinceSend = false;
    for (let attempt = 1; attempt <= this.#tries; attempt += 1) {
      this.#controls.clear();
      await this.transport.write(this.encode(payload));
      const answer = await this.#awaitControl(signal);
      if (answer === ACK) return;
      if (answer === EOT)
        throw new DeviceError('PROTOCOL', `${this.transport.name}: peer sent EOT`);
    }
    await this.transport.write(Buffer.of(EOT)).catch(() => undefined);
    throw new DeviceError('NO_ACK', `${this.transport.name}: no ACK after ${this.#tries} tries`, {
      field: 'ack',
    });
  }

  /** The next good message; CHECKSUM after three bad frames in a row, NO_ACK at the peer's EOT. */
  async receive(signal: AbortSignal): Promise<Buffer> {
    let bad = 0;
    for (;;) {
      const received = await this.#frames.take(signal);
      if ('eot' in received) {
        throw new DeviceError(
          'NO_ACK',
          `${this.transport.name}: peer gave up sending its message (EOT)`,
          { field: 'ack' },
        );
      }
      if (received.lrcOk) return received.payload;
      bad += 1;
      if (bad >= this.#tries) {
        throw new DeviceError(
          'CHECKSUM',
          `${this.transport.name}: ${bad} frames with a bad LRC in a row`,
          { field: 'lrc' },
        );
      }
    }
  }

  /** The bytes of one transmission of `payload`; a simulator may override it to corrupt them. */
  protected encode(payload: Buffer): Buffer {
    return encodeStxFrame(payload);
  }

  /** Whether to answer a frame at all; a simulator may override it to lose frames. */
  protected accept(_payload: Buffer): boolean {
    return true;
  }

  async #awaitControl(signal: AbortSignal): Promise<ControlByte | undefined> {
    const window = new AbortController();
    const onAbort = (): void => window.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => window.abort('t1'), this.#ackTimeoutMs);
    try {
      return await this.#controls.take(window.signal);
    } catch (error) {
      if (window.signal.reason === 't1') return undefined;
      throw error;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  #onData(chunk: Buffer): void {
    const skipped = this.#parser.skipped;
    const events = this.#parser.push(chunk);
    if (this.#parser.skipped > skipped) this.#troubleSinceSend = true;
    for (const event of events) {
      if (event.kind === 'control') {
        this.#controls.push(event.byte);
        if (event.byte === EOT && this.#troubleSinceSend) this.#frames.push({ eot: true });
      } else if (this.accept(event.payload)) {
        if (!event.lrcOk) this.#troubleSinceSend = true;
        this.transport.write(Buffer.of(event.lrcOk ? ACK : NAK)).catch(() => undefined);
        this.#frames.push(event.lrcOk ? { lrcOk: true, payload: event.payload } : { lrcOk: false });
      }
    }
  }
}
