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

  it('holds one merchant to its in-flight limit and gives the other slots to another merchant at once', async () => {
    const queue = new SendQueue({ concurrency: 16, perMerchant: 8 });
    const slow = gate();
    const started: string[] = [];
    const job = (name: string, merchant: number) =>
      queue.submit({
        priority: 'normal',
        merchant,
        run: () => {
          started.push(name);
          return slow.promise;
        },
      });
    const backlog = Array.from({ length: 20 }, (_, i) => job(`a${i}`, 1));
    const first = job('b0', 2);
    await tick();
    expect(started).toHaveLength(9);
    expect(started.at(-1)).toBe('b0');
    expect([queue.runningFor(1), queue.runningFor(2), queue.waiting]).toEqual([8, 1, 12]);
    slow.open();
    await Promise.all([...backlog, first]);
    expect(queue.running).toBe(0);
  });

  it('gives a freed slot to the merchant with the fewest in flight, then to the one served longest ago', async () => {
    const queue = new SendQueue({ concurrency: 4, perMerchant: 4 });
    const gates = new Map<string, ReturnType<typeof gate>>();
    const started: string[] = [];
    const job = (name: string, merchant: number, priority: SendPriority = 'normal') => {
      const g = gate();
      gates.set(name, g);
      return queue.submit({
        priority,
        merchant,
        run: () => {
          started.push(name);
          return g.promise;
        },
      });
    };
    const all = ['a0', 'a1', 'a2', 'a3', 'a4', 'a5'].map((name) => job(name, 1));
    all.push(job('b0', 2), job('b1', 2), job('c0', 3));
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2', 'a3']);
    gates.get('a0')?.open();
    await tick();
    expect(started.at(-1)).toBe('b0');
    gates.get('a1')?.open();
    await tick();
    expect(started.at(-1)).toBe('c0');
    gates.get('a2')?.open();
    await tick();
    expect(started.at(-1)).toBe('a4');
    gates.get('b0')?.open();
    await tick();
    expect(started.at(-1)).toBe('b1');
    all.push(job('c1', 3, 'high'));
    gates.get('c0')?.open();
    await tick();
    expect(started.at(-1)).toBe('c1');
    gates.forEach((g) => g.open());
    await Promise.all(all);
    expect(started).toEqual(['a0', 'a1', 'a2', 'a3', 'b0', 'c0', 'a4', 'b1', 'c1', 'a5']);
  });

  it('keeps a merchant at its limit waiting even when slots are free, and lets its timeout run', async () => {
    const timers = new ManualTimers();
    const queue = new SendQueue({ concurrency: 4, perMerchant: 1, timers });
    const blocker = gate();
    const first = queue.submit({ priority: 'normal', merchant: 1, run: () => blocker.promise });
    const second = queue.submit({
      priority: 'high',
      merchant: 1,
      timeoutSeconds: 2,
      run: () => Promise.resolve('sent'),
    });
    const now = queue.submit({
      priority: 'low',
      merchant: 2,
      timeoutSeconds: 0,
      run: () => Promise.resolve('other'),
    });
    expect(await now).toEqual({ kind: 'done', value: 'other' });
    await tick();
    expect([queue.running, queue.waiting]).toEqual([1, 1]);
    timers.fireAll();
    expect(await second).toEqual({ kind: 'timeout' });
    blocker.open();
    expect((await first).kind).toBe('done');
  });
});
