import { EventEmitter } from 'node:events';
import {
  type CallOptions,
  type CardReader,
  DeviceError,
  type EmvCompletion,
  type HostAnswer,
  NGA_COMMAND_DEADLINE_MS,
  type NgaReaderDriver,
  type KeyedCardRequest,
  type KeyedRead,
  type PinEntry,
  type PinPadStatus,
  type PinRequest,
  type PrintReport,
} from '../../drivers/index.ts';
import {
  type CardCapture,
  type CardReaderRole,
  type CardRequest,
  cardWaitsEnded,
  readFirstCard,
} from './card-readers.ts';
import {
  DEVICE_ROLES,
  type DeviceRole,
  type DevicesConfig,
  type PrinterConfig,
} from './device-config.ts';
import { type DevicesSnapshot, type PortListers, devicesSnapshot } from './device-diagnostics.ts';
import { makeDeviceSet } from './device-set.ts';
import type { DeviceStatus, PaperState } from './device-status.ts';
import type { ManagedDevice, OpenableDriver } from './managed-device.ts';
import type { PinPadDevice } from './pinpad-device.ts';
import type { PrinterDevice, PrinterGate } from './printer-device.ts';

/** Options of the manager besides the configuration. */
export interface DeviceManagerOptions {
  /** Subscribed before the devices start, so it sees every status from the first. */
  onStatus?: (status: DeviceStatus) => void;
}

/** Deadline of the PIN pad's and the printer's checks (keys, status), ms. */
const CONNECT_CHECK_MS = 3000;
/**
 * Deadline of the EMV reader's ping: a link out of step fences first (up to NGA_COMMAND_DEADLINE_MS),
 * and a ping that outlives the fence tells a link out of step (DISCONNECTED) from a slow answer.
 */
const EMV_CHECK_MS = 2 * NGA_COMMAND_DEADLINE_MS + 500;
const quietly = (work: Promise<unknown> | undefined): void => void work?.catch(() => undefined);

/**
 * The lane's devices (docs/lane-devices.md): one supervised device per configured role, each with
 * its own queue, so one device never blocks another; every call has a deadline and a cancel.
 * Emits a DeviceStatus on every change (connecting, connected, reconnecting, faulted, paper,
 * last error). After every (re)connect it checks the device: the PIN pad's keys, an EMV ping,
 * the printer's status. Start it with DeviceManager.start(config).
 */
export class DeviceManager {
  readonly config: DevicesConfig;
  readonly #events = new EventEmitter<{ status: [DeviceStatus] }>();
  readonly #devices: Map<DeviceRole, ManagedDevice<OpenableDriver>>;
  readonly #readers: Map<CardReaderRole, ManagedDevice<CardReader>>;
  readonly #emv: ManagedDevice<NgaReaderDriver> | undefined;
  readonly #pinpad: PinPadDevice | undefined;
  readonly #printer: PrinterDevice | undefined;

  private constructor(config: DevicesConfig) {
    this.config = config;
    const set = makeDeviceSet(config, {
      onChange: (status) => this.#events.emit('status', status),
      onCheckDue: (role) => quietly(this.check(role)),
    });
    this.#devices = set.devices;
    this.#readers = set.readers;
    this.#emv = set.emv;
    this.#pinpad = set.pinpad;
    this.#printer = set.printer;
  }

