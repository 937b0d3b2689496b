// The cashier's view of an offline sale in Debian's Chromium: training's "network down" control
// takes the payment service away, a swiped sale is approved offline (the result and the receipt
// say so, the status bar counts it), and the network back up forwards it; a sale the service
// declines when sent is counted on the status bar, which opens the manager's list (Seen, All seen).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineRules } from '../main/lane/helpers/offline-bench.ts';
import { startChromium, type Browser } from './helpers/chromium.ts';
import { LANE_DISPLAYS } from './helpers/layout-checks.ts';
import { Cashier } from './helpers/cashier.ts';
import { startLaneUnderTest, type LaneUnderTest } from './helpers/lane-under-test.ts';

let lut: LaneUnderTest;
let browser: Browser;

beforeAll(async () => {
  lut = await startLaneUnderTest({ pinTypingMs: 1000 }, undefined, offlineRules());
  browser = await startChromium({ viewport: LANE_DISPLAYS[0] });
});

afterAll(async () => {
  await browser?.close();
  await lut?.stop();
});

describe('offline sale, as the cashier sees it', () => {
  it('network down: the sale is approved offline, its receipt says OFFLINE, the status bar counts it until it is sent', async () => {
    const at = new Cashier(await browser.context.newPage());
    await at.open(lut.url);
    await at.offlineSale();
    await at.shot('offline-approved');
    await at.keys('Enter');
    await at.screen('New sale');
    await at.sale('100');
    await at.keys('Shift+F12');
    await expect
      .poll(() => at.textOf('contentinfo'), { timeout: 30_000 })
      .not.toContain('Offline, to send');
    const [entry] = lut.lane.journal.search({ text: '20.00' });
    expect(entry).toMatchObject({ offline: 'forwarded', state: 'approved' });
    await at.keys('Escape');
    await at.screen('Cancelled');
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it("a sale declined when sent: the status bar opens the manager's list, All seen clears the count", async () => {
    const at = new Cashier(await browser.context.newPage());
    await at.open(lut.url);
    await at.sale('601');
    await at.keys('Shift+F12');
    await at.page.getByRole('button', { name: /Network down/, pressed: true }).waitFor();
    await at.present('visa-x924', 'F4');
    await at.screen('Result: Approved');
    await at.keys('Enter');
    await at.screen('New sale');
    await at.sale('100');
    await at.keys('Shift+F12');
    const link = at.page.getByRole('button', { name: 'Declined on sending: 1' });
    await link.waitFor({ timeout: 30_000 });
    await at.keys('Escape');
    await at.screen('Cancelled');
    await link.click();
    await at.screen('Offline sales declined when sent');
    expect(await at.textOf('main')).toContain('$6.01');
    expect(await at.textOf('main')).toContain('Not seen yet');
    await at.shot('offline-declined');
    await at.page.getByRole('button', { name: 'All seen' }).click();
    await expect
      .poll(() => at.textOf('contentinfo'), { timeout: 20_000 })
      .not.toContain('Declined on sending');
    const [declined] = lut.lane.journal.offline.declined();
    expect(declined?.acknowledgedAt).toEqual(expect.any(Number));
  });
});
