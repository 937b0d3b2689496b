import { afterEach, describe, expect, it } from 'vitest';
import { PinPadDriver } from '../../drivers/pinpad/pinpad-driver.ts';
import { PinPadSimulator } from '../../drivers/sim/pinpad-simulator.ts';
import {
  DeviceSupervisor,
  type SupervisorState,
} from '../../drivers/supervisor/device-supervisor.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { openPtyPair, type PtyPair } from './helpers/pty-pair.ts';

let pair: PtyPair | undefined;
let sim: PinPadSimulator | undefined;
let supervisor: DeviceSupervisor | undefined;

/** Plugs a fresh cable (a new pty pair) with a pad on its far end. */
async function plugPad(): Promise<void> {
  pair = await openPtyPair();
  sim = new PinPadSimulator(new SerialTransport({ path: pair.device, baudRate: 19200 }), {
    typingMs: 10,
  });
  await sim.start();
}

afterEach(async () => {
  await supervisor?.close();
  await sim?.stop();
  await pair?.unplug();
});

describe('DeviceSupervisor over a real pty (socat)', () => {
  it('keeps a PIN pad driver working across an unplug: DISCONNECTED while away, answers again after re-enumeration', async () => {
    await plugPad();
    const states: SupervisorState[] = [];
    supervisor = new DeviceSupervisor({
      name: 'pinpad',
      locate: () =>
        Promise.resolve(
          pair === undefined ? null : new SerialTransport({ path: pair.host, baudRate: 19200 }),
        ),
      backoff: { initialMs: 50, maxMs: 200, factor: 2, jitter: 0 },
    });
    supervisor.onState((state) => states.push(state));
    const driver = new PinPadDriver(supervisor, { ackTimeoutMs: 200 });
    await driver.open();
    await expect(driver.status({ deadlineMs: 3000 })).resolves.toMatchObject({ state: 'idle' });

    const unplugged = pair!;
    pair = undefined;
    await sim!.stop();
    await unplugged.unplug();
    // The port's end is seen by the supervisor when its read fails, which a loaded machine delays.
    await expect.poll(() => states.includes('error'), { timeout: 10_000 }).toBe(true);
    await expect(driver.status({ deadlineMs: 3000 })).rejects.toMatchObject({
      code: 'DISCONNECTED',
    });

    await plugPad();
    await supervisor.waitUntilOpen({ deadlineMs: 5000 });
    await expect(driver.status({ deadlineMs: 3000 })).resolves.toMatchObject({ state: 'idle' });
    await expect(
      driver.requestPin({ pan: '4012345678909', amountMinor: 100 }, { deadlineMs: 3000 }),
    ).resolves.toMatchObject({
      ksn: 'FFFF9876543210E00001',
    });
    expect(states.filter((state) => state === 'open').length).toBe(2);
    expect(states.indexOf('error')).toBeGreaterThan(states.indexOf('open'));
  });
});
