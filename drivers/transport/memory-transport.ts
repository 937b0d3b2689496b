import { BaseTransport } from './transport.ts';
import { DeviceError } from '../device-error.ts';

/**
 * One end of an in-memory link: what one end writes arrives at the other as one data event, on a
 * later tick, as bytes through a cable would. Used where no real port can exist (HID on a
 * machine without uhid) and for unit tests.
 */
export class MemoryTransport extends BaseTransport {
  readonly name: string;
  #peer: MemoryTransport | undefined;

  constructor(name: string) {
    super();
    this.name = name;
  }

  /** Connects two ends; each then delivers writes to the other. */
  static pair(nameA = 'memory:host', nameB = 'memory:device'): [MemoryTransport, MemoryTransport] {
    const a = new MemoryTransport(nameA);
    const b = new MemoryTransport(nameB);
    a.#peer = b;
    b.#peer = a;
    return [a, b];
  }

  open(): Promise<void> {
    if (this.#peer === undefined) {
      return Promise.reject(new DeviceError('NOT_FOUND', `${this.name}: cable unplugged`));
    }
    this.closing = false;
    this.opened = true;
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.closing = true;
    this.opened = false;
    return Promise.resolve();
  }

  write(data: Buffer): Promise<void> {
    this.assertOpen();
    const peer = this.#peer;
    if (peer === undefined) {
      return Promise.reject(new DeviceError('DISCONNECTED', `${this.name}: cable unplugged`));
    }
    const copy = Buffer.from(data);
    setImmediate(() => {
      if (peer.opened) peer.emit('data', copy);
    });
    return Promise.resolve();
  }

  /** Pulls the cable: both ends report a disconnect and further opens fail until replug(). */
  unplug(): void {
    const peer = this.#peer;
    const cause = new DeviceError('DISCONNECTED', `${this.name}: cable unplugged`);
    this.#peer = undefined;
    this.lost(cause);
    if (peer !== undefined) {
      peer.#peer = undefined;
      peer.lost(cause);
    }
  }

  /** Plugs this end back into `peer` (both ends must be reopened). */
  replug(peer: MemoryTransport): void {
    this.#peer = peer;
    peer.#peer = this;
  }
}
