import type { CallOptions } from '../call-options.ts';
import { DeviceError } from '../device-error.ts';
import type { CardRead, CardReadOptions, CardReader } from '../readers/card-read.ts';
import { READ_CARD_DEADLINE_MS } from '../readers/card-reader-base.ts';
import { CancellableCall } from '../supervisor/cancellable-call.ts';
import { DeviceQueue } from '../supervisor/device-queue.ts';
import type { Transport } from '../transport/transport.ts';
import {
  type EmvCompletion,
  type HostAnswer,
  emvCompletionFromTlv,
  hostResponseData,
} from './emv-completion.ts';
import { emvReadFromTlv } from './emv-result.ts';
import { NGA, NGA_STATUS } from './nga-frame.ts';
import { NgaLink } from './nga-link.ts';

/** Deadline of ping, cancel, the host response and the fence in milliseconds; default 3000. */
export const NGA_COMMAND_DEADLINE_MS = 3000;

/**
 * The timeout in seconds each Activate Transaction carries (its timeout byte, 1–255): the reader
 * answers within it, with a card or with status 08; default 15 (docs/devices.md, EMV reader).
 */
export const NGA_ACTIVATION_TIMEOUT_S = 15;

/**
 * Milliseconds the reader may stay silent past an Activate's timeout (a chip read begun just
 * before it still answering) before it is reported not answering; default 5000.
 */
export const NGA_ANSWER_MARGIN_MS = 5000;

/** Options of the EMV reader driver. */
export interface NgaReaderOptions {
  /** How long the fence after a call without its answer may take (NGA_COMMAND_DEADLINE_MS). */
  commandDeadlineMs?: number;
  /** The timeout each Activate carries, seconds (NGA_ACTIVATION_TIMEOUT_S). */
  activationTimeoutS?: number;
  /** Silence allowed past an Activate's timeout, ms (NGA_ANSWER_MARGIN_MS). */
  answerMarginMs?: number;
}

function failure(status: number, detail: number | undefined): DeviceError {
  if (status === NGA_STATUS.timeout)
    return new DeviceError('TIMEOUT', 'emv reader: no card presented in time', { field: 'card' });
  if (status === NGA_STATUS.crcError)
    return new DeviceError('CHECKSUM', 'emv reader: it received a frame with a bad CRC', {
      field: 'crc',
    });
  if (status === NGA_STATUS.failed && detail === 0x02) {
    return new DeviceError(
      'KEY_EXHAUSTED',
      'emv reader: DUKPT keys exhausted, reader needs key injection',
      { field: 'ksn' },
    );
  }
  if (status === NGA_STATUS.failed && detail === 0x03)
    return new DeviceError('CANCELLED', 'emv reader: transaction cancelled', { field: 'card' });
  if (status === NGA_STATUS.failed)
    return new DeviceError(
      'CARD_READ',
      'emv reader: card read failed, insert, tap or swipe again',
      { field: 'card' },
    );
  if (status === NGA_STATUS.notAllowed)
    return new DeviceError(
      'DEVICE_STATUS',
      'emv reader: not allowed now (no chip transaction waits for the host response)',
      { field: 'card' },
    );
  if (status === NGA_STATUS.badParameter)
    return new DeviceError('BAD_INPUT', 'emv reader: it refused the command data', {
      field: 'issuerData',
    });
  return new DeviceError('PROTOCOL', `emv reader: status ${status.toString(16).padStart(2, '0')}`, {
    field: 'status',
  });
}

/** The failure of a card wait the reader left without a byte past its timeout and the margin. */
function notAnswering(timeoutS: number, marginMs: number): DeviceError {
  return new DeviceError(
    'NOT_ANSWERING',
    `emv reader: not answering, nothing came within the ${timeoutS} s timeout of Activate Transaction and ${marginMs} ms more`,
    { field: 'reader' },
  );
}

/** Amount in minor units as EMV n12 BCD (tag 9F02). */
function amountTlv(amountMinor: number | undefined): Buffer {
  if (
    amountMinor === undefined ||
    !Number.isInteger(amountMinor) ||
    amountMinor < 1 ||
    amountMinor > 999_999_999_999
  ) {
    throw new DeviceError(
      'BAD_INPUT',
      'amountMinor: must be an integer from 1 to 999999999999 minor units',
      { field: 'amountMinor' },
    );
  }
  return Buffer.concat([
    Buffer.from('9F0206', 'hex'),
    Buffer.from(String(amountMinor).padStart(12, '0'), 'hex'),
    Buffer.from('9C0100', 'hex'),
  ]);
}

