import {
  DeviceError,
  type DeviceErrorCode,
  PrinterStatusError,
  statusProblems,
} from '../../drivers/index.ts';
import type { DeviceFault } from './device-status.ts';

/** Codes that mean a person must act (keys, wrong device or mode, no keys loaded, printer). */
const NEEDS_A_PERSON = new Set(['KEY_EXHAUSTED', 'PROTOCOL', 'DEVICE_STATUS']);

/** True when the failure needs a person; a printer only out of paper shows that as its paper. */
export function needsPerson(error: unknown): boolean {
  if (error instanceof PrinterStatusError)
    return statusProblems(error.status).some((problem) => problem !== 'paper out');
  return error instanceof DeviceError && NEEDS_A_PERSON.has(error.code);
}

/** True for a reader that stopped answering during a call (NOT_ANSWERING, docs/devices.md › EMV reader). */
export function notAnswering(error: unknown): boolean {
  return error instanceof DeviceError && error.code === 'NOT_ANSWERING';
}

/**
 * A failure as the status shows it; an error that is not a DeviceError (e.g. serialport's own on
 * a hang-up) takes `otherwise`: DISCONNECTED for a lost link, PROTOCOL for a call.
 */
export function faultOf(error: unknown, otherwise: DeviceErrorCode): DeviceFault {
  const fault: DeviceFault = {
    code: error instanceof DeviceError ? error.code : otherwise,
    message: error instanceof Error ? error.message : String(error),
    at: Date.now(),
  };
  if (error instanceof DeviceError && error.field !== undefined) fault.field = error.field;
  return fault;
}

/** True for a failure message of an open refused for permissions (udev rules, dialout group). */
export function isPermissionDenied(message: string | undefined): boolean {
  return message !== undefined && /permission denied|EACCES|cannot open/i.test(message);
}
