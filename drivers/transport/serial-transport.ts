import { access } from 'node:fs/promises';
import { SerialPort } from 'serialport';
import { BaseTransport } from './transport.ts';
import { DeviceError } from '../device-error.ts';

/** Line settings of a serial port; defaults 9600 8N1, no flow control (the common reader default). */
export interface SerialSettings {
  /** Device path, e.g. /dev/ttyUSB0, /dev/ttyACM0, COM3 or a /dev/pts/N of a pty. */
  path: string;
  /** Bits per second; default 9600. */
  baudRate?: number;
  dataBits?: 7 | 8;
  parity?: 'none' | 'even' | 'odd';
  stopBits?: 1 | 2;
  /** Hardware (RTS/CTS) flow control; default off. */
  rtscts?: boolean;
  /** Milliseconds between checks that the device node still exists (POSIX paths); default 250. */
  presenceCheckMs?: number;
}

/**
 * A Transport over a serial port (serialport); an unplug or a failed read is a disconnect. On
 * POSIX the device node is also watched: serialport keeps re-reading a hung-up pty or tty that
 * returns end-of-file and never reports it, but the node vanishes when the device goes away.
 */
export class SerialTransport extends BaseTransport {
  readonly name: string;
  readonly settings: Readonly<SerialSettings>;
  #port: SerialPort | undefined;
  #watch: NodeJS.Timeout | undefined;

  constructor(settings: SerialSettings) {
    super();
    this.settings = settings;
    this.name = `serial:${settings.path}`;
  }

  async open(): Promise<void> {
    if (this.opened) return;
    const port = new SerialPort({
      path: this.settings.path,
      baudRate: this.settings.baudRate ?? 9600,
      dataBits: this.settings.dataBits ?? 8,
      parity: this.settings.parity ?? 'none',
      stopBits: this.settings.stopBits ?? 1,
      rtscts: this.settings.rtscts ?? false,
      autoOpen: false,
    });
    await new Promise<void>((resolve, reject) => {
      port.open((error) => {
        if (error === null) resolve();
        else
          reject(new DeviceError('NOT_FOUND', `${this.name}: ${error.message}`, { cause: error }));
      });
    });
    port.on('data', (chunk: Buffer) => this.emit('data', chunk));
    port.on('error', (error: Error) => this.fault(error));
    port.on('close', (error: Error | null | undefined) => {
      clearInterval(this.#watch);
      this.#port = undefined;
      const why = error ? `port closed (${error.message})` : 'port closed';
      this.lost(
        new DeviceError('DISCONNECTED', `${this.name}: ${why}`, { cause: error ?? undefined }),
      );
    });
    this.#port = port;
    this.closing = false;
    this.opened = true;
    if (this.settings.path.startsWith('/')) {
      this.#watch = setInterval(
        () => void this.#checkPresence(),
        this.settings.presenceCheckMs ?? 250,
      );
    }
  }

  async #checkPresence(): Promise<void> {
    try {
      await access(this.settings.path);
    } catch {
      const port = this.#port;
      clearInterval(this.#watch);
      this.#port = undefined;
      this.lost(new DeviceError('DISCONNECTED', `${this.name}: device node disappeared`));
      if (port?.isOpen === true) port.close(() => undefined);
    }
  }

  async close(): Promise<void> {
    const port = this.#port;
    this.closing = true;
    this.opened = false;
    this.#port = undefined;
    clearInterval(this.#watch);
    if (port === undefined || !port.isOpen) return;
    await new Promise<void>((resolve) => port.close(() => resolve()));
  }

  async write(data: Buffer): Promise<void> {
    this.assertOpen();
    const port = this.#port;
    if (port === undefined) throw new DeviceError('DISCONNECTED', `${this.name}: port closed`);
    await new Promise<void>((resolve, reject) => {
      port.write(data, (error) => {
        if (error !== null && error !== undefined) {
          reject(new DeviceError('DISCONNECTED', `${this.name}: write failed`, { cause: error }));
          return;
        }
        port.drain((drainError) => {
          if (drainError === null) resolve();
          else
            reject(
              new DeviceError('DISCONNECTED', `${this.name}: drain failed`, { cause: drainError }),
            );
        });
      });
    });
  }
}
