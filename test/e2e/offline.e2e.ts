// The cashier's view of an offline sale in Debian's Chromium: training's "network down" control
// takes the payment service away, a swiped sale is approved offline (the result and the receipt
// say so, the status bar counts it), and the network back up forwards it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineConfig } from '../../main/lane/offline/offline-config.ts';
import { startChromium, type Browser } from './helpers/chromium.ts';
import { LANE_DISPLAYS } from './helpers/layout-checks.ts';
import { Cashier } from './helpers/cashier.ts';
import { startLaneUnderTest, type LaneUnderTest } from './helpers/lane-under-test.ts';

let lut: LaneUnderTest;
let browser: Browser;

beforeAll(async () => {
  const offline = OfflineConfig.parse({
    allowed: true,
    floorLimits: { credit: { default: 5000 } },
    totalValueMinor: 20000,
    totalCount: 5,
    maxAgeHours: 24,
    entryMethods: ['swipe'],
  });
  lut = await startLaneUnderTest({ pinTypingMs: 1000 }, undefined, offline);
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
    await at.sale('2000');
    await at.keys('Shift+F12');
    await at.page.getByRole('button', { name: /Network down/, pressed: true }).waitFor();
    await at.present('visa-x924', 'F4');
    await at.screen('Result: Approved');
    expect(await at.textOf('main')).toContain(
      'Approved offline — it will be sent when the server is back.',
    );
    expect(await at.textOf('figure', /Receipt/)).toContain('*** OFFLINE ***');
    await expect
      .poll(() => at.textOf('contentinfo'), { timeout: 20_000 })
      .toContain('Offline, to send: 1 ($20.00)');
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
  });
});
