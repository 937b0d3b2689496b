import { describe, expect, it } from 'vitest';
import {
  matchHidDevice,
  matchSerialPort,
  serialLocator,
} from '../../../drivers/supervisor/device-locator.ts';
import { SerialTransport } from '../../../drivers/transport/serial-transport.ts';

const ports = [
  { path: '/dev/ttyS0' },
  { path: '/dev/ttyUSB0', vendorId: '0acd', productId: '2030', serialNumber: 'A1' },
  { path: '/dev/ttyUSB1', vendorId: '0ACD', productId: '2030', serialNumber: 'B2' },
];

describe('device location by USB identity', () => {
  it('finds a serial port by vendor and product id, whatever its path', () => {
    expect(matchSerialPort({ vendorId: 0x0acd, productId: 0x2030 }, ports)).toBe('/dev/ttyUSB0');
  });

  it('tells two identical devices apart by serial number', () => {
    expect(
      matchSerialPort({ vendorId: 0x0acd, productId: 0x2030, serialNumber: 'B2' }, ports),
    ).toBe('/dev/ttyUSB1');
    expect(
      matchSerialPort({ vendorId: 0x0acd, productId: 0x2030, serialNumber: 'C3' }, ports),
    ).toBeNull();
  });

  it('picks the HID interface on the wanted usage page', () => {
    const devices = [
      { path: 'hid-kbd', vendorId: 0x0801, productId: 0x0011, usagePage: 0x01 },
      { path: 'hid-vendor', vendorId: 0x0801, productId: 0x0011, usagePage: 0xff00 },
    ];
    expect(
      matchHidDevice({ vendorId: 0x0801, productId: 0x0011, usagePage: 0xff00 }, devices),
    ).toBe('hid-vendor');
  });

  it('re-enumerates on every call, following the device to its new path (scripted enumeration, no USB devices on this machine)', async () => {
    let listing = [ports[1]!];
    const locate = serialLocator(
      { vendorId: 0x0acd, productId: 0x2030, serialNumber: 'A1' },
      { baudRate: 38400 },
      () => Promise.resolve(listing),
    );
    const first = await locate();
    expect(first).toBeInstanceOf(SerialTransport);
    expect((first as SerialTransport).settings).toMatchObject({
      path: '/dev/ttyUSB0',
      baudRate: 38400,
    });
    listing = [];
    expect(await locate()).toBeNull();
    listing = [{ ...ports[1]!, path: '/dev/ttyUSB3' }];
    expect(((await locate()) as SerialTransport).settings.path).toBe('/dev/ttyUSB3');
  });
});
