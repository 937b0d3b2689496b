import type { DeviceErrorCode } from '../../drivers/index.ts';
import type { DeviceConfig, DeviceRole } from './device-config.ts';

/**
 * Where a device stands for the cashier (docs/lane-devices.md, Statuses):
 * - connecting: first open in progress;
 * - connected: open and answering;
 * - reconnecting: the link is down (unplugged, not found, closed by the peer); the supervisor
 *   retries with backoff, nobody needs to act yet;
 * - faulted: open or not, it needs a person: keys exhausted or of another key set, no keys
 *   loaded, printer cover open / offline / in error, no permission to open the port.
 */
export type DeviceState = 'connecting' | 'connected' | 'reconnecting' | 'faulted';

/**
 * The receipt printer's readiness as the status bar shows it (DLE EOT 1–4): ok; low (near-end
 * sensor, still prints); out; cover_open; offline (offline or in error); unknown (no answer to
 * the last poll, or none yet); none (no printer configured).
 */
export type PaperState = 'ok' | 'low' | 'out' | 'cover_open' | 'offline' | 'unknown' | 'none';

/** The last failure a device reported; text names fields and rules, never card data. */
export interface DeviceFault {
  /** The DeviceError code (TIMEOUT, DISCONNECTED, CHECKSUM, KEY_EXHAUSTED, DEVICE_STATUS …). */
  code: DeviceErrorCode;
  message: string;
  /** The field or message element the rule concerns, when the driver named one. */
  field?: string;
  /** When it happened, milliseconds since the Unix epoch. */
  at: number;
}

/** One device's status: what the lane's device panel shows. */
export interface DeviceStatus {
  role: DeviceRole;
  kind: DeviceConfig['kind'];
  /** Where it is, e.g. "serial:/dev/ttyUSB0", "usb 0acd:2030", "tcp:10.0.0.7:9100". */
  link: string;
  state: DeviceState;
  /** Printer only: the paper roll. */
  paper?: PaperState;
  /** The most recent failure, kept after recovery so support can see it. */
  lastError?: DeviceFault;
  /** When `state` or `paper` last changed, milliseconds since the Unix epoch. */
  since: number;
}

/** How a configured device is located, in words for the panel and diagnostics. */
export function describeLink(config: DeviceConfig): string {
  const hex = (id: number): string => id.toString(16).padStart(4, '0');
  if ('tcp' in config && config.tcp !== undefined)
    return `tcp:${config.tcp.host}:${config.tcp.port}`;
  if (config.usb !== undefined) {
    const serial = config.usb.serialNumber === undefined ? '' : ` #${config.usb.serialNumber}`;
    return `usb ${hex(config.usb.vendorId)}:${hex(config.usb.productId)}${serial}`;
  }
  return `${config.kind === 'magtek' ? 'hid' : 'serial'}:${config.path ?? '?'}`;
}
