import type { CallOptions } from '../call-options.ts';
import { DeviceError } from '../device-error.ts';
import { CancellableCall } from '../supervisor/cancellable-call.ts';
import { DeviceQueue } from '../supervisor/device-queue.ts';
import type { Transport } from '../transport/transport.ts';
import {
  CANCEL_MESSAGE,
  type PinEntry,
  type PinPadStatus,
  type PinRequest,
  STATUS_REQUEST,
  encodeDisplay,
  encodePinRequest,
  parsePinResponse,
  parsePinPadStatus,
} from './pinpad-messages.ts';
import { StxLink, type StxLinkOptions } from './stx-link.ts';

/** Default deadlines in milliseconds: a message or status 5000, PIN entry 120000. */
export const PINPAD_DEADLINES = { message: 5000, pin: 120_000 } as const;

/**
 * A PIN pad on a serial line speaking STX/ETX/LRC with ACK/NAK (Verifone 1000SE family): show a
 * message, ask for a PIN for an amount, with the PAN or without it (70), and get back the KSN and
 * the DUKPT-encrypted ISO 9564-1 PIN block, format 0 with the PAN, format 1 without (71), cancel
 * (72), status. The PIN never leaves the pad in the clear.
 */
export class PinPadDriver {
  readonly transport: Transport;
  readonly #link: StxLink;
  readonly #queue: DeviceQueue;
  readonly #entry = new CancellableCall();

  constructor(transport: Transport, options: StxLinkOptions = {}) {
    this.transport = transport;
    this.#link = new StxLink(transport, options);
    this.#queue = new DeviceQueue(`pinpad ${transport.name}`);
  }

  async open(): Promise<void> {
    await this.transport.open();
    this.#link.reset();
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  /** Shows `text` on the pad's display (Z2). */
  display(text: string, options: CallOptions = {}): Promise<void> {
    return this.#queue.run('display', options, PINPAD_DEADLINES.message, (signal) =>
      this.#fresh().send(encodeDisplay(text), signal),
    );
  }

  /** Asks the cardholder for a PIN; cancelling (signal or cancel()) sends 72 to the pad. */
  requestPin(request: PinRequest, options: CallOptions = {}): Promise<PinEntry> {
    return this.#queue.run('requestPin', options, PINPAD_DEADLINES.pin, (signal) => {
      const message = encodePinRequest(request);
      return this.#entry.run(
        signal,
        async (entry) => {
          await this.#fresh().send(message, entry);
          return parsePinResponse(await this.#link.receive(entry));
        },
        async () => {
          if (!this.transport.isOpen) return;
          await this.#link.send(CANCEL_MESSAGE, AbortSignal.timeout(PINPAD_DEADLINES.message));
        },
      );
    });
  }

  /** Ends a PIN entry in progress (its requestPin rejects with CANCELLED); no-op when idle. */
  cancel(): void {
    this.#entry.cancel(
      new DeviceError('CANCELLED', 'pin pad: PIN entry cancelled', { field: 'pin' }),
    );
  }

  /** The link with stale frames dropped, and accepting traffic again after a reconnect. */
  #fresh(): StxLink {
    if (this.transport.isOpen) this.#link.reset();
    return this.#link;
  }

  /** The pad's state, key state and serial number (S0/S1). */
  status(options: CallOptions = {}): Promise<PinPadStatus> {
    return this.#queue.run('status', options, PINPAD_DEADLINES.message, async (signal) => {
      this.#fresh();
      await this.#link.send(STATUS_REQUEST, signal);
      return parsePinPadStatus(await this.#link.receive(signal));
    });
  }
}
