import type { CallOptions } from '../call-options.ts';
import { DeviceError } from '../device-error.ts';
import type { KeyedRead } from '../readers/card-read.ts';
import { SensitiveText } from '../sensitive-text.ts';
import { CancellableCall } from '../supervisor/cancellable-call.ts';
import { DeviceQueue } from '../supervisor/device-queue.ts';
import type { Transport } from '../transport/transport.ts';
import {
  type KeyedCardEntry,
  type KeyedCardRequest,
  encodeKeyedCardRequest,
  parseKeyedCardResponse,
} from './keyed-card-messages.ts';
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

/** Default deadlines in milliseconds: a message or status 5000, PIN entry 120000, keyed card 180000. */
export const PINPAD_DEADLINES = { message: 5000, pin: 120_000, card: 180_000 } as const;

/**
 * The read of a keyed card entry: what the lane shows, and the security code kept sensitive.
 * PROTOCOL on field expdate when the pad skipped an expiry the request did not let it skip.
 */
function keyedRead(entry: KeyedCardEntry, request: KeyedCardRequest): KeyedRead {
  if (entry.expdate === undefined && request.expiryOptional !== true)
    throw new DeviceError('PROTOCOL', 'pin pad: 75 without the expiry 74 asked for', {
      field: 'expdate',
    });
  const { cv, maskedAccount, ...encrypted } = entry;
  return {
    kind: 'keyed',
    entryMode: 'keyed',
    ...encrypted,
    maskedAccount,
    lastFour: maskedAccount.slice(-4),
    ...(cv !== undefined && { cv: new SensitiveText(cv) }),
  };
}

/**
 * A PIN pad on a serial line speaking STX/ETX/LRC with ACK/NAK (Verifone 1000SE family): show a
 * message, ask for a PIN for an amount, with the PAN or without it (70), and get back the KSN and
 * the DUKPT-encrypted ISO 9564-1 PIN block, format 0 with the PAN, format 1 without (71); ask the
 * cardholder to key the card on the pad (74) and get back the account DUKPT-encrypted, with its
 * expiry and, when asked, security code (75); cancel either entry (72); status. The PIN and the
 * keyed account never leave the pad in the clear.
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
    return this.#enter('requestPin', options, PINPAD_DEADLINES.pin, () => ({
      message: encodePinRequest(request),
      parse: parsePinResponse,
    }));
  }

  /**
   * Asks the cardholder to key the card on the pad (74): number and expiry (which may be skipped
   * when `request.expiryOptional`), and the security code when `request.securityCode`. The pad
   * answers the account DUKPT-encrypted (75), read as a KeyedRead for the request's e_account,
   * e_id and expdate. Cancelling (signal or cancel()) sends 72, as for a PIN.
   */
  requestCard(request: KeyedCardRequest = {}, options: CallOptions = {}): Promise<KeyedRead> {
    return this.#enter('requestCard', options, PINPAD_DEADLINES.card, () => ({
      message: encodeKeyedCardRequest(request),
      parse: (payload) => keyedRead(parseKeyedCardResponse(payload), request),
    }));
  }

  /** Ends a PIN or keyed card entry in progress (it rejects with CANCELLED); no-op when idle. */
  cancel(): void {
    this.#entry.cancel(
      new DeviceError('CANCELLED', 'pin pad: entry cancelled', { field: 'entry' }),
    );
  }

  /**
   * One entry on the keypad: sends the request, waits for the cardholder's answer, and sends 72
   * when the entry ends by deadline, signal or cancel() before the answer.
   */
  #enter<T>(
    name: string,
    options: CallOptions,
    deadlineMs: number,
    build: () => { message: Buffer; parse: (payload: Buffer) => T },
  ): Promise<T> {
    return this.#queue.run(name, options, deadlineMs, (signal) => {
      const { message, parse } = build();
      return this.#entry.run(
        signal,
        async (entry) => {
          await this.#fresh().send(message, entry);
          return parse(await this.#link.receive(entry));
        },
        async () => {
          if (!this.transport.isOpen) return;
          await this.#link.send(CANCEL_MESSAGE, AbortSignal.timeout(PINPAD_DEADLINES.message));
        },
      );
    });
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
