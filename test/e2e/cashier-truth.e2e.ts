// The cashier is never left guessing (docs/lane.md, Confirmations, One truth, Interrupted
// transactions), through the real `npm start` process tree in Chromium, at 1280×800 and 1024×768:
// Esc on an approved result reverses nothing; void, refund and closing the day are confirmed (Esc
// backs out, Enter confirms); the lane killed (SIGKILL) or stopped (SIGTERM) mid-sale comes back on
// the same address and the page, reconnected without a reload, lands on the interrupted
// transactions; the history row, the receipt view and a reprint of a transaction say the same.
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
import { saveDocsScreenshot } from './helpers/screen-checks.ts';

const dir = mkdtempSync(join(tmpdir(), 'laneterm-truth-'));
const runs: { npm: NpmStart; devicesDir: string }[] = [];
let browser: Browser;
let lane: { npm: NpmStart; url: string; pid: number };
/** A cashier at each lane display size, on one page each for the whole file. */
let wide: Cashier;
let small: Cashier;

async function start(): Promise<{ npm: NpmStart; url: string; pid: number }> {
  const npm = npmStart(trainingArgs(dir));
  const { url } = await npm.ready;
  const found = await laneProcess(npm);
  runs.push({ npm, devicesDir: found.devicesDir });
  return { npm, url, pid: found.pid };
}

beforeAll(async () => {
  lane = await start();
  browser = await startChromium();
  wide = new Cashier(await browser.context.newPage());
  small = new Cashier(await browser.context.newPage());
  await small.page.setViewportSize({ width: 1024, height: 768 });
  await wide.open(lane.url);
  await small.open(lane.url);
});

afterAll(async () => {
  await browser?.close();
  for (const run of runs) await killAll(run.npm, run.devicesDir);
  rmSync(dir, { recursive: true, force: true });
});

/** Back to the amount screen from a finished workflow or any idle screen. */
async function home(at: Cashier): Promise<void> {
  await at.keys('F1');
  await at.screen('New sale');
}

/**
 * Opens History at `amount` ("8.05") and answers its selected line; `returned`: Done of a workflow
 * started on History has brought it back (F4 there would be its Interrupted filter).
 */
async function historyLine(at: Cashier, amount: string, returned = false) {
  if (!returned) await at.keys('F4');
  await at.screen('History');
  await at.type(amount);
  await at.keys('Enter');
  const line = at.page.getByRole('option', { selected: true });
  await expect.poll(() => line.textContent()).toContain(`$${amount}`);
  return line;
}

/** The headline lines of the receipt on screen (APPROVED, DECLINED, REVERSED …). */
async function receiptHeadline(at: Cashier): Promise<string> {
  const text = await at.textOf('figure', /Receipt/);
  const words = ['PARTIALLY APPROVED', 'APPROVED', 'DECLINED', 'NOT CHARGED', 'VOID', 'REVERSED'];
  return words.find((word) => text.includes(word)) ?? text;
}

