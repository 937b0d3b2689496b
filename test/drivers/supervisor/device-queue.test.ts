import { describe, expect, it, vi } from 'vitest';
import { delay, withDeadline } from '../../../drivers/call-options.ts';
import { DeviceError } from '../../../drivers/device-error.ts';
import { DeviceQueue } from '../../../drivers/supervisor/device-queue.ts';

describe('withDeadline', () => {
  it('rejects with a TIMEOUT DeviceError naming the operation when the deadline passes', async () => {
    const never = new Promise<never>(() => undefined);
    await expect(
      withDeadline('pinpad status', { deadlineMs: 20 }, 1000, () => never),
    ).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'pinpad status: no answer within 20 ms',
    });
  });

  it('rejects with CANCELLED when the caller aborts, and hands the work an aborted signal', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const call = withDeadline('read', { signal: controller.signal }, 1000, (signal) => {
      seen = signal;
      return new Promise<never>(() => undefined);
    });
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(seen?.aborted).toBe(true);
  });

  it('rejects at once when the caller signal is already aborted', async () => {
    await expect(
      withDeadline('x', { signal: AbortSignal.abort() }, 1000, () => Promise.resolve(1)),
    ).rejects.toBeInstanceOf(DeviceError);
  });
});

describe('delay', () => {
  it('leaves no timer running once its signal aborts (a cancelled card wait)', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const waiting = delay(60_000, controller.signal);
      expect(vi.getTimerCount()).toBe(1);
      controller.abort();
      await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('DeviceQueue', () => {
  it('runs calls one at a time in arrival order', async () => {
    const queue = new DeviceQueue('printer');
    const events: string[] = [];
    const job = (name: string, ms: number) =>
      queue.run(name, {}, 1000, async () => {
        events.push(`start ${name}`);
        await delay(ms);
        events.push(`end ${name}`);
        return name;
      });
    const results = await Promise.all([job('a', 30), job('b', 1), job('c', 1)]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('counts time in the queue against the deadline and never runs a call that expired while queued', async () => {
    const queue = new DeviceQueue('reader');
    let ranSecond = false;
    const first = queue.run('slow', {}, 1000, () => delay(80));
    const second = queue.run('quick', { deadlineMs: 20 }, 1000, () => {
      ranSecond = true;
      return Promise.resolve();
    });
    await expect(second).rejects.toMatchObject({ code: 'TIMEOUT' });
    await first;
    await delay(5);
    expect(ranSecond).toBe(false);
  });

  it('starts the next call only after a cancelled call has finished its work', async () => {
    const queue = new DeviceQueue('pinpad');
    const controller = new AbortController();
    const events: string[] = [];
    const first = queue.run('pin', { signal: controller.signal }, 1000, async () => {
      await delay(40);
      events.push('first settled');
    });
    const second = queue.run('status', {}, 1000, () => {
      events.push('second ran');
      return Promise.resolve();
    });
    await delay(5);
    controller.abort();
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(events).toEqual([]);
    await second;
    expect(events).toEqual(['first settled', 'second ran']);
  });

  it('keeps two devices independent: a stuck printer does not delay a reader', async () => {
    const printer = new DeviceQueue('printer');
    const reader = new DeviceQueue('reader');
    const stuck = printer.run(
      'print',
      { deadlineMs: 200 },
      1000,
      () => new Promise<never>(() => undefined),
    );
    await expect(
      reader.run('read', { deadlineMs: 50 }, 1000, () => Promise.resolve('card')),
    ).resolves.toBe('card');
    await expect(stuck).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});
