import { describe, expect, it } from 'vitest';
import { VerificationBusyError, VerificationPool } from '../../../server/auth/verification-pool.ts';

/** A task that runs until released, recording when it started. */
function gate(log: string[], name: string) {
  let release = (): void => undefined;
  const done = new Promise<string>((resolve) => {
    release = () => resolve(name);
  });
  return {
    task: () => {
      log.push(name);
      return done;
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('VerificationPool', () => {
  it('runs at most its concurrency at once, the next as one finishes', async () => {
    const started: string[] = [];
    const pool = new VerificationPool({ concurrency: 2, queueMs: 60_000 });
    const gates = ['a', 'b', 'c'].map((name) => gate(started, name));
    const results = gates.map((g) => pool.run('10.0.0.1', g.task));
    await tick();
    expect(started).toEqual(['a', 'b']);
    gates[1]?.release();
    expect(await results[1]).toBe('b');
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    gates[0]?.release();
    gates[2]?.release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });

  it('takes the waiting sources in turn, so a flood from one waits behind itself', async () => {
    const started: string[] = [];
    const pool = new VerificationPool({ concurrency: 1, queueMs: 60_000 });
    const first = gate(started, 'flood-0');
    const running = pool.run('10.0.0.9', first.task);
    const waiting = [
      ...['flood-1', 'flood-2', 'flood-3'].map((name) => [name, '10.0.0.9']),
      ['lane-1', '10.0.0.2'],
      ['other-1', '10.0.0.3'],
    ].map(([name = '', source = '']) => pool.run(source, () => Promise.resolve(name)));
    await tick();
    first.release();
    await running;
    const order: string[] = [];
    await Promise.all(waiting.map((result) => result.then((name) => order.push(name))));
    expect(order).toEqual(['flood-1', 'lane-1', 'other-1', 'flood-2', 'flood-3']);
  });

  it('refuses a job still waiting past the queue deadline, without running it', async () => {
    const started: string[] = [];
    const pool = new VerificationPool({ concurrency: 1, queueMs: 20 });
    const slow = gate(started, 'slow');
    const running = pool.run('10.0.0.1', slow.task);
    const late = pool.run('10.0.0.2', () => {
      started.push('late');
      return Promise.resolve('late');
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    slow.release();
    expect(await running).toBe('slow');
    await expect(late).rejects.toBeInstanceOf(VerificationBusyError);
    expect(started).toEqual(['slow']);
    expect(await pool.run('10.0.0.2', () => Promise.resolve('next'))).toBe('next');
  });

  it('passes a task’s error through and frees its slot', async () => {
    const pool = new VerificationPool({ concurrency: 1, queueMs: 60_000 });
    await expect(pool.run('s', () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    );
    expect(await pool.run('s', () => Promise.resolve(1))).toBe(1);
  });
});