describe('deliberate undo', () => {
  it('Esc on an approved result reverses nothing; Void asks first, naming amount, tender and last four', async () => {
    const receipt = await wide.swipedSale('333');
    expect(receipt).toContain('APPROVED');
    await saveDocsScreenshot(wide.page, 'lane-approved');
    await wide.keys('Escape');
    await wide.screen('Result: Approved');
    expect(await wide.textOf('main')).not.toContain('Cancelled');
    await wide.keys('F5');
    await wide.screen('Void this?');
    expect(await wide.textOf('main')).toMatch(/Reversal\s*\$3\.33\s*Credit\s*VISA ···· 8909/);
    await wide.shot('truth-void-confirm-1280');
    await wide.keys('Escape');
    await wide.screen('Result: Approved');
    await wide.keys('F5');
    await wide.screen('Void this?');
    await wide.keys('Enter');
    await wide.screen('Undone');
    expect(await wide.textOf('main')).toMatch(/Reversal\s*Credit\s*\$3\.33/);
    expect(await wide.textOf('figure', /Receipt/)).toContain('REVERSAL');
    await wide.keys('Enter');
    await wide.screen('New sale');
  });

  it('a refund asks first with its amount field starting at what may be refunded; the row then says what remains', async () => {
    await small.swipedSale('2000');
    await small.keys('Enter');
    await small.screen('New sale');
    await historyLine(small, '20.00');
    const field = small.page.getByRole('textbox', { name: 'Refund amount' });
    expect(await field.inputValue()).toBe('20.00');
    await field.fill('');
    await field.focus();
    await small.keys('Delete');
    await small.type('500');
    expect(await field.inputValue()).toBe('5.00');
    await small.keys('F6');
    await small.screen('Give this back?');
    expect(await small.textOf('main')).toMatch(/Refund\s*\$5\.00\s*Credit\s*VISA ···· 8909/);
    await small.shot('truth-refund-confirm-1024');
    await small.keys('Escape');
    await small.screen('History');
    await small.page.getByRole('textbox', { name: 'Refund amount' }).focus();
    await small.keys('Delete');
    await small.type('500');
    await small.keys('F6');
    await small.screen('Give this back?');
    await small.keys('Enter');
    await small.screen('Result: Approved');
    expect(await small.textOf('main')).toMatch(/Refund\s*\$5\.00/);
    await small.keys('Enter');
    const line = await historyLine(small, '20.00', true);
    await expect.poll(() => line.textContent()).toContain('Partly refunded, $15.00 remaining');
    await small.shot('truth-history-1024');
    await home(small);
  });

  it('a void from History asks first; Esc sends nothing, Enter sends the reversal and the row says Reversed', async () => {
    await wide.swipedSale('444');
    await wide.keys('Enter');
    await wide.screen('New sale');
    await historyLine(wide, '4.44');
    await wide.keys('F5');
    await wide.screen('Void this?');
    expect(await wide.textOf('main')).toMatch(/Reversal\s*\$4\.44\s*Credit\s*VISA ···· 8909/);
    await wide.keys('Escape');
    await wide.screen('History');
    const kept = wide.page.getByRole('option', { selected: true });
    expect(await kept.textContent()).toContain('Approved');
    await wide.keys('F5');
    await wide.screen('Void this?');
    await wide.keys('Enter');
    await wide.screen('Result: Approved');
    expect(await wide.textOf('main')).toMatch(/Reversal\s*\$4\.44/);
    expect(await wide.textOf('figure', /Receipt/)).toContain('REVERSAL');
    await wide.keys('Enter');
    await historyLine(wide, '4.44', true);
    const sale = wide.page.getByRole('option').filter({ hasText: /Sale\s*\$4\.44/ });
    await expect.poll(() => sale.textContent()).toContain('Reversed');
    await home(wide);
  });

  it('closing the day shows the batch by tender and brand first, Esc leaves it open, then what settled', async () => {
    await wide.keys('F9');
    await wide.screen('Settings');
    await wide.keys('F8');
    await wide.screen('Close the day?');
    const summary = await wide.textOf('main');
    expect(summary).toMatch(/Batch \d+/);
    // In the batch: the 20.00 sale and its 5.00 refund; the 3.33 and 4.44 sales were reversed.
    expect(summary).toMatch(/Credit\s*VISA\s*1 · \$20\.00\s*1 · \$5\.00/);
    expect(summary).toMatch(/Net\s*\$15\.00/);
    await wide.shot('truth-close-day-1280');
    await wide.keys('Escape');
    await wide.screen('Settings');
    await wide.keys('F8');
    await wide.screen('Close the day?');
    await wide.keys('Enter');
    await wide.screen('Result: Approved');
    const settled = await wide.textOf('main');
    expect(settled).toMatch(/Batch \d+\s*Settled/);
    expect(settled).not.toContain('$0.00');
    expect(settled).toMatch(/Net\s*\$15\.00/);
    expect(await wide.page.getByText(/The day is closed: batch \d+ settled\./).count()).toBe(1);
    await wide.keys('F9');
    await wide.screen('Settings');
    expect(await wide.page.getByText(/The day is closed: batch/).count()).toBe(0);
    await wide.keys('F7');
    // The day is open once Open day is off, and its workflow over once the tabs are back on.
    const openDay = wide.page.getByRole('button', { name: 'Open day' });
    await expect.poll(() => openDay.isDisabled(), { timeout: 20_000 }).toBe(true);
    const newSale = wide.page.getByRole('button', { name: 'New sale' });
    await expect.poll(() => newSale.isEnabled(), { timeout: 20_000 }).toBe(true);
    await home(wide);
  });
});

