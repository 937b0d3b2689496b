import HID from 'node-hid';
import { SerialPort } from 'serialport';
import type { DevicesConfig } from './device-config.ts';
import type { DeviceFault, DeviceStatus } from './device-status.ts';
import { gatherPermissionFacts, permissionsHint } from './permissions-hint.ts';

/** A port the lane saw when it listed serial and HID devices (no card data, no secrets). */
export interface SeenPort {
  path: string;
  /** USB ids as 4 hex digits, when the port is on USB. */
  vendorId?: string;
  productId?: string;
  serialNumber?: string;
  manufacturer?: string;
}

/** One device in the diagnostics: its status, where it is configured, its last error. */
export interface DeviceDiagnostics {
  status: DeviceStatus;
  /** How it is located, e.g. "serial:/dev/ttyUSB0", "usb 0acd:2030 #SN1", "tcp:10.0.0.7:9100". */
  location: string;
  lastError?: DeviceFault;
}

/** The device part of the diagnostics screen (docs/lane-devices.md, Diagnostics). */
export interface DevicesSnapshot {
  /** When it was taken, milliseconds since the Unix epoch. */
  at: number;
  devices: DeviceDiagnostics[];
  portsSeen: SeenPort[];
  /** What to do about device permissions (udev rules, dialout/plugdev), when something is wrong. */
  permissionsHint?: string;
}

/** Where the port lists come from; default serialport's list() and node-hid's devicesAsync(). */
export interface PortListers {
  serial: () => Promise<
    {
      path: string;
      vendorId?: string;
      productId?: string;
      serialNumber?: string;
      manufacturer?: string;
    }[]
  >;
  hid: () => Promise<
    {
      path?: string;
      vendorId: number;
      productId: number;
      serialNumber?: string;
      manufacturer?: string;
    }[]
  >;
}

const DEFAULT_LISTERS: PortListers = {
  serial: () => SerialPort.list(),
  hid: () => HID.devicesAsync(),
};

const hex = (id: number): string => id.toString(16).padStart(4, '0');

/** A port entry with only the fields that are set (ids lower-case hex). */
function seen(port: {
  path: string;
  vendorId?: string;
  productId?: string;
  serialNumber?: string;
  manufacturer?: string;
}): SeenPort {
  const entry: SeenPort = { path: port.path };
  if (port.vendorId !== undefined) entry.vendorId = port.vendorId.toLowerCase();
  if (port.productId !== undefined) entry.productId = port.productId.toLowerCase();
  if (port.serialNumber !== undefined) entry.serialNumber = port.serialNumber;
  if (port.manufacturer !== undefined) entry.manufacturer = port.manufacturer;
  return entry;
}

/**
 * The devices snapshot (node-hid issue 140 and serialport issue 938 on GitHub: udev and the dialout group): every configured device with its status, location and
 * last error; every serial port and HID interface the system lists now (a lister that fails
 * lists nothing); and a permissions hint when a device node cannot be opened, a device failed
 * for permission, or USB devices are configured without the udev rules installed.
 */
export async function devicesSnapshot(
  config: DevicesConfig,
  statuses: readonly DeviceStatus[],
  listers: PortListers = DEFAULT_LISTERS,
): Promise<DevicesSnapshot> {
  const [serial, hid, facts] = await Promise.all([
    listers.serial().catch(() => []),
    listers.hid().catch(() => []),
    gatherPermissionFacts(config),
  ]);
  const portsSeen = [
    ...serial.map(seen),
    ...hid.flatMap((device) =>
      device.path === undefined
        ? []
        : [
            seen({
              ...device,
              path: device.path,
              vendorId: hex(device.vendorId),
              productId: hex(device.productId),
            }),
          ],
    ),
  ];
  const snapshot: DevicesSnapshot = {
    at: Date.now(),
    devices: statuses.map((status) => ({
      status,
      location: status.link,
      ...(status.lastError === undefined ? {} : { lastError: status.lastError }),
    })),
    portsSeen,
  };
  const hint = permissionsHint(config, statuses, facts);
  if (hint !== undefined) snapshot.permissionsHint = hint;
  return snapshot;
}
