import type { ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, unlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { DeviceError } from '../device-error.ts';
import { SerialTransport } from '../transport/serial-transport.ts';
import { BaseTransport } from '../transport/transport.ts';
import { socatPairReady, spawnSocatPair } from './socat-pair.ts';

/** Where the lane's end appears and how the simulator's end is driven. */
export interface SocatPtySettings {
  /** The lane's end: a symlink socat makes to its pty, the path a driver opens. */
  lanePath: string;
  /** Serial speed of the simulator's end; default 9600 (a pty ignores it). */
  baudRate?: number;
  /** Milliseconds socat may take to report its two ptys; default 10000. */
  startTimeoutMs?: number;
}

/** Characters socat's address syntax takes literally in a link= path. */
const PLAIN_PATH = /^[A-Za-z0-9._/+@-]+$/;

/**
 * The simulator's end of a pty pair it makes itself with `socat -d -d pty,raw,echo=0,link=PATH
 * pty,raw,echo=0`: PATH is the lane's end, the other pty (read from socat's log) is opened here.
 * close() kills socat, so the lane's end hangs up and PATH disappears as when a USB-serial cable
 * is pulled (socat removes its link); open() makes a new pair at the same PATH.
 */
export class SocatPtyTransport extends BaseTransport {
  readonly name: string;
  readonly lanePath: string;
  readonly #settings: SocatPtySettings;
  #socat: ChildProcess | undefined;
  #device: SerialTransport | undefined;
  /** Kills socat when the process exits without close(), so no socat outlives the simulator. */
  readonly #onExit = (): void => void this.#socat?.kill('SIGTERM');

  constructor(settings: SocatPtySettings) {
    super();
    this.lanePath = resolve(settings.lanePath);
    if (!PLAIN_PATH.test(this.lanePath))
      throw new DeviceError(
        'BAD_INPUT',
        'pty: the path may hold only letters, digits and . _ / + @ -',
        { field: 'pty' },
      );
    this.#settings = settings;
    this.name = `pty:${this.lanePath}`;
  }

  /** The simulator's pty (e.g. /dev/pts/7) while plugged in. */
  get devicePath(): string | undefined {
    return this.#device?.settings.path;
  }

  async open(): Promise<void> {
    if (this.opened) return;
    this.#refuseOccupied();
    const child = spawnSocatPair(this.lanePath);
    this.#socat = child;
    process.on('exit', this.#onExit);
    const device = await this.#openDeviceEnd(child);
    child.once('exit', () => {
      if (this.#socat === child)
        void this.#lose(new DeviceError('DISCONNECTED', `${this.name}: socat exited`));
    });
    device.on('data', (chunk) => this.emit('data', chunk));
    device.on('error', (error) => this.fault(error));
    device.on('disconnect', (cause) => void this.#lose(cause));
    this.#device = device;
    this.closing = false;
    this.opened = true;
  }

  /** Waits for socat's ptys and opens the simulator's; undoes both when that fails or close() came first. */
  async #openDeviceEnd(child: ChildProcess): Promise<SerialTransport> {
    const stale = (): DeviceError =>
      new DeviceError('DISCONNECTED', `${this.name}: closed while plugging in`);
    let device: SerialTransport | undefined;
    try {
      const { devicePty: path } = await socatPairReady(
        child,
        this.#settings.startTimeoutMs ?? 10_000,
      );
      if (this.#socat !== child) throw stale();
      device = new SerialTransport({ path, baudRate: this.#settings.baudRate });
      await device.open();
      if (this.#socat !== child) throw stale();
      return device;
    } catch (error) {
      await device?.close();
      if (this.#socat === child) await this.#stopSocat();
      throw error;
    }
  }

  /** Pulls the cable: closes the simulator's pty, then kills socat (the lane's end hangs up). */
  async close(): Promise<void> {
    this.closing = true;
    this.opened = false;
    const device = this.#device;
    this.#device = undefined;
    await device?.close();
    await this.#stopSocat();
  }

  async write(data: Buffer): Promise<void> {
    this.assertOpen();
    const device = this.#device;
    if (device === undefined) throw new DeviceError('DISCONNECTED', `${this.name}: unplugged`);
    await device.write(data);
  }

  /** PATH must be free, or a link left dangling by a socat that died; never a file or a live pty. */
  #refuseOccupied(): void {
    let link = false;
    try {
      link = lstatSync(this.lanePath).isSymbolicLink();
    } catch {
      return;
    }
    if (!link || existsSync(this.lanePath))
      throw new DeviceError(
        'BAD_INPUT',
        `pty: ${this.lanePath} is taken (${link ? 'a live pty, another simulator?' : 'not a link'})`,
        { field: 'pty' },
      );
  }

  async #lose(cause: Error | undefined): Promise<void> {
    const device = this.#device;
    this.#device = undefined;
    await device?.close();
    await this.#stopSocat();
    this.lost(cause);
  }

  async #stopSocat(): Promise<void> {
    const child = this.#socat;
    this.#socat = undefined;
    process.off('exit', this.#onExit);
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(timer);
    }
    if (isDanglingLink(this.lanePath)) unlinkSync(this.lanePath);
  }
}

function isDanglingLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink() && !existsSync(path);
  } catch {
    return false;
  }
}
