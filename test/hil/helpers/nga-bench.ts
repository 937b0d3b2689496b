import { afterEach } from 'vitest';
import { NgaReaderDriver, type NgaReaderOptions } from '../../../drivers/emv/nga-reader-driver.ts';
import { NgaReaderSimulator } from '../../../drivers/sim/nga-reader-simulator.ts';
import { SerialTransport } from '../../../drivers/transport/serial-transport.ts';
import { openPtyPair } from './pty-pair.ts';

/** The EMV reader driver and its simulator, joined by a real pty pair (socat) at 115200. */
export interface NgaBench {
  driver: NgaReaderDriver;
  sim: NgaReaderSimulator;
}

/**
 * Registers an afterEach that closes the benches a test opened, and returns the opener: each call
 * makes a fresh pty pair with the simulator started and the driver open (`options` its own).
 */
export function ngaBenches(): (options?: NgaReaderOptions) => Promise<NgaBench> {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  return async (options = {}) => {
    const pair = await openPtyPair();
    const sim = new NgaReaderSimulator(
      new SerialTransport({ path: pair.device, baudRate: 115200 }),
    );
    const driver = new NgaReaderDriver(
      new SerialTransport({ path: pair.host, baudRate: 115200 }),
      options,
    );
    closers.push(async () => {
      await driver.close();
      await sim.stop();
      await pair.unplug();
    });
    await sim.start();
    await driver.open();
    return { driver, sim };
  };
}