  /** Builds the manager and starts every device; resolves after each has tried once to open. */
  static async start(
    config: DevicesConfig,
    options: DeviceManagerOptions = {},
  ): Promise<DeviceManager> {
    const manager = new DeviceManager(config);
    if (options.onStatus !== undefined) manager.onStatus(options.onStatus);
    await Promise.all([...manager.#devices.values()].map((device) => device.start()));
    manager.#printer?.startPolling();
    return manager;
  }

  /** Subscribes to status changes; returns the unsubscribe function. */
  onStatus(listener: (status: DeviceStatus) => void): () => void {
    this.#events.on('status', listener);
    return () => this.#events.off('status', listener);
  }

  /** Every configured device's status in role order (reader, emv, pinpad, printer); none after stop(). */
  statuses(): DeviceStatus[] {
    return DEVICE_ROLES.flatMap((role) => this.#devices.get(role)?.status() ?? []);
  }

  /** The printer's readiness for the status bar: none without a printer. */
  paper(): PaperState {
    return this.#printer?.device.status().paper ?? 'none';
  }

  /** True when a device is configured for `role`. */
  has(role: DeviceRole): boolean {
    return this.#devices.has(role);
  }

  /**
   * `role`'s health check, run when the device is due one (DeviceChecks: after a (re)connect, while
   * its link is out of step, the EMV reader once idle) and by a diagnostics "test": the EMV
   * reader's ping, the PIN pad's keys (S0), the printer's status (DLE EOT); a swipe reader only
   * waits for its link. Queued behind the device's other calls, so it also tells when they ended.
   */
  async check(role: DeviceRole, options: CallOptions = {}): Promise<void> {
    const emv = this.#emv;
    if (role === 'emv' && emv !== undefined)
      await emv.call('ping', options, EMV_CHECK_MS, (call) => emv.driver.ping(call));
    else if (role === 'pinpad')
      await this.pinPadStatus({ deadlineMs: CONNECT_CHECK_MS, ...options });
    else if (role === 'printer')
      await this.#need(this.#printer, 'printer').status({
        deadlineMs: CONNECT_CHECK_MS,
        ...options,
      });
    else {
      const device = this.#need(this.#devices.get(role), role);
      await device.call('check', options, CONNECT_CHECK_MS, () => Promise.resolve());
    }
  }

  /** Waits for a card on the swipe and EMV readers; the first to answer decides (see readFirstCard). */
  readCard(request: CardRequest = {}): Promise<CardCapture> {
    return readFirstCard(this.#readers, request);
  }

  /** Resolves once every card wait so far has ended on its reader (see cardWaitsEnded). */
  cardWaitsEnded(): Promise<void> {
    return cardWaitsEnded(this.#readers);
  }

  /**
   * Gives the EMV reader the online answer for the contact chip read waiting on it (Apply Host
   * Response, 60-12): the service answer's icc, or undefined when no answer came. The card
   * answers TC, or AAC when it declines; an AAC after an approval is reversed with the
   * completion's icc (docs/api.md, EMV). Default deadline 3 s.
   */
  completeChip(issuerData: HostAnswer, options: CallOptions = {}): Promise<EmvCompletion> {
    const emv = this.#need(this.#emv, 'emv');
    return emv.call('completeTransaction', options, NGA_COMMAND_DEADLINE_MS, (call) =>
      emv.driver.completeTransaction(issuerData, call),
    );
  }

  /** Asks the cardholder for a PIN on the pad (default deadline 120 s); cancel() sends 72. */
  requestPin(request: PinRequest, options: CallOptions = {}): Promise<PinEntry> {
    return this.#need(this.#pinpad, 'pinpad').requestPin(request, options);
  }

  /**
   * Asks the cardholder to key the card on the PIN pad (default deadline 180 s); the KeyedRead
   * goes into the request like any card read (toRequestFields); cancel() sends 72.
   */
  keyCard(request: KeyedCardRequest = {}, options: CallOptions = {}): Promise<KeyedRead> {
    return this.#need(this.#pinpad, 'pinpad').requestCard(request, options);
  }

  /** Shows `text` (up to 64 printable ASCII characters) on the PIN pad; default deadline 5 s. */
  showOnPad(text: string, options: CallOptions = {}): Promise<void> {
    return this.#need(this.#pinpad, 'pinpad').display(text, options);
  }

  /** The PIN pad's state and keys; a pad without usable keys is faulted. */
  pinPadStatus(options: CallOptions = {}): Promise<PinPadStatus> {
    return this.#need(this.#pinpad, 'pinpad').status(options);
  }

  /** The printer gate: ask it before authorizing a sale, so paper out is told before, not after. */
  checkPrinter(options: CallOptions = {}): Promise<PrinterGate> {
    if (this.#printer === undefined) {
      const message = 'no receipt printer configured';
      return Promise.resolve({ ready: false, reason: 'not-configured', message });
    }
    return this.#printer.gate(options);
  }

  /** Prints ESC/POS bytes (a rendered receipt) between two DLE EOT polls; default deadline 15 s. */
  print(job: Buffer, options: CallOptions = {}): Promise<PrintReport> {
    return this.#need(this.#printer, 'printer').print(job, options);
  }

  /** Pulses the cash drawer on the printer's drawer port. */
  openDrawer(options: CallOptions = {}): Promise<void> {
    return this.#need(this.#printer, 'printer').openDrawer(options);
  }

  /** The printer's configuration (code page, columns) to render receipts for; undefined without one. */
  get printerConfig(): PrinterConfig | undefined {
    return this.#printer?.config;
  }

  /** Ends every call in flight on `role` (default every device); each rejects with CANCELLED. */
  cancel(role?: DeviceRole): void {
    for (const [name, device] of this.#devices)
      if (role === undefined || role === name) device.cancel();
  }

  /** The devices part of the diagnostics screen: statuses, ports seen, a permissions hint. */
  diagnostics(listers?: PortListers): Promise<DevicesSnapshot> {
    return devicesSnapshot(this.config, this.statuses(), listers);
  }

  /** Stops polling, cancels every call and closes every device. */
  async stop(): Promise<void> {
    this.#printer?.stopPolling();
    await Promise.all([...this.#devices.values()].map((device) => device.stop()));
    this.#devices.clear();
    this.#events.removeAllListeners();
  }

  #need<T>(device: T | undefined, role: DeviceRole): T {
    if (device === undefined)
      throw new DeviceError('NOT_FOUND', `${role}: not configured`, { field: role });
    return device;
  }
}
