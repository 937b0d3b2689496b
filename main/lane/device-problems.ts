import { DeviceError, PrinterStatusError } from '../../drivers/index.ts';
import type { PrinterGate } from '../devices/index.ts';
import type { ProblemCode } from '../lane-api/index.ts';

/**
 * What a failed card wait means for the cashier (docs/devices.md, DeviceError codes): a read the
 * customer fixes by trying again (`retry_read`), or a problem to show. CANCELLED is the lane's
 * own cancel and is not mapped here.
 */
export function readerProblem(error: unknown): ProblemCode | 'retry_read' {
  if (!(error instanceof DeviceError)) return 'device_error';
  switch (error.code) {
    case 'CARD_READ':
    case 'CHECKSUM':
    case 'FRAMING':
      return 'retry_read';
    case 'TIMEOUT':
      return 'reader_timeout';
    case 'DISCONNECTED':
    case 'NOT_OPEN':
      return 'reader_disconnected';
    case 'NOT_ANSWERING':
      return 'reader_not_answering';
    case 'KEY_EXHAUSTED':
      return 'reader_keys_exhausted';
    case 'NOT_FOUND':
      return 'no_card_reader';
    default:
      return 'device_error';
  }
}

/** What a failed PIN entry means: the cardholder cancelled or was too slow, the pad is gone or out of keys. */
export function pinProblem(error: unknown): ProblemCode {
  if (!(error instanceof DeviceError)) return 'device_error';
  switch (error.code) {
    case 'CANCELLED':
      return 'pin_cancelled';
    case 'TIMEOUT':
      return 'pin_timeout';
    case 'DISCONNECTED':
    case 'NOT_OPEN':
    case 'NO_ACK':
    case 'NOT_FOUND':
      return 'pinpad_disconnected';
    case 'KEY_EXHAUSTED':
    case 'DEVICE_STATUS':
      return 'pinpad_keys_exhausted';
    default:
      return 'device_error';
  }
}

/** Why the printer gate stopped a sale, as a problem for the cashier. */
export function printerProblem(gate: Extract<PrinterGate, { ready: false }>): ProblemCode {
  switch (gate.reason) {
    case 'paper-out':
      return 'printer_paper_out';
    case 'cover-open':
      return 'printer_cover_open';
    case 'offline':
    case 'error':
      return 'printer_offline';
    case 'disconnected':
    case 'no-answer':
    case 'not-configured':
      return 'printer_disconnected';
  }
}

/** What a failed print means: refused before (the printer's condition) or spoiled during it. */
export function printProblem(error: unknown): ProblemCode {
  if (error instanceof PrinterStatusError) {
    if (error.stage === 'after') return 'receipt_incomplete';
    if (error.status.paperOut) return 'printer_paper_out';
    return error.status.coverOpen ? 'printer_cover_open' : 'printer_offline';
  }
  return error instanceof DeviceError ? 'printer_disconnected' : 'device_error';
}