describe('history at the keyboard', () => {
  it('focus lands in the list and the keys move it at once; a balance inquiry shows the balance it answered', async () => {
    await small.keys('F2');
    await small.screen('Gift counter');
    await small.type('2500');
    await small.keys('F5');
    await small.screen('Waiting for the card');
    await small.present('gift-cli', 'F4');
    await small.screen('Result: Approved');
    await small.keys('Enter');
    await small.keys('F3');
    await small.screen('Balance inquiry');
    await small.keys('F7');
    await small.screen('Waiting for the card');
    await small.present('gift-cli', 'F4');
    await small.screen('Result: Approved');
    await small.keys('Enter');
    await small.keys('F4');
    await small.screen('History');
    const list = small.page.getByRole('listbox', { name: 'History' });
    await expect
      .poll(() => small.page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('listbox');
    const selected = () => list.getByRole('option', { selected: true }).textContent();
    expect(await selected()).toMatch(/Balance\s*Balance \$25\.00/);
    expect(await selected()).not.toContain('$0.00');
    const count = await list.getByRole('option').count();
    await small.keys('End');
    expect(await selected()).toBe(
      await list
        .getByRole('option')
        .nth(count - 1)
        .textContent(),
    );
    await small.keys('Home', 'ArrowDown');
    expect(await selected()).toBe(await list.getByRole('option').nth(1).textContent());
    await small.keys('PageDown');
    const paged = Math.min(count - 1, 6);
    expect(await selected()).toBe(await list.getByRole('option').nth(paged).textContent());
    await small.keys('PageUp');
    expect(await selected()).toBe(
      await list
        .getByRole('option')
        .nth(Math.max(0, paged - 5))
        .textContent(),
    );
    await home(small);
  });
});

describe('a lane killed or stopped mid-sale', () => {
  it('kill -9 while authorizing: the restarted lane lists the sale, and its row, receipt and reprint agree', async () => {
    await wide.sale('805');
    await wide.present('visa-x924', 'F4');
    await wide.screen('Authorizing');
    process.kill(lane.pid, 'SIGKILL');
    await lane.npm.exited;
    await wide.page.locator('#link-reason').waitFor({ timeout: 15_000 });
    lane = await start();
    await wide.linkUp();
    await wide.screen('Interrupted transactions');
    const item = wide.page.getByRole('listitem').filter({ hasText: '$8.05' });
    await expect.poll(() => item.textContent(), { timeout: 60_000 }).not.toContain('Checking');
    const listed = (await item.textContent()) ?? '';
    expect(listed).toMatch(/Sale\s*\$8\.05\s*Credit\s*VISA ···· 8909/);
    await wide.shot('truth-interrupted-1280');
    await small.linkUp();
    await small.screen('Interrupted transactions');
    await small.shot('truth-interrupted-1024');
    const status = /Declined|Not charged|Reversed|Approved/.exec(listed)?.[0] ?? listed;
    const line = await historyLine(wide, '8.05');
    expect(await line.textContent()).toContain(status);
    await wide.keys('F8');
    const headline = await receiptHeadline(wide);
    expect(headline).toBe(status === 'Approved' ? 'APPROVED' : status.toUpperCase());
    if (status === 'Not charged') {
      // Killed before the request left: the service has nothing to reprint.
      expect(await wide.page.getByRole('button', { name: /Reprint/ }).isDisabled()).toBe(true);
      return;
    }
    await wide.keys('F7');
    await wide.screen(`Reprint: ${status}`);
    expect(await wide.textOf('main')).not.toContain('Customer sees');
    expect(await receiptHeadline(wide)).toBe(headline);
    expect(await wide.textOf('figure', /Receipt/)).toContain('DUPLICATE');
    await wide.shot('truth-reprint-1280');
    await wide.keys('Enter');
    await wide.screen('History');
  });

  it('SIGTERM while authorizing: npm exits 0 once the sale is answered, and the restarted lane lists it as it stands', async () => {
    await home(small);
    await small.sale('803');
    await small.present('visa-x924', 'F4');
    await small.screen('Authorizing');
    process.kill(lane.npm.pid, 'SIGTERM');
    expect(await lane.npm.exited).toBe(0);
    expect(lane.npm.stderr.join('')).not.toMatch(/TypeError|not open/);
    lane = await start();
    await small.linkUp();
    await small.screen('Interrupted transactions');
    const item = small.page.getByRole('listitem').filter({ hasText: '$8.03' });
    await expect.poll(() => item.textContent()).toContain('Approved');
    expect(await item.textContent()).toContain('Charged: it stands.');
    const killed = small.page.getByRole('listitem').filter({ hasText: '$8.05' });
    await killed.getByRole('button', { name: 'Seen' }).click();
    await item.getByRole('button', { name: 'Seen' }).click();
    await small.page.getByText('Nothing was interrupted.').waitFor();
    await small.keys('F4');
    await small.screen('History');
    await small.page.getByRole('button', { name: 'Interrupted' }).click();
    await expect.poll(() => small.page.getByRole('option').count()).toBe(2);
    await small.shot('truth-history-interrupted-1024');
    process.kill(lane.npm.pid, 'SIGTERM');
    expect(await lane.npm.exited).toBe(0);
  });
});
