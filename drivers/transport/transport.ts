import { EventEmitter } from 'node:events';
import { DeviceError } from '../device-error.ts';

/** Events every transport emits: bytes in, a fault, or the device going away. */
export interface TransportEvents {
  /** Bytes from the device: a chunk of a stream (serial, TCP) or one whole report (HID). */
  data: [chunk: Buffer];
  /** A fault that did not (yet) lose the link, e.g. a failed write. */
  error: [error: Error];
  /** The link was lost without close() being called: unplugged, peer closed, read failed. */
  disconnect: [cause: Error | undefined];
}

/**
 * One byte link to one device: serial, HID reports, TCP or in memory. Drivers and simulators
 * both sit on a Transport, so either end can be swapped without the other noticing.
 */
export interface Transport {
  /** A label for logs, e.g. "serial:/dev/ttyUSB0"; never contains card data. */
  readonly name: string;
  /** True between a successful open() and close() or a disconnect. */
  readonly isOpen: boolean;
  open(): Promise<void>;
  close(): Promise<void>;
  /** Sends bytes; on HID, one call is one output report (report id first). */
  write(data: Buffer): Promise<void>;
  on<E extends keyof TransportEvents>(
    event: E,
    listener: (...args: TransportEvents[E]) => void,
  ): this;
  off<E extends keyof TransportEvents>(
    event: E,
    listener: (...args: TransportEvents[E]) => void,
  ): this;
}

/**
 * Shared bookkeeping for transports: the open flag, the "closing on purpose" flag that tells a
 * requested close from a disconnect, and typed events.
 */
export abstract class BaseTransport extends EventEmitter<TransportEvents> implements Transport {
  abstract readonly name: string;
  protected opened = false;
  protected closing = false;

  get isOpen(): boolean {
    return this.opened;
  }

  abstract open(): Promise<void>;
  abstract close(): Promise<void>;
  abstract write(data: Buffer): Promise<void>;

  /** Throws NOT_OPEN unless the link is open; every write starts with it. */
  protected assertOpen(): void {
    if (!this.opened) {
      throw new DeviceError('NOT_OPEN', `${this.name}: not open`, { field: this.name });
    }
  }

  /** Marks the link lost and tells listeners, unless close() was asked for. */
  protected lost(cause: Error | undefined): void {
    const wasOpen = this.opened;
    this.opened = false;
    if (wasOpen && !this.closing) this.emit('disconnect', cause);
  }

  /** Emits an error event only when someone listens, so a stray fault never crashes the process. */
  protected fault(error: Error): void {
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }
}
