import { DeviceError, PrinterStatusError, statusProblems } from '../../drivers/index.ts';
import type { DeviceFault } from './device-status.ts';

/** Codes that mean a person must act (keys, wrong device or mode, no keys loaded, printer). */
const NEEDS_A_PERSON = new Set(['KEY_EXHAUSTED', 'PROTOCOL', 'DEVICE_STATUS']);

/** True when the failure needs a person; a printer only out of paper shows that as its paper. */
export function needsPerson(error: unknown): boolean {
  if (error instanceof PrinterStatusError)
    return statusProblems(error.status).some((problem) => problem !== 'paper out');
  return error instanceof DeviceError && NEEDS_A_PERSON.has(error.code);
}

/** A failure as the status shows it; non-device errors are reported as PROTOCOL. */
export function faultOf(error: unknown, at: Date): DeviceFault {
  const fault: DeviceFault = {
    code: error instanceof DeviceError ? error.code : 'PROTOCOL',
    message: error instanceof Error ? error.message : String(error),
    at: at.getTime(),
  };
  if (error instanceof DeviceError && error.field !== undefined) fault.field = error.field;
  return fault;
}

/** True for an open failure caused by file permissions (udev rules, dialout group). */
export function isPermissionDenied(error: Error | undefined): boolean {
  return error !== undefined && /permission denied|EACCES|cannot open/i.test(error.message);
}
