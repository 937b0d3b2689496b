import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../server/admin/admin-runner.ts';
import { SqliteServiceStore } from '../../../server/store/sqlite/sqlite-service-store.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'laneterm-autosettle-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function admin(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    out: (l: string) => out.push(l),
    err: (l: string) => err.push(l),
    readStdin: () => Promise.resolve(''),
  };
  const code = await runAdmin([...argv, '--data', dir], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function settings(): Promise<{ profileName: string; settleTime: string }[]> {
  const store = new SqliteServiceStore(join(dir, 'service.db'));
  try {
    return (await store.merchants.autoSettleSettings()).map((s) => ({
      profileName: s.profile.profileName,
      settleTime: s.settleTime,
    }));
  } finally {
    await store.close();
  }
}

describe('admin set-auto-settle', () => {
  beforeEach(async () => {
    expect((await admin(['add-user', 'acme', '--password', 'merchant-pw'])).code).toBe(0);
    expect((await admin(['add-profile', 'acme', 'front'])).code).toBe(0);
  });

  it('sets, changes and clears a profile’s daily settle time', async () => {
    const set = await admin(['set-auto-settle', 'acme', 'front', '--time', '22:30']);
    expect(set).toMatchObject({ code: 0 });
    expect(set.out).toMatch(/"front": settles daily at 22:30 \(/);
    expect(await settings()).toEqual([{ profileName: 'front', settleTime: '22:30' }]);
    expect((await admin(['set-auto-settle', 'acme', 'front', '--time', '05:00'])).code).toBe(0);
    expect(await settings()).toEqual([{ profileName: 'front', settleTime: '05:00' }]);
    expect((await admin(['set-auto-settle', 'acme', 'front', '--off'])).out).toMatch(
      /automatic settlement off/,
    );
    expect(await settings()).toEqual([]);
  });

  it.each([
    [['set-auto-settle', 'acme', 'front', '--time', '24:00'], 1, /HH:MM on a 24-hour clock/],
    [['set-auto-settle', 'acme', 'front', '--time', '7:00'], 1, /HH:MM/],
    [['set-auto-settle', 'acme', 'front'], 1, /exactly one of --time HH:MM or --off/],
    [['set-auto-settle', 'acme', 'front', '--time', '10:00', '--off'], 1, /exactly one/],
    [['set-auto-settle', 'acme', 'back', '--time', '10:00'], 1, /not a profile of this merchant/],
    [['set-auto-settle', 'acme'], 2, /expects 2 argument/],
  ])('refuses %j', async (argv, code, message) => {
    const run = await admin(argv);
    expect(run.code).toBe(code);
    expect(run.err).toMatch(message);
  });
});
