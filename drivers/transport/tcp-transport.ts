import net from 'node:net';
import { BaseTransport } from './transport.ts';
import { DeviceError } from '../device-error.ts';

/** Where a TCP device listens; a printer's raw port is 9100 by convention. */
export interface TcpSettings {
  host: string;
  /** TCP port; default 9100 (raw printing, "JetDirect"). */
  port?: number;
  /** Milliseconds to wait for the connection; default 3000. */
  connectTimeoutMs?: number;
}

/**
 * A Transport over TCP: connects out to a device (printers on port 9100), or wraps a socket a
 * server accepted (simulators). The peer closing or resetting is a disconnect.
 */
export class TcpTransport extends BaseTransport {
  readonly name: string;
  readonly #settings: TcpSettings | undefined;
  #socket: net.Socket | undefined;

  constructor(settings: TcpSettings) {
    super();
    this.#settings = settings;
    this.name = `tcp:${settings.host}:${settings.port ?? 9100}`;
  }

  /** Wraps a socket that is already connected, e.g. one a simulator's server accepted. */
  static fromSocket(socket: net.Socket): TcpTransport {
    const transport = new TcpTransport({
      host: socket.remoteAddress ?? 'peer',
      port: socket.remotePort ?? 0,
    });
    transport.attach(socket);
    return transport;
  }

  async open(): Promise<void> {
    if (this.opened) return;
    const settings = this.#settings;
    if (settings === undefined) throw new DeviceError('NOT_FOUND', `${this.name}: no address`);
    const timeoutMs = settings.connectTimeoutMs ?? 3000;
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const attempt = net.connect({ host: settings.host, port: settings.port ?? 9100 });
      const timer = setTimeout(() => {
        attempt.destroy();
        reject(new DeviceError('TIMEOUT', `${this.name}: no connection within ${timeoutMs} ms`));
      }, timeoutMs);
      attempt.once('connect', () => {
        clearTimeout(timer);
        resolve(attempt);
      });
      attempt.once('error', (error) => {
        clearTimeout(timer);
        reject(new DeviceError('NOT_FOUND', `${this.name}: ${error.message}`, { cause: error }));
      });
    });
    this.attach(socket);
  }

  private attach(socket: net.Socket): void {
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 5000);
    socket.on('data', (chunk: Buffer) => this.emit('data', chunk));
    socket.on('error', (error) => this.fault(error));
    socket.on('close', () => {
      this.#socket = undefined;
      this.lost(new DeviceError('DISCONNECTED', `${this.name}: connection closed by peer`));
    });
    this.#socket = socket;
    this.closing = false;
    this.opened = true;
  }

  async close(): Promise<void> {
    const socket = this.#socket;
    this.closing = true;
    this.opened = false;
    this.#socket = undefined;
    if (socket === undefined || socket.destroyed) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.end();
      setTimeout(() => socket.destroy(), 500).unref();
    });
  }

  async write(data: Buffer): Promise<void> {
    this.assertOpen();
    const socket = this.#socket;
    if (socket === undefined) throw new DeviceError('DISCONNECTED', `${this.name}: not connected`);
    await new Promise<void>((resolve, reject) => {
      socket.write(data, (error) => {
        if (error === null || error === undefined) resolve();
        else
          reject(new DeviceError('DISCONNECTED', `${this.name}: write failed`, { cause: error }));
      });
    });
  }
}
