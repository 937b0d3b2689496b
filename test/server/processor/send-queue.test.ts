import { describe, expect, it } from 'vitest';
import { SendQueue, type QueueTimers, type SendPriority } from '../../../server/processor/index.ts';

/** Timers fired by the test, not by the wall clock. */
class ManualTimers implements QueueTimers {
  readonly pending = new Map<number, { callback: () => void; ms: number }>();
  #next = 1;

  set(callback: () => void, ms: number): number {
    const id = this.#next++;
    this.pending.set(id, { callback, ms });
    return id;
  }

  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  fireAll(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const timer of due) timer.callback();
  }
}

/** A job the test releases by hand. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('SendQueue', () => {
  it('runs at most `concurrency` jobs at once', async () => {
    const queue = new SendQueue({ concurrency: 2 });
    const gates = [gate(), gate(), gate()];
    const results = gates.map((g, i) =>
      queue.submit({ priority: 'normal', run: () => g.promise.then(() => i) }),
    );
    await tick();
    expect([queue.running, queue.waiting]).toEqual([2, 1]);
    gates[0]?.open();
    await tick();
    expect([queue.running, queue.waiting]).toEqual([2, 0]);
    gates.forEach((g) => g.open());
    expect(await Promise.all(results)).toEqual([0, 1, 2].map((value) => ({ kind: 'done', value })));
  });

  it('starts waiting jobs high first, then normal, then low, first come first served within one', async () => {
    const queue = new SendQueue({ concurrency: 1 });
    const blocker = gate();
    const started: string[] = [];
    const first = queue.submit({ priority: 'low', run: () => blocker.promise });
    const order: [string, SendPriority][] = [
      ['low-1', 'low'],
      ['normal-1', 'normal'],
      ['high-1', 'high'],
      ['low-2', 'low'],
      ['high-2', 'high'],
      ['normal-2', 'normal'],
    ];
    const rest = order.map(([name, priority]) =>
      queue.submit({
        priority,
        run: () => {
          started.push(name);
          return Promise.resolve();
        },
      }),
    );
    await tick();
    expect(started).toEqual([]);
    blocker.open();
    await Promise.all([first, ...rest]);
    expect(started).toEqual(['high-1', 'high-2', 'normal-1', 'normal-2', 'low-1', 'low-2']);
  });

  it('answers timeout, without running it, a job that waits past its timeout', async () => {
    const timers = new ManualTimers();
    const queue = new SendQueue({ concurrency: 1, timers });
    const blocker = gate();
    const first = queue.submit({
      priority: 'normal',
      timeoutSeconds: 1,
      run: () => blocker.promise,
    });
    let ran = false;
    const waiting = queue.submit({
      priority: 'normal',
      timeoutSeconds: 3,
      run: () => {
        ran = true;
        return Promise.resolve();
      },
    });
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([3000]);
    timers.fireAll();
    expect(await waiting).toEqual({ kind: 'timeout' });
    expect(queue.waiting).toBe(0);
    blocker.open();
    expect(await first).toEqual({ kind: 'done', value: undefined });
    expect(ran).toBe(false);
  });

  it('disarms the timer of a job that gets its slot in time', async () => {
    const timers = new ManualTimers();
    const queue = new SendQueue({ concurrency: 1, timers });
    const blocker = gate();
    const first = queue.submit({ priority: 'normal', run: () => blocker.promise });
    const second = queue.submit({
      priority: 'normal',
      timeoutSeconds: 5,
      run: () => Promise.resolve('sent'),
    });
    expect(timers.pending.size).toBe(1);
    blocker.open();
    await first;
    expect(await second).toEqual({ kind: 'done', value: 'sent' });
    expect(timers.pending.size).toBe(0);
  });

  it('times out at once a job with timeout 0 that would have to wait, and runs one that need not', async () => {
    const queue = new SendQueue({ concurrency: 1 });
    const blocker = gate();
    const first = queue.submit({
      priority: 'normal',
      timeoutSeconds: 0,
      run: () => blocker.promise,
    });
    const second = queue.submit({
      priority: 'high',
      timeoutSeconds: 0,
      run: () => Promise.resolve(),
    });
    expect(await second).toEqual({ kind: 'timeout' });
    blocker.open();
    expect((await first).kind).toBe('done');
  });

  it('passes a failing job’s error to its caller and frees its slot', async () => {
    const queue = new SendQueue({ concurrency: 1 });
    await expect(
      queue.submit({ priority: 'normal', run: () => Promise.reject(new Error('link down')) }),
    ).rejects.toThrow('link down');
    expect(await queue.submit({ priority: 'normal', run: () => Promise.resolve(1) })).toEqual({
      kind: 'done',
      value: 1,
    });
  });
});
