// `npm start` as a new user runs it on a machine without the Electron binary: it prints the
// lane's address with its token, and a browser opened there runs the lane by keyboard, offline
// too: with training's network down a swiped sale is approved offline, and forwarded once the
// network is back. Ports are free ones and every folder is temporary (the training defaults would
// take 8665 and 8333).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEntry, type ChildRun } from '../server/helpers/server-process.ts';
import { startChromium, type Browser } from './helpers/chromium.ts';
import { Cashier } from './helpers/cashier.ts';
import { expectTrainingReceipt } from './helpers/screen-checks.ts';

const dir = mkdtempSync(join(tmpdir(), 'laneterm-npm-start-'));
let start: ChildRun;
let browser: Browser;
let url = '';

beforeAll(async () => {
  start = runEntry('main/start.ts', [
    '--browser',
    '--port',
    '0',
    '--plain-port',
    '0',
    '--data',
    join(dir, 'service'),
    '--lane-data',
    join(dir, 'lane'),
  ]);
  const line = await start.line(/^LaneTerm lane \(TRAINING\)/);
  url = /open (http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43})$/.exec(line)?.[1] ?? '';
  browser = await startChromium();
});

afterAll(async () => {
  await browser?.close();
  start?.child.kill('SIGTERM');
  await start?.exited;
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start without Electron', () => {
  it('prints one line with the lane and the address to open', () => {
    expect(url).not.toBe('');
    expect(start.stdout.filter((line) => line.startsWith('LaneTerm lane'))).toHaveLength(1);
  });

  it('serves the lane to a browser that runs it by keyboard', async () => {
    const at = new Cashier(await browser.context.newPage());
    await at.open(url);
    expect(await at.page.getByRole('note').textContent()).toContain('TRAINING');
    await expect
      .poll(() => at.textOf('contentinfo'), { timeout: 20_000 })
      .toContain('Printer: connected');
    await at.sale('1250');
    await at.shot('npm-start-card');
    await at.keys('Escape');
    await at.screen('Cancelled');
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it('runs an approved sale by keyboard alone, swiped on the encrypting reader', async () => {
    const at = new Cashier(await browser.context.newPage());
    await at.open(url);
    expectTrainingReceipt(await at.swipedSale('1250'), '12.50');
    await at.shot('npm-start-sale');
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it("approves a swiped sale offline by training's rules with the network down, and forwards it once the network is back", async () => {
    const at = new Cashier(await browser.context.newPage());
    await at.open(url);
    await at.offlineSale();
    await at.keys('Enter');
    await at.screen('New sale');
    await at.sale('100');
    await at.keys('Shift+F12');
    await at.page.getByRole('button', { name: /Network down/, pressed: false }).waitFor();
    await expect
      .poll(() => at.textOf('contentinfo'), { timeout: 30_000 })
      .not.toContain('Offline, to send');
    expect(await at.textOf('contentinfo')).not.toContain('Declined on sending');
    await at.shot('npm-start-offline');
    await at.keys('Escape');
    await at.screen('Cancelled');
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it('stops on SIGTERM', async () => {
    start.child.kill('SIGTERM');
    expect(await start.exited).toBe(0);
  });
});
