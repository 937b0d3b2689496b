import { describe, expect, it } from 'vitest';
import { DeviceConfigError, parseDevicesConfig } from '../../../main/devices/index.ts';

/** The error parseDevicesConfig throws for `input`. */
function refusal(input: unknown): DeviceConfigError {
  try {
    parseDevicesConfig(input);
  } catch (error) {
    if (error instanceof DeviceConfigError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseDevicesConfig', () => {
  it('reads every role with its link and fills the defaults of each kind', () => {
    const config = parseDevicesConfig({
      reader: {
        kind: 'idtech',
        usb: { vendorId: '0acd', productId: '0x2030' },
        keySet: 'ffff987654',
      },
      emv: { kind: 'nga', path: '/dev/ttyUSB1' },
      pinpad: {
        kind: 'pinpad',
        usb: { vendorId: 0x11ca, productId: 0x0219, serialNumber: 'PP123' },
      },
      printer: { kind: 'escpos', tcp: { host: '10.0.0.7' }, codePage: 'cp858' },
    });
    expect(config).toEqual({
      reader: {
        kind: 'idtech',
        usb: { vendorId: 0x0acd, productId: 0x2030 },
        baudRate: 9600,
        keySet: 'FFFF987654',
      },
      emv: {
        kind: 'nga',
        path: '/dev/ttyUSB1',
        baudRate: 115_200,
        idleCheckMs: 15_000,
        activationTimeoutS: 15,
        answerMarginMs: 5000,
      },
      pinpad: {
        kind: 'pinpad',
        usb: { vendorId: 0x11ca, productId: 0x0219, serialNumber: 'PP123' },
        baudRate: 9600,
      },
      printer: {
        kind: 'escpos',
        tcp: { host: '10.0.0.7', port: 9100 },
        baudRate: 38_400,
        codePage: 'cp858',
        columns: 42,
        statusPollMs: 30_000,
      },
    });
  });

  it('takes a MagTek reader by USB identity on its card-data interface, and an empty configuration', () => {
    expect(
      parseDevicesConfig({
        reader: { kind: 'magtek', usb: { vendorId: 0x0801, productId: 0x0011 } },
      }),
    ).toEqual({
      reader: { kind: 'magtek', usb: { vendorId: 0x0801, productId: 0x0011, usagePage: 0xff00 } },
    });
    expect(parseDevicesConfig(undefined)).toEqual({});
  });

  it.each([
    [{ pinpad: { kind: 'pinpad' } }, 'devices.pinpad', 'give exactly one of path or usb'],
    [
      { printer: { kind: 'escpos', path: '/dev/ttyS0', tcp: { host: 'p' } } },
      'devices.printer',
      'give exactly one of path, usb or tcp',
    ],
    [
      { emv: { kind: 'pinpad', path: '/dev/x' } },
      'devices.emv.kind',
      'Invalid input: expected "nga"',
    ],
    [{ reader: { kind: 'swiper', path: '/dev/x' } }, 'devices.reader.kind', ''],
    [
      { pinpad: { kind: 'pinpad', path: 'ttyUSB0' } },
      'devices.pinpad.path',
      'must be an absolute device path (/dev/…) or COMn',
    ],
    [
      { pinpad: { kind: 'pinpad', path: '/dev/x', baudRate: 9601.5 } },
      'devices.pinpad.baudRate',
      '',
    ],
    [
      { pinpad: { kind: 'pinpad', path: '/dev/x', keySet: 'xyz' } },
      'devices.pinpad.keySet',
      'must be 6 to 16 hex digits, the leading digits of its KSN',
    ],
    [
      { reader: { kind: 'idtech', usb: { vendorId: 'acme', productId: 1 } } },
      'devices.reader.usb.vendorId',
      '',
    ],
    [
      { printer: { kind: 'escpos', tcp: { host: 'p', port: 70_000 } } },
      'devices.printer.tcp.port',
      '',
    ],
    [
      { printer: { kind: 'escpos', tcp: { host: 'p' }, codePage: 'cp850' } },
      'devices.printer.codePage',
      '',
    ],
    [
      { printer: { kind: 'escpos', tcp: { host: 'p' }, colour: true } },
      'devices.printer.colour',
      'is not a device setting',
    ],
    [
      { emv: { kind: 'nga', path: '/dev/x', activationTimeoutS: 256 } },
      'devices.emv.activationTimeoutS',
      '',
    ],
    [{ emv: { kind: 'nga', path: '/dev/x', answerMarginMs: 0 } }, 'devices.emv.answerMarginMs', ''],
    [{ scanner: {} }, 'devices.scanner', 'is not a device setting'],
  ])('refuses %j naming %s', (input, field, rule) => {
    const error = refusal(input);
    expect(error.field).toBe(field);
    expect(error.code).toBe('invalid_config');
    expect(error.message.startsWith(`${field}: `)).toBe(true);
    if (rule !== '') expect(error.message).toBe(`${field}: ${rule}`);
  });

  it('names the setting under the prefix the lane configuration gives, and never echoes a value', () => {
    const error = (() => {
      try {
        return parseDevicesConfig(
          { pinpad: { kind: 'pinpad', path: '4111111111111111' } },
          'lane.devices',
        );
      } catch (caught) {
        return caught as DeviceConfigError;
      }
    })() as DeviceConfigError;
    expect(error.field).toBe('lane.devices.pinpad.path');
    expect(error.message).not.toContain('4111');
  });
});
