import { ReaderDataError } from '../crypto/index.ts';
import { DeviceError } from '../device-error.ts';
import { DeviceQueue } from '../supervisor/device-queue.ts';
import { FrameInbox } from '../transport/frame-inbox.ts';
import type { Transport } from '../transport/transport.ts';
import type { CardRead, CardReadOptions, CardReader } from './card-read.ts';

/** Default deadline of readCard in milliseconds: 60 s for the customer to swipe. */
export const READ_CARD_DEADLINE_MS = 60_000;

/** A decoded swipe or why it could not be decoded, with when it arrived (performance.now()). */
type Outcome = ({ read: CardRead } | { error: DeviceError }) & { at: number };

/**
 * What the swipe readers share: a transport, a queue, and an inbox of decoded swipes. A subclass
 * turns bytes into reads (or typed errors) and calls deliver(); readCard() returns the next one.
 */
export abstract class CardReaderBase implements CardReader {
  readonly transport: Transport;
  protected readonly queue: DeviceQueue;
  readonly #outcomes = new FrameInbox<Outcome>(4);

  constructor(transport: Transport, label: string) {
    this.transport = transport;
    this.queue = new DeviceQueue(`${label} ${transport.name}`);
    transport.on('data', (chunk) => this.onBytes(chunk));
    transport.on('disconnect', (cause) => {
      this.resetDecoder();
      this.#outcomes.fail(
        new DeviceError('DISCONNECTED', `${transport.name}: reader disconnected`, { cause }),
      );
    });
  }

  async open(): Promise<void> {
    await this.transport.open();
    this.#outcomes.reset();
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  readCard(options: CardReadOptions = {}): Promise<CardRead> {
    const since = options.since ?? performance.now();
    return this.queue.run('readCard', options, READ_CARD_DEADLINE_MS, async (signal) => {
      if (this.transport.isOpen) this.#outcomes.reset((outcome) => outcome.at >= since);
      const outcome = await this.#outcomes.take(signal);
      if ('error' in outcome) throw outcome.error;
      return outcome.read;
    });
  }

  settled(): Promise<void> {
    return this.queue.idle();
  }

  /** Hands a decoded swipe, or the reason one could not be decoded, to the waiting readCard(). */
  protected deliver(outcome: CardRead | DeviceError): void {
    const at = performance.now();
    this.#outcomes.push(
      outcome instanceof DeviceError ? { error: outcome, at } : { read: outcome, at },
    );
  }

  /**
   * Turns an error thrown while decoding into a DeviceError without card data: reader output
   * failing its framing is FRAMING, failing an LRC, checksum or hash is CHECKSUM (swipe again),
   * anything else CARD_READ.
   */
  protected unreadable(error: unknown, what: string): DeviceError {
    if (error instanceof DeviceError) return error;
    if (error instanceof ReaderDataError) {
      return new DeviceError(
        error.check === 'integrity' ? 'CHECKSUM' : 'FRAMING',
        `${what}: ${error.message}`,
        { field: error.field },
      );
    }
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    const field =
      typeof error === 'object' && error !== null && 'field' in error ? String(error.field) : what;
    return new DeviceError(
      'CARD_READ',
      `${what}: unreadable swipe${code === '' ? '' : ` (${code})`}, swipe again`,
      {
        field,
      },
    );
  }

  /** Bytes from the device. */
  protected abstract onBytes(chunk: Buffer): void;

  /** Forgets partial input after a disconnect. */
  protected abstract resetDecoder(): void;
}
