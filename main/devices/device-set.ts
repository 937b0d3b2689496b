// The supervised devices a lane's configuration names (docs/lane-devices.md, The device manager):
// for each configured role the driver that speaks its protocol, wrapped in its own ManagedDevice
// (its own queue, reconnects and status), with the card readers the card wait races, and the PIN
// pad and the printer behind the parts that add their own rules.
import {
  type CardReader,
  type DeviceSupervisor,
  IdtechReaderDriver,
  MagtekReaderDriver,
  NgaReaderDriver,
  type NgaReaderOptions,
  PinPadDriver,
  ReceiptPrinterDriver,
  WedgeReaderDriver,
} from '../../drivers/index.ts';
import type { CardReaderRole } from './card-readers.ts';
import type { DeviceConfigOf, DeviceRole, DevicesConfig } from './device-config.ts';
import type { DeviceStatus } from './device-status.ts';
import { ManagedDevice, type OpenableDriver } from './managed-device.ts';
import { PinPadDevice } from './pinpad-device.ts';
import { PrinterDevice } from './printer-device.ts';

/** A lane's devices by role; a role the configuration leaves out has none. */
export interface DeviceSet {
  /** Every configured device, in the order it was made (reader, emv, pinpad, printer). */
  readonly devices: Map<DeviceRole, ManagedDevice<OpenableDriver>>;
  /** The readers a card wait races: the swipe reader and the EMV reader. */
  readonly readers: Map<CardReaderRole, ManagedDevice<CardReader>>;
  readonly emv: ManagedDevice<NgaReaderDriver> | undefined;
  readonly pinpad: PinPadDevice | undefined;
  readonly printer: PrinterDevice | undefined;
}

/** What the set tells its owner: every status change, and when a checked role is due a check. */
export interface DeviceSetListeners {
  onChange: (status: DeviceStatus) => void;
  /** A checked role (EMV reader, PIN pad, printer) is due its check (DeviceChecks). */
  onCheckDue: (role: DeviceRole) => void;
}

/** The swipe reader's driver for its configured kind (docs/lane-devices.md, Device configuration). */
function readerDriver(
  kind: DeviceConfigOf<'reader'>['kind'] | undefined,
  link: DeviceSupervisor,
): CardReader {
  if (kind === 'magtek') return new MagtekReaderDriver(link);
  if (kind === 'idtech') return new IdtechReaderDriver(link);
  return new WedgeReaderDriver(link);
}

/** The EMV reader's card wait timings from its configuration (docs/lane-devices.md). */
function emvTimings(config: DeviceConfigOf<'emv'> | undefined): NgaReaderOptions {
  if (config === undefined) return {};
  return { activationTimeoutS: config.activationTimeoutS, answerMarginMs: config.answerMarginMs };
}

/** Makes the supervised device of every role `config` names; none is started yet. */
export function makeDeviceSet(config: DevicesConfig, listeners: DeviceSetListeners): DeviceSet {
  const devices = new Map<DeviceRole, ManagedDevice<OpenableDriver>>();
  const make = <D extends OpenableDriver>(
    role: DeviceRole,
    makeDriver: (supervisor: DeviceSupervisor) => D,
    /** Whether the owner checks it, and after how long idle (0: only on connect and out of step). */
    checks: { idleMs: number } | undefined,
  ): ManagedDevice<D> | undefined => {
    const deviceConfig = config[role];
    if (deviceConfig === undefined) return undefined;
    const device = new ManagedDevice<D>({
      role,
      config: deviceConfig,
      makeDriver,
      backoff: config.reconnect ?? {},
      onChange: listeners.onChange,
      ...(checks === undefined
        ? {}
        : { onCheckDue: () => listeners.onCheckDue(role), idleCheckMs: checks.idleMs }),
    });
    devices.set(role, device);
    return device;
  };
  const readers = new Map<CardReaderRole, ManagedDevice<CardReader>>();
  const reader = make<CardReader>(
    'reader',
    (link) => readerDriver(config.reader?.kind, link),
    undefined,
  );
  const emv = make('emv', (link) => new NgaReaderDriver(link, emvTimings(config.emv)), {
    idleMs: config.emv?.idleCheckMs ?? 0,
  });
  if (reader !== undefined) readers.set('reader', reader);
  if (emv !== undefined) readers.set('emv', emv);
  const pad = make('pinpad', (link) => new PinPadDriver(link), { idleMs: 0 });
  const printer = make('printer', (link) => new ReceiptPrinterDriver(link), { idleMs: 0 });
  return {
    devices,
    readers,
    emv,
    pinpad: pad === undefined ? undefined : new PinPadDevice(pad),
    printer:
      printer === undefined || config.printer === undefined
        ? undefined
        : new PrinterDevice(printer, config.printer),
  };
}
