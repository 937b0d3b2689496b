// A cashier at the lane in Chromium: keys, the screens by their headings, the layout and axe-core
// on each screen reached, and the final screenshot.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { expectLaneLayout } from './layout-checks.ts';
import { expectAccessible, saveScreenshot } from './screen-checks.ts';

/** Milliseconds a screen may take to appear: a sale goes through the service and a printer. */
const SCREEN_TIMEOUT_MS = 45_000;

/** The cashier's view of one page. */
export class Cashier {
  readonly page: Page;
  /** Headings of the screens seen, in order, each checked by axe once. */
  readonly seen: string[] = [];

  constructor(page: Page) {
    this.page = page;
  }

  /** Opens the lane at `url` and waits for the amount screen and the link to the lane. */
  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.screen('New sale');
    await this.linkUp();
  }

  /** Waits until the page reaches the lane (no reason for actions being off is shown). */
  async linkUp(timeout = SCREEN_TIMEOUT_MS): Promise<void> {
    await this.page.locator('#link-reason').waitFor({ state: 'detached', timeout });
  }

  /** Presses keys in order (KeyboardEvent.key names, or text typed as such). */
  async keys(...keys: string[]): Promise<void> {
    for (const key of keys) await this.page.keyboard.press(key);
  }

  /** Types text where the focus is. */
  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  /** Keys `amount` on the amount screen, Enter for Sale, then the tender's key (F5 Credit, F6 Debit). */
  async sale(amount: string, tenderKey = 'F5'): Promise<void> {
    await this.type(amount);
    await this.keys('Enter');
    await this.screen('How does the customer pay?');
    await this.keys(tenderKey);
    await this.screen('Waiting for the card');
  }

  /**
   * A credit sale of `amount` swiped with a stripe-only Visa (visa-x924, last four 8909: a chip
   * card swiped is asked for its chip) to its approval; answers the text of the receipt previewed
   * beside the result.
   */
  async swipedSale(amount: string): Promise<string> {
    await this.sale(amount);
    await this.present('visa-x924', 'F4');
    await this.screen('Result: Approved');
    return this.textOf('figure', /Receipt/);
  }

  /**
   * The first offline sale: a credit sale of 20.00 with training's network taken down, swiped with
   * visa-x924, approved offline as the result, its receipt and the status bar's count say.
   */
  async offlineSale(): Promise<void> {
    await this.sale('2000');
    await this.keys('Shift+F12');
    await this.page.getByRole('button', { name: /Network down/, pressed: true }).waitFor();
    await this.present('visa-x924', 'F4');
    await this.screen('Result: Approved');
    expect(await this.textOf('main')).toContain(
      'Approved offline — it will be sent when the server is back.',
    );
    expect(await this.textOf('figure', /Receipt/)).toContain('*** OFFLINE ***');
    await expect
      .poll(() => this.textOf('contentinfo'), { timeout: 20_000 })
      .toContain('Offline, to send: 1 ($20.00)');
  }

  /**
   * The training customer presents test card `cardId` by its key: F1 swipe after a failed chip
   * read, F2 insert, F3 tap, F4 swipe; or F8, the cashier's Key on the PIN pad, which hands the
   * card to the pad to be keyed.
   */
  async present(cardId: string, key: 'F1' | 'F2' | 'F3' | 'F4' | 'F8'): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Test card' }).selectOption(cardId);
    await this.keys(key);
  }

  /** Waits for the screen whose h1 is `title` and checks its layout and axe (once per title). */
  async screen(title: string | RegExp): Promise<string> {
    const heading = this.page.getByRole('heading', { level: 1, name: title });
    try {
      await heading.waitFor({ timeout: SCREEN_TIMEOUT_MS });
    } catch {
      const now = await this.page.locator('main').textContent();
      throw new Error(`screen ${String(title)} did not appear; the screen says: ${now ?? ''}`);
    }
    const text = (await heading.textContent()) ?? '';
    if (!this.seen.includes(text)) {
      this.seen.push(text);
      await expectLaneLayout(this.page, text);
      await expectAccessible(this.page, text);
    }
    return text;
  }

  /** The text of the region named `name` (a figure, the status bar…). */
  async textOf(role: 'figure' | 'contentinfo' | 'alert' | 'main', name?: RegExp): Promise<string> {
    const region = this.page.getByRole(role, name === undefined ? {} : { name }).first();
    return (await region.textContent()) ?? '';
  }

  /** Saves the screen as test-artifacts/e2e/<name>.png. */
  async shot(name: string): Promise<void> {
    await saveScreenshot(this.page, name);
  }
}
