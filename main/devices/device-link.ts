import { access } from 'node:fs/promises';
import {
  DeviceError,
  type DeviceSupervisor,
  HidTransport,
  SerialTransport,
  TcpTransport,
  type Transport,
  hidLocator,
  serialLocator,
} from '../../drivers/index.ts';
import type { DeviceConfig, DeviceRole } from './device-config.ts';

/** Milliseconds a TCP printer may take to accept a connection; default 3000 (TcpTransport's). */
const TCP_CONNECT_MS = 3000;

/**
 * The supervisor `locate` of a configured device (drivers/supervisor): by USB identity it
 * enumerates on every attempt (serialport list, node-hid devices), so a device plugged into
 * another port is found again; by path it answers null while the node is absent (unplugged), so
 * the supervisor waits and retries; by TCP it connects to the printer's address.
 */
export function locatorFor(config: DeviceConfig): () => Promise<Transport | null> {
  if ('tcp' in config && config.tcp !== undefined) {
    const { host, port } = config.tcp;
    return () =>
      Promise.resolve(new TcpTransport({ host, port, connectTimeoutMs: TCP_CONNECT_MS }));
  }
  if (config.kind === 'magtek') {
    if (config.usb !== undefined) return hidLocator(config.usb);
    const path = config.path ?? '';
    return async () => ((await present(path)) ? new HidTransport({ path }) : null);
  }
  const baudRate = config.baudRate;
  if (config.usb !== undefined) return serialLocator(config.usb, { baudRate });
  const path = config.path ?? '';
  return async () => ((await present(path)) ? new SerialTransport({ path, baudRate }) : null);
}

/** True when the device node exists (a COM port is always tried). */
async function present(path: string): Promise<boolean> {
  if (!path.startsWith('/')) return true;
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits for `supervisor`'s link within the call's deadline; DISCONNECTED (field: the role, with
 * `why()`, the device's last error then) when it does not come back in time.
 */
export async function waitForLink(
  supervisor: DeviceSupervisor,
  role: DeviceRole,
  why: () => string | undefined,
  deadlineMs: number,
  signal: AbortSignal,
): Promise<void> {
  try {
    await supervisor.waitUntilOpen({ deadlineMs, signal });
  } catch (error) {
    if (error instanceof DeviceError && error.code === 'TIMEOUT') {
      const last = why();
      const reason = last === undefined ? '' : ` (${last})`;
      throw new DeviceError('DISCONNECTED', `${role}: not connected${reason}`, { field: role });
    }
    throw error;
  }
}
