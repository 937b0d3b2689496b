import { type CallOptions } from '../call-options.ts';
import { DeviceError } from '../device-error.ts';
import { DeviceQueue } from '../supervisor/device-queue.ts';
import { FrameInbox } from '../transport/frame-inbox.ts';
import type { Transport } from '../transport/transport.ts';
import { EscPosEncoder } from './escpos-encoder.ts';
import {
  type PrinterStatus,
  type StatusQuery,
  isStatusByte,
  parsePrinterStatus,
  statusProblems,
  statusRequest,
} from './escpos-status.ts';

/** The printer's condition before and after a job. */
export interface PrintReport {
  before: PrinterStatus;
  after: PrinterStatus;
}

/** A print refused or spoiled by the printer's condition; `stage` says when it was seen. */
export class PrinterStatusError extends DeviceError {
  readonly status: PrinterStatus;
  readonly stage: 'before' | 'after';

  constructor(status: PrinterStatus, stage: 'before' | 'after') {
    const verb = stage === 'before' ? 'not printed' : 'may be incomplete';
    super('DEVICE_STATUS', `receipt ${verb}: ${statusProblems(status).join(', ')}`, {
      field: 'printer',
    });
    this.name = 'PrinterStatusError';
    this.status = status;
    this.stage = stage;
  }
}

/** Default deadlines in milliseconds: a status poll 2000, a print 15000. */
export const PRINTER_DEADLINES = { status: 2000, print: 15_000 } as const;

/**
 * How long a poll waits, at most, for the replies an earlier poll that ended early still owes
 * before asking its own: 1000 ms, half a status poll's deadline, so a printer that lost those
 * queries costs one wait and the poll after it still has time for its own replies.
 */
const OWED_REPLY_WAIT_MS = 1000;

/**
 * An ESC/POS receipt printer on serial or TCP 9100. Every job polls DLE EOT status first (refusing
 * to print on paper out, cover open, offline or error) and again after (reporting a job spoiled
 * meanwhile), so a sale is never closed on a receipt that did not print.
 */
export class ReceiptPrinterDriver {
  readonly transport: Transport;
  readonly #queue: DeviceQueue;
  readonly #replies = new FrameInbox<number>(8);
  /** Replies still due to queries of a poll that ended before they came. */
  #owed = 0;

  constructor(transport: Transport) {
    this.transport = transport;
    this.#queue = new DeviceQueue(`printer ${transport.name}`);
    transport.on('data', (chunk) => {
      for (const byte of chunk) if (isStatusByte(byte)) this.#replies.push(byte);
    });
    transport.on('disconnect', () => {
      this.#owed = 0;
      this.#replies.fail(
        new DeviceError('DISCONNECTED', `${transport.name}: printer disconnected`),
      );
    });
  }

  async open(): Promise<void> {
    await this.transport.open();
    this.#owed = 0;
    this.#replies.reset();
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  /** The printer's condition now (DLE EOT 1–4). */
  status(options: CallOptions = {}): Promise<PrinterStatus> {
    return this.#queue.run('status', options, PRINTER_DEADLINES.status, (signal) =>
      this.#poll(signal),
    );
  }

  /** Prints `job` (ESC/POS bytes or an encoder) between two status polls. */
  print(job: Buffer | EscPosEncoder, options: CallOptions = {}): Promise<PrintReport> {
    const bytes = job instanceof EscPosEncoder ? job.encode() : job;
    return this.#queue.run('print', options, PRINTER_DEADLINES.print, async (signal) => {
      const before = await this.#poll(signal);
      if (statusProblems(before).length > 0) throw new PrinterStatusError(before, 'before');
      await this.transport.write(bytes);
      const after = await this.#poll(signal);
      if (statusProblems(after).length > 0) throw new PrinterStatusError(after, 'after');
      return { before, after };
    });
  }

  /** Pulses the cash drawer on `pin` (ESC p; default pin 2, 50 ms on, 500 ms off). */
  openDrawer(pin: 2 | 5 = 2, options: CallOptions = {}): Promise<void> {
    const bytes = new EscPosEncoder('cp437', false).drawerKick(pin).encode();
    return this.#queue.run('drawer', options, PRINTER_DEADLINES.status, () =>
      this.transport.write(bytes),
    );
  }

  /**
   * DLE EOT 1–4, one reply each. A printer answers in order and a reply does not say which query
   * it answers, so the replies an earlier poll still owes are taken and dropped first (waiting
   * OWED_REPLY_WAIT_MS at most, as the printer may have lost those queries).
   */
  async #poll(signal: AbortSignal): Promise<PrinterStatus> {
    await this.#dropOwedReplies(signal);
    if (this.transport.isOpen) this.#replies.reset();
    const replies = {} as Record<StatusQuery, number>;
    for (const query of [1, 2, 3, 4] as const) {
      await this.transport.write(statusRequest(query));
      this.#owed += 1;
      replies[query] = await this.#replies.take(signal);
      this.#owed -= 1;
    }
    return parsePrinterStatus(replies);
  }

  async #dropOwedReplies(signal: AbortSignal): Promise<void> {
    const wait = AbortSignal.any([signal, AbortSignal.timeout(OWED_REPLY_WAIT_MS)]);
    try {
      for (; this.#owed > 0; this.#owed -= 1) await this.#replies.take(wait);
    } catch (error) {
      if (signal.aborted) throw error;
    }
    this.#owed = 0;
  }
}
