import {
  type CallOptions,
  DeviceError,
  PRINTER_DEADLINES,
  type PrintReport,
  type PrinterStatus,
  PrinterStatusError,
  type ReceiptPrinterDriver,
  statusProblems,
} from '../../drivers/index.ts';
import type { PrinterConfig } from './device-config.ts';
import type { PaperState } from './device-status.ts';
import type { ManagedDevice } from './managed-device.ts';

/** Why the printer cannot take a receipt now (the gate's answer, in the cashier's terms). */
export type PrinterBlock =
  | 'not-configured'
  | 'disconnected'
  | 'no-answer'
  | 'paper-out'
  | 'cover-open'
  | 'offline'
  | 'error';

/**
 * The printer gate (docs/lane-devices.md): ready, with the roll's state, or the reason a receipt
 * would not print and words for the cashier. The lane asks before it authorizes, so a sale is
 * never approved onto a printer that cannot print its receipt.
 */
export type PrinterGate =
  { ready: true; paper: 'ok' | 'low' } | { ready: false; reason: PrinterBlock; message: string };

/**
 * The printer's readiness from a DLE EOT status: an open cover first (the paper sensor cannot be
 * trusted then), then paper out, then offline or in error, then the near-end sensor.
 */
function paperOf(status: PrinterStatus): PaperState {
  if (status.coverOpen) return 'cover_open';
  if (status.paperOut) return 'out';
  if (!status.online || status.error) return 'offline';
  return status.paperNearEnd ? 'low' : 'ok';
}

/** The first problem of a status that stops printing, as a gate reason (in paperOf's order). */
function blockOf(status: PrinterStatus): PrinterBlock {
  if (status.coverOpen) return 'cover-open';
  if (status.paperOut) return 'paper-out';
  if (!status.online) return 'offline';
  return 'error';
}

/** What the printer's calls prove sound: a good status poll or print clears a printer fault. */
const PROVES = { proves: 'printer' } as const;

/**
 * The receipt printer under the manager: every status poll and print updates the paper state
 * and faults (cover open, offline, error), an idle poll every `statusPollMs` shows paper low/out
 * without a print, and the gate answers before a sale whether a receipt can print.
 */
export class PrinterDevice {
  readonly device: ManagedDevice<ReceiptPrinterDriver>;
  readonly config: PrinterConfig;
  #timer: NodeJS.Timeout | undefined;

  constructor(device: ManagedDevice<ReceiptPrinterDriver>, config: PrinterConfig) {
    this.device = device;
    this.config = config;
  }

  /** Starts the idle status poll (when statusPollMs is not 0). */
  startPolling(): void {
    if (this.config.statusPollMs === 0) return;
    this.#timer = setInterval(() => {
      if (this.device.supervisor.isOpen) void this.status().catch(() => undefined);
    }, this.config.statusPollMs);
    this.#timer.unref();
  }

  stopPolling(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /**
   * Polls DLE EOT: the status, with paper recorded; PrinterStatusError (stage "before") when it
   * would refuse a receipt, recorded as a fault unless the only problem is paper.
   */
  status(options: CallOptions = {}): Promise<PrinterStatus> {
    return this.device.call(
      'status',
      options,
      PRINTER_DEADLINES.status,
      async (call) => {
        const status = await this.device.driver.status(call);
        this.device.setPaper(paperOf(status));
        if (statusProblems(status).length > 0) throw new PrinterStatusError(status, 'before');
        return status;
      },
      PROVES,
    );
  }

  /** The gate: ready with the roll's state, or why not; only a cancel throws (CANCELLED). */
  async gate(options: CallOptions = {}): Promise<PrinterGate> {
    try {
      const status = await this.status(options);
      return { ready: true, paper: status.paperNearEnd ? 'low' : 'ok' };
    } catch (error) {
      if (error instanceof PrinterStatusError)
        return { ready: false, reason: blockOf(error.status), message: error.message };
      if (error instanceof DeviceError && error.code !== 'CANCELLED') {
        this.device.setPaper('unknown');
        const reason = error.code === 'TIMEOUT' ? 'no-answer' : 'disconnected';
        return { ready: false, reason, message: `receipt printer: ${error.message}` };
      }
      throw error;
    }
  }

  /** Prints one job (ESC/POS bytes) between two status polls; paper state follows both. */
  print(job: Buffer, options: CallOptions = {}): Promise<PrintReport> {
    return this.device.call(
      'print',
      options,
      PRINTER_DEADLINES.print,
      async (call) => {
        try {
          const report = await this.device.driver.print(job, call);
          this.device.setPaper(paperOf(report.after));
          return report;
        } catch (error) {
          if (error instanceof PrinterStatusError) this.device.setPaper(paperOf(error.status));
          throw error;
        }
      },
      PROVES,
    );
  }

  /** Pulses the cash drawer on pin 2. */
  openDrawer(options: CallOptions = {}): Promise<void> {
    return this.device.call('drawer', options, PRINTER_DEADLINES.status, (call) =>
      this.device.driver.openDrawer(2, call),
    );
  }
}
