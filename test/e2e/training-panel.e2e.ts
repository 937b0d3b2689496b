// Training's panels as a trainee meets them in Debian's Chromium (docs/app.md, Training mode): a
// card key pressed on a page that does not know the test cards yet presents a card that fits the
// step (a gift card at the gift counter), and the cardholder's PIN choice stays pressed on the next
// card step and after a reload, as the PIN pad keeps acting on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChromium, type Browser } from './helpers/chromium.ts';
import { LANE_DISPLAYS } from './helpers/layout-checks.ts';
import { Cashier } from './helpers/cashier.ts';
import { startLaneUnderTest, type LaneUnderTest } from './helpers/lane-under-test.ts';

let lut: LaneUnderTest;
let browser: Browser;

beforeAll(async () => {
  lut = await startLaneUnderTest();
  browser = await startChromium({ viewport: LANE_DISPLAYS[0] });
});

afterAll(async () => {
  await browser?.close();
  await lut?.stop();
});

describe("training's panels, as the trainee sees them", () => {
  it('F4 pressed at the gift counter before the page knows the test cards swipes a gift card', async () => {
    const first = new Cashier(await browser.context.newPage());
    await first.open(lut.url);
    await first.keys('F2');
    await first.screen('Gift counter');
    await first.keys('F5');
    await first.screen('Waiting for the card');
    // A page opened on that step: its ask for the test cards is held until F4 is pressed.
    const page = await browser.context.newPage();
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/command', async (route) => {
      if ((route.request().postDataJSON() as { type?: string }).type === 'training.cards')
        await held;
      await route.continue();
    });
    const at = new Cashier(page);
    await page.goto(lut.url);
    await at.screen('Waiting for the card');
    await at.linkUp();
    await at.keys('F4');
    release();
    await at.screen('Result: Approved');
    expect(await at.textOf('main')).toMatch(/Card\s*GIFT X+0014/);
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it('Wrong PIN stays pressed on the next card step and after a reload, and the pad types it', async () => {
    const at = new Cashier(await browser.context.newPage());
    await at.open(lut.url);
    const pressed = () =>
      at.page
        .getByRole('group', { name: 'PIN on the pad' })
        .getByRole('button', { pressed: true })
        .textContent();
    await at.sale('1500', 'F6');
    await at.keys('Shift+F6');
    await expect.poll(pressed).toContain('Wrong PIN');
    await at.keys('Escape');
    await at.screen('Cancelled');
    await at.keys('Enter');
    await at.screen('New sale');
    await at.sale('1600', 'F6');
    await expect.poll(pressed).toContain('Wrong PIN');
    await at.page.reload();
    await at.screen('Waiting for the card');
    await at.linkUp();
    await expect.poll(pressed).toContain('Wrong PIN');
    await at.present('visa-debit', 'F2');
    await at.screen('Result: Declined');
    expect(await at.textOf('main')).toContain('Wrong PIN');
    await at.keys('Escape');
    await at.screen('Cancelled');
    await at.keys('Enter');
    await at.screen('New sale');
    await at.sale('1700', 'F6');
    await at.keys('Shift+F5');
    await expect.poll(pressed).toContain('Right PIN');
    await at.keys('Escape');
  });
});
