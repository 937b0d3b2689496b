import { describe, expect, it } from 'vitest';
import {
  type DeriveKey,
  hashManagerSecret,
  offlineManager,
} from '../../../../main/lane/offline/offline-managers.ts';
import { parseStartArgs } from '../../../../main/start/start-options.ts';

describe("offline managers' secrets (lane.yaml offline.managers)", () => {
  it('hashes a secret with scrypt and a fresh salt, and knows the manager only by name and secret', async () => {
    const hash = await hashManagerSecret('4711');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashManagerSecret('4711')).not.toBe(hash);
    expect(hash).not.toContain('4711');
    const managers = [{ name: 'ana', secretHash: hash }];
    expect(await offlineManager(managers, 'ana', '4711')).toBe('ana');
    expect(await offlineManager(managers, 'ana', '4712')).toBeUndefined();
    expect(await offlineManager(managers, 'bob', '4711')).toBeUndefined();
  });

  it('does the same work for an unknown name as for a wrong secret: one derivation at the same cost', async () => {
    const managers = [{ name: 'ana', secretHash: await hashManagerSecret('4711') }];
    const calls: unknown[] = [];
    const counting: DeriveKey = (_secret, salt, cost) => {
      calls.push({ saltBytes: salt.length, cost });
      return Promise.resolve(Buffer.alloc(32));
    };
    await offlineManager(managers, 'bob', 'x', counting);
    await offlineManager(managers, 'ana', 'x', counting);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual(calls[1]);
  });

  it('npm start -- hash-manager NAME takes one name and nothing else', () => {
    expect(parseStartArgs(['hash-manager', 'ana'])).toEqual({ hashManager: 'ana' });
    expect(parseStartArgs(['hash-manager'])).toMatchObject({ error: /hash-manager: give/ });
    expect(parseStartArgs(['hash-manager', 'ana', '--config', 'x'])).toMatchObject({
      error: /hash-manager: give/,
    });
  });
});
