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
 * An ESC/POS receipt printer on serial or TCP 9100. Every job polls DLE EOT status first (refusing
 * to print on paper out, cover open, offline or error) and again after (reporting a job spoiled
 * meanwhile), so a sale is never closed on a receipt that did not print.
 */
export class ReceiptPrinterDriver {
  readonly transport: Transport;
  readonly #queue: DeviceQueue;
  readonly #replies = new FrameInbox<number>(8);

  constructor(transport: Transport) {
    this.transport = transport;
    this.#queue = new DeviceQueue(`printer ${transport.name}`);
    transport.on('data', (chunk) => {
      for (const byte of chunk) if (isStatusByte(byte)) this.#replies.push(byte);
    });
    transport.on('disconnect', () => {
      this.#replies.fail(
        new DeviceError('DISCONNECTED', `${transport.name}: printer disconnected`),
      );
    });
  }

  async open(): Promise<void> {
    await this.transport.open();
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

  async #poll(signal: AbortSignal): Promise<PrinterStatus> {
    if (this.transport.isOpen) this.#replies.reset();
    const replies = {} as Record<StatusQuery, number>;
    for (const query of [1, 2, 3, 4] as const) {
      await this.transport.write(statusRequest(query));
      replies[query] = await this.#replies.take(signal);
    }
    return parsePrinterStatus(replies);
  }
}
