import { afterEach, describe, expect, it, vi } from 'vitest';
import { PinPadDriver } from '../../../drivers/pinpad/pinpad-driver.ts';
import { FaultPlan } from '../../../drivers/sim/fault-plan.ts';
import { PinPadSimulator } from '../../../drivers/sim/pinpad-simulator.ts';
import { SimulatedCable } from '../../../drivers/sim/simulated-cable.ts';
import { MemoryTransport } from '../../../drivers/transport/memory-transport.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('SimulatedCable over the in-memory link (MemoryTransport)', () => {
  it('pulls the cable now and plugs it back in after the pause', async () => {
    vi.useFakeTimers();
    const [, device] = MemoryTransport.pair();
    await device.open();
    const log: string[] = [];
    const cable = new SimulatedCable(device, (line) => log.push(line));
    await cable.pull(2000);
    expect(cable.plugged).toBe(false);
    await vi.advanceTimersByTimeAsync(1999);
    expect(cable.plugged).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(cable.plugged).toBe(true);
    expect(log).toEqual(['unplugged memory:device; replug in 2000 ms', 'replugged memory:device']);
  });

  it('stays out once disposed, and logs a replug that fails', async () => {
    vi.useFakeTimers();
    const [host, device] = MemoryTransport.pair();
    await device.open();
    const log: string[] = [];
    const cable = new SimulatedCable(device, (line) => log.push(line));
    await cable.pull(100);
    cable.dispose();
    await vi.advanceTimersByTimeAsync(500);
    expect(cable.plugged).toBe(false);

    const broken = new SimulatedCable(host, (line) => log.push(line));
    await host.open();
    host.unplug();
    await broken.pull(10);
    await vi.advanceTimersByTimeAsync(10);
    expect(broken.plugged).toBe(false);
    expect(log.at(-1)).toBe('replug failed: memory:host: cable unplugged');
  });

  it('as on --port, the host only sees the answer cut off (TIMEOUT); the simulator answers whole again after the replug', async () => {
    const [host, device] = MemoryTransport.pair();
    const faults = new FaultPlan().arm('unplug');
    faults.replugMs = 50;
    const cable = new SimulatedCable(device, () => undefined);
    const sim = new PinPadSimulator(device, {
      faults,
      typingMs: 10,
      unplug: () => cable.pull(faults.replugMs),
    });
    const driver = new PinPadDriver(host, { ackTimeoutMs: 100 });
    await sim.start();
    await driver.open();
    const request = { pan: '4000056655665556', amountMinor: 100 };
    await expect(driver.requestPin(request, { deadlineMs: 400 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(sim.unplugged).toBe(true);
    await vi.waitFor(() => expect(cable.plugged).toBe(true));
    await expect(driver.requestPin(request, { deadlineMs: 2000 })).resolves.toMatchObject({
      ksn: 'FFFF9876543210E00002',
    });
    cable.dispose();
    await driver.close();
    await sim.stop();
  });
});
