// The page survives the lane (docs/app.md, Web bridge): through the real `npm start` process tree,
// a page open in Chromium hears a lane that went silent or was killed, turns its actions off with
// the reason, and when `npm start` runs again on the same lane folder it reconnects by itself, on
// the same address, without a reload; started with a new token, it tells a page holding the old
// one to open the address it printed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  killAll,
  laneProcess,
  npmStart,
  trainingArgs,
  type NpmStart,
} from '../main/start/helpers/npm-start-process.ts';
import { Cashier } from './helpers/cashier.ts';
import { startChromium, type Browser } from './helpers/chromium.ts';

const dir = mkdtempSync(join(tmpdir(), 'laneterm-restart-'));
const runs: { npm: NpmStart; devicesDir: string }[] = [];
let browser: Browser;

async function start(more: string[] = []): Promise<{ npm: NpmStart; url: string; pid: number }> {
  const npm = npmStart([...trainingArgs(dir), ...more]);
  const { url } = await npm.ready;
  const lane = await laneProcess(npm);
  runs.push({ npm, devicesDir: lane.devicesDir });
  return { npm, url, pid: lane.pid };
}

beforeAll(async () => {
  browser = await startChromium();
});
afterAll(async () => {
  await browser?.close();
  for (const run of runs) await killAll(run.npm, run.devicesDir);
  rmSync(dir, { recursive: true, force: true });
});

/** The reason actions are off, as the page says it (empty when the lane is reachable). */
const reason = (at: Cashier) => at.page.locator('#link-reason');

describe('the page and a lane that goes away', () => {
  it('hears a silent lane, then a killed one, and reconnects to the restarted lane without a reload', async () => {
    const first = await start();
    const at = new Cashier(await browser.context.newPage());
    await at.open(first.url);
    await at.page.evaluate(() => Object.assign(window, { sameDocument: true }));

    process.kill(first.pid, 'SIGSTOP');
    await reason(at).waitFor({ timeout: 15_000 });
    expect(await reason(at).textContent()).toContain('The lane is not reachable');
    expect(await at.textOf('contentinfo')).not.toContain('Server');
    expect(await at.page.getByRole('button', { name: 'History' }).isDisabled()).toBe(true);
    await at.shot('link-lost');
    process.kill(first.pid, 'SIGCONT');
    await at.linkUp();

    process.kill(first.pid, 'SIGKILL');
    await first.npm.exited;
    await reason(at).waitFor({ timeout: 15_000 });
    const second = await start();
    expect(second.url).toBe(first.url);
    await at.linkUp();
    expect(await at.page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await expect
      .poll(() => at.textOf('contentinfo'), { timeout: 20_000 })
      .toContain('Printer: connected');
    expect(await at.page.getByRole('button', { name: 'History' }).isDisabled()).toBe(false);
    process.kill(second.npm.pid, 'SIGTERM');
    expect(await second.npm.exited).toBe(0);
  });

  it('after a start with --new-token, a page holding the old token says to open the new address, which works', async () => {
    const first = await start();
    const at = new Cashier(await browser.context.newPage());
    await at.open(first.url);
    process.kill(first.npm.pid, 'SIGTERM');
    expect(await first.npm.exited).toBe(0);
    const second = await start(['--new-token']);
    expect(new URL(second.url).port).toBe(new URL(first.url).port);
    expect(second.url).not.toBe(first.url);
    await expect
      .poll(() => reason(at).textContent(), { timeout: 20_000 })
      .toContain('it was started with a new one. Open the address it printed.');
    expect(await at.textOf('contentinfo')).toContain('The lane refuses this page');
    expect(await at.page.getByRole('button', { name: 'History' }).isDisabled()).toBe(true);
    await at.shot('link-refused');
    const fresh = new Cashier(await browser.context.newPage());
    await fresh.open(second.url);
    expect(await fresh.page.getByRole('button', { name: 'History' }).isDisabled()).toBe(false);
    process.kill(second.npm.pid, 'SIGTERM');
    expect(await second.npm.exited).toBe(0);
  });
});
