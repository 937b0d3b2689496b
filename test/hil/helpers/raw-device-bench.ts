import { afterEach } from 'vitest';
import { SerialTransport } from '../../../drivers/transport/serial-transport.ts';
import { openPtyPair } from './pty-pair.ts';

/** What the bench needs of a driver: opening and closing its link. */
interface OpenableDriver {
  open(): Promise<void>;
  close(): Promise<void>;
}

/** A driver on the lane's end of a pty pair and the device's end as a bare serial port. */
export interface RawDeviceBench<D> {
  driver: D;
  /** The device's end: a test writes a device's documented bytes to it and reads what came. */
  device: SerialTransport;
}

/**
 * Registers an afterEach that closes what a test opened, and returns the opener: each call makes
 * a fresh socat pty pair at `baudRate`, the driver `makeDriver` builds on the lane's end and the
 * device's end, both open. For scripted devices that send what real ones document.
 */
export function rawDeviceBenches<D extends OpenableDriver>(
  baudRate: number,
  makeDriver: (host: SerialTransport) => D,
): () => Promise<RawDeviceBench<D>> {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  return async () => {
    const pair = await openPtyPair();
    const device = new SerialTransport({ path: pair.device, baudRate });
    const driver = makeDriver(new SerialTransport({ path: pair.host, baudRate }));
    closers.push(async () => {
      await driver.close();
      await device.close().catch(() => undefined);
      await pair.unplug();
    });
    await device.open();
    await driver.open();
    return { driver, device };
  };
}