/**
 * An EMV contact/contactless reader speaking ID TECH NGA protocol 2 over serial (default
 * 115200 8N1): ping, Activate Transaction (amount, timeout) answered with TLV, cancel, and Apply
 * Host Response after a chip read went online. The answer becomes an EmvRead (icc hex, rfid,
 * masked account, entry mode, receipt tags) or, for a magnetic-stripe fallback, an encrypted
 * swipe; the host response's answer an EmvCompletion (TC or AAC, the card's final data). A call
 * ended without its answer is fenced (NgaLink), so its answer never reaches a later call.
 */
export class NgaReaderDriver implements CardReader {
  readonly transport: Transport;
  readonly #link: NgaLink;
  readonly #queue: DeviceQueue;
  readonly #activation = new CancellableCall();
  readonly #activationTimeoutS: number;
  readonly #answerMarginMs: number;

  constructor(transport: Transport, options: NgaReaderOptions = {}) {
    this.transport = transport;
    this.#activationTimeoutS = options.activationTimeoutS ?? NGA_ACTIVATION_TIMEOUT_S;
    this.#answerMarginMs = options.answerMarginMs ?? NGA_ANSWER_MARGIN_MS;
    this.#link = new NgaLink(transport, options.commandDeadlineMs ?? NGA_COMMAND_DEADLINE_MS);
    this.#queue = new DeviceQueue(`emv reader ${transport.name}`);
  }

  async open(): Promise<void> {
    await this.transport.open();
    this.#link.reset();
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  /** Checks the reader answers (18-01). */
  ping(options: CallOptions = {}): Promise<void> {
    return this.#queue.run('ping', options, NGA_COMMAND_DEADLINE_MS, async (signal) => {
      const answer = await this.#link.call(NGA.ping, Buffer.alloc(0), signal);
      if (answer.code !== NGA_STATUS.ok) throw failure(answer.code, answer.data[0]);
    });
  }

  /**
   * Waits for a card to be inserted, tapped or swiped: Activate Transaction (02-01) carrying the
   * activation timeout (or less, when the wait's deadline comes sooner), sent again each time the
   * reader answers that no card came (08) until the wait's deadline. A reader that sends no byte
   * for the timeout and the margin is not answering: the wait ends NOT_ANSWERING (field reader),
   * fenced, so a late answer never reaches another call.
   */
  readCard(options: CardReadOptions = {}): Promise<CardRead> {
    const deadlineMs = options.deadlineMs ?? READ_CARD_DEADLINE_MS;
    const endsAt = Date.now() + deadlineMs;
    return this.#queue.run('readCard', options, deadlineMs, async (signal) => {
      const amount = amountTlv(options.amountMinor);
      return this.#activation.run(signal, async (activation) => {
        for (;;) {
          activation.throwIfAborted();
          const leftS = Math.ceil((endsAt - Date.now()) / 1000);
          const timeoutS = Math.max(1, Math.min(this.#activationTimeoutS, leftS, 255));
          const request = Buffer.concat([Buffer.of(timeoutS), amount]);
          const answer = await this.#link.call(NGA.activate, request, activation, {
            ms: timeoutS * 1000 + this.#answerMarginMs,
            reason: notAnswering(timeoutS, this.#answerMarginMs),
          });
          if (answer.code === NGA_STATUS.timeout) continue;
          if (answer.code !== NGA_STATUS.ok) throw failure(answer.code, answer.data[0]);
          return emvReadFromTlv(answer.data);
        }
      });
    });
  }

  /**
   * Apply Host Response (60-12) after a contact chip read went online: gives the card the
   * issuer's response data (the service answer's icc), or, when no answer came, the terminal's
   * own 8A (Y3 to approve offline, Z3 — also for undefined — to decline); the card's second GENERATE AC answers TC, or AAC when it declines. An AAC after an approval
   * is a card decline: the lane reverses the transaction with the completion's icc.
   */
  completeTransaction(issuerData: HostAnswer, options: CallOptions = {}): Promise<EmvCompletion> {
    return this.#queue.run(
      'completeTransaction',
      options,
      NGA_COMMAND_DEADLINE_MS,
      async (signal) => {
        const answer = await this.#link.call(NGA.complete, hostResponseData(issuerData), signal);
        if (answer.code !== NGA_STATUS.ok) throw failure(answer.code, answer.data[0]);
        return emvCompletionFromTlv(answer.data);
      },
    );
  }

  /** Resolves once every call so far has ended, a call ended without its answer fenced (NgaLink). */
  settled(): Promise<void> {
    return this.#queue.idle();
  }

  /** Ends a card wait in progress (its readCard rejects with CANCELLED); no-op when idle. */
  cancel(): void {
    this.#activation.cancel(
      new DeviceError('CANCELLED', 'emv reader: card read cancelled', { field: 'card' }),
    );
  }
}
