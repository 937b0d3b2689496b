import HID from 'node-hid';
import { SerialPort } from 'serialport';
import { HidTransport } from '../transport/hid-transport.ts';
import { type SerialSettings, SerialTransport } from '../transport/serial-transport.ts';
import type { Transport } from '../transport/transport.ts';

/** Who a USB device is, independent of the path it got this time it was plugged in. */
export interface UsbIdentity {
  /** USB vendor id, e.g. 0x0801 (MagTek), 0x0acd (ID TECH). */
  vendorId: number;
  /** USB product id. */
  productId: number;
  /** The device's serial number; when set, only that unit matches (two readers on one lane). */
  serialNumber?: string;
  /** HID only: the usage page of the interface to open, e.g. 0xff00 for MagTek's vendor page. */
  usagePage?: number;
}

/** A serial port as enumerated (serialport's list() entry: ids are hex strings). */
export interface SerialPortEntry {
  path: string;
  vendorId?: string | undefined;
  productId?: string | undefined;
  serialNumber?: string | undefined;
}

/** A HID interface as enumerated (node-hid's devices() entry). */
export interface HidEntry {
  path?: string | undefined;
  vendorId: number;
  productId: number;
  serialNumber?: string | undefined;
  usagePage?: number | undefined;
}

function sameSerial(identity: UsbIdentity, serialNumber: string | undefined): boolean {
  return identity.serialNumber === undefined || identity.serialNumber === serialNumber;
}

/** The path of the first serial port whose USB ids (and serial number, if given) match. */
export function matchSerialPort(identity: UsbIdentity, ports: SerialPortEntry[]): string | null {
  const found = ports.find(
    (port) =>
      port.vendorId !== undefined &&
      port.productId !== undefined &&
      parseInt(port.vendorId, 16) === identity.vendorId &&
      parseInt(port.productId, 16) === identity.productId &&
      sameSerial(identity, port.serialNumber),
  );
  return found?.path ?? null;
}

/** The path of the first HID interface whose ids, serial number and usage page match. */
export function matchHidDevice(identity: UsbIdentity, devices: HidEntry[]): string | null {
  const found = devices.find(
    (device) =>
      device.path !== undefined &&
      device.vendorId === identity.vendorId &&
      device.productId === identity.productId &&
      sameSerial(identity, device.serialNumber) &&
      (identity.usagePage === undefined || device.usagePage === identity.usagePage),
  );
  return found?.path ?? null;
}

/** A supervisor `locate` for a USB serial device: enumerates on every call (serialport list()). */
export function serialLocator(
  identity: UsbIdentity,
  settings: Omit<SerialSettings, 'path'>,
  list: () => Promise<SerialPortEntry[]> = () => SerialPort.list(),
): () => Promise<Transport | null> {
  return async () => {
    const path = matchSerialPort(identity, await list());
    return path === null ? null : new SerialTransport({ ...settings, path });
  };
}

/** A supervisor `locate` for a HID device: enumerates on every call (node-hid devicesAsync()). */
export function hidLocator(
  identity: UsbIdentity,
  list: () => Promise<HidEntry[]> = () => HID.devicesAsync(),
): () => Promise<Transport | null> {
  return async () => {
    const path = matchHidDevice(identity, await list());
    return path === null ? null : new HidTransport({ path });
  };
}
