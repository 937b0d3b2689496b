import { afterEach, describe, expect, it } from 'vitest';
import {
  DeviceSupervisor,
  type SupervisorState,
} from '../../../drivers/supervisor/device-supervisor.ts';
import { MemoryTransport } from '../../../drivers/transport/memory-transport.ts';

const fast = { initialMs: 10, maxMs: 40, factor: 2, jitter: 0 };

describe('DeviceSupervisor over the in-memory link', () => {
  let supervisor: DeviceSupervisor | undefined;
  afterEach(async () => {
    await supervisor?.close();
  });

  it('goes closed → opening → open and passes bytes both ways', async () => {
    const [host, device] = MemoryTransport.pair();
    await device.open();
    supervisor = new DeviceSupervisor({
      name: 'reader',
      locate: () => Promise.resolve(host),
      backoff: fast,
    });
    const states: SupervisorState[] = [];
    supervisor.onState((state) => states.push(state));
    await supervisor.open();
    expect(states).toEqual(['opening', 'open']);
    const received = new Promise<Buffer>((resolve) => supervisor!.once('data', resolve));
    await device.write(Buffer.from('ping'));
    expect((await received).toString()).toBe('ping');
  });

  it('reports a disconnect, then re-enumerates and reconnects with backoff', async () => {
    let [host, device] = MemoryTransport.pair();
    await device.open();
    let present = true;
    let locates = 0;
    supervisor = new DeviceSupervisor({
      name: 'pinpad',
      locate: () => {
        locates += 1;
        return Promise.resolve(present ? host : null);
      },
      backoff: fast,
    });
    await supervisor.open();
    const causes: (Error | undefined)[] = [];
    supervisor.on('disconnect', (cause) => causes.push(cause));
    present = false;
    device.unplug();
    expect(supervisor.state).toBe('error');
    expect(causes[0]).toMatchObject({ code: 'DISCONNECTED' });
    await expect(supervisor.write(Buffer.from('x'))).rejects.toMatchObject({
      code: 'DISCONNECTED',
    });
    // It keeps looking while the device is away, and stays in error meanwhile.
    await expect.poll(() => locates).toBeGreaterThan(2);
    expect(supervisor.state).toBe('error');
    [host, device] = MemoryTransport.pair();
    await device.open();
    present = true;
    await supervisor.waitUntilOpen({ deadlineMs: 1000 });
    const received = new Promise<Buffer>((resolve) => device.once('data', resolve));
    await supervisor.write(Buffer.from('again'));
    expect((await received).toString()).toBe('again');
  });

  it('rejects open() when the device is absent but keeps trying until it appears', async () => {
    const [host, device] = MemoryTransport.pair();
    await device.open();
    let present = false;
    supervisor = new DeviceSupervisor({
      name: 'printer',
      locate: () => Promise.resolve(present ? host : null),
      backoff: fast,
    });
    await expect(supervisor.open()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    present = true;
    await supervisor.waitUntilOpen({ deadlineMs: 1000 });
    expect(supervisor.isOpen).toBe(true);
  });

  it('stops retrying once closed', async () => {
    let locates = 0;
    supervisor = new DeviceSupervisor({
      name: 'gone',
      locate: () => {
        locates += 1;
        return Promise.resolve(null);
      },
      backoff: fast,
    });
    await expect(supervisor.open()).rejects.toThrow();
    await supervisor.close();
    const after = locates;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(locates).toBe(after);
    expect(supervisor.state).toBe('closed');
  });
});
