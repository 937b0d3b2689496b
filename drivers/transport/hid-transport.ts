import HID from 'node-hid';
import { BaseTransport } from './transport.ts';
import { DeviceError } from '../device-error.ts';

/** Which HID interface to open: a hidraw/IOKit/Windows path from enumeration. */
export interface HidSettings {
  /** Platform path of the HID interface (from HID.devicesAsync()). */
  path: string;
  /** Share the device with other processes (macOS); default false. */
  nonExclusive?: boolean;
}

/**
 * A Transport over raw HID reports (node-hid): each data event is one input report, each write
 * one output report with the report id first. node-hid reports an unplug as a read error; that
 * is a disconnect here.
 */
export class HidTransport extends BaseTransport {
  readonly name: string;
  readonly settings: Readonly<HidSettings>;
  #device: HID.HIDAsync | undefined;

  constructor(settings: HidSettings) {
    super();
    this.settings = settings;
    this.name = `hid:${settings.path}`;
  }

  async open(): Promise<void> {
    if (this.opened) return;
    let device: HID.HIDAsync;
    try {
      device = await HID.HIDAsync.open(this.settings.path, {
        nonExclusive: this.settings.nonExclusive ?? false,
      });
    } catch (error) {
      throw new DeviceError('NOT_FOUND', `${this.name}: cannot open (check udev rules)`, {
        cause: error,
      });
    }
    device.on('data', (report: Buffer) => this.emit('data', report));
    device.on('error', (error: Error) => {
      this.#device = undefined;
      device.close().catch(() => undefined);
      this.lost(new DeviceError('DISCONNECTED', `${this.name}: read failed`, { cause: error }));
    });
    this.#device = device;
    this.closing = false;
    this.opened = true;
  }

  async close(): Promise<void> {
    const device = this.#device;
    this.closing = true;
    this.opened = false;
    this.#device = undefined;
    if (device !== undefined) await device.close().catch(() => undefined);
  }

  async write(data: Buffer): Promise<void> {
    this.assertOpen();
    const device = this.#device;
    if (device === undefined) throw new DeviceError('DISCONNECTED', `${this.name}: not open`);
    try {
      await device.write(data);
    } catch (error) {
      throw new DeviceError('DISCONNECTED', `${this.name}: write failed`, { cause: error });
    }
  }
}
