// Every screen of the lane UI in Debian's Chromium, fed by the ScriptedLane stand-in through the
// real web bridge: each screen found by its heading, checked by axe-core, and shot; keys, the
// numeric keypad, Spanish, and a page that runs under its CSP without a violation.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridge, type RunningBridge } from '../../main/bridge/bridge-server.ts';
import { ensureRendererBuilt } from '../../main/bridge/renderer-build.ts';
import {
  CASHIER_WORDS,
  NOTICE_WORDS,
  NoticeCode,
  type DeviceKind,
  type InterruptedEntry,
  type Notice,
  type WorkflowView,
} from '../../main/lane-api/index.ts';
import { LANE_KEYS } from '../../main/lane-api/keys.ts';
import { IDLE_SNAPSHOT, ScriptedLane } from '../main/bridge/scripted-lane.ts';
import { REPO_ROOT } from '../server/helpers/server-process.ts';
import { en } from '../../renderer/src/i18n/en.ts';
import { es } from '../../renderer/src/i18n/es.ts';
import { startChromium, type Browser } from './helpers/chromium.ts';
import {
  GIFT_CARD_STEP,
  GIFT_KEYED_ENTRY,
  RECEIPT,
  VISA,
  WORKFLOW_SCREENS,
  answerQuery,
} from './helpers/screen-fixtures.ts';
import {
  LANE_DISPLAYS,
  LARGEST_DISPLAY,
  expectLaneLayout,
  expectTouchTargets,
} from './helpers/layout-checks.ts';
import {
  DOCS_SHOTS,
  expectAccessible,
  expectLiveAmounts,
  saveScreenshot,
} from './helpers/screen-checks.ts';

let lane: ScriptedLane;
let bridge: RunningBridge;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  lane = new ScriptedLane();
  lane.reply = answerQuery;
  lane.echoesMoves = true;
  bridge = await startBridge({ lane, staticDir: ensureRendererBuilt(REPO_ROOT) });
  browser = await startChromium();
  page = await browser.context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(bridge.url);
  await page.getByRole('heading', { level: 1, name: 'New sale' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await bridge?.close();
});

/** Words of four letters or more in `text`, lower case. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
}

/**
 * Waits for the screen titled `title`, checks the focus landed where the cashier acts next (unless
 * the screen did not just appear: the cashier has acted on it), then at each lane display size
 * checks its layout and accessibility and, given a `shot` name, saves its screenshot
 * (`screen-<shot>-<width>x<height>`); its layout is checked at 1920×1080 too.
 */
async function expectScreen(title: string, shot?: string, appeared = true): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  if (appeared)
    await expect
      .poll(async () => `${title}: ${await focusOn(page)}`, { timeout: 10_000 })
      .toBe(`${title}: where the cashier acts`);
  await expectLiveAmounts(page, title);
  await page.setViewportSize(LARGEST_DISPLAY);
  await expectLaneLayout(page, title);
  for (const size of LANE_DISPLAYS) {
    await page.setViewportSize(size);
    await expectLaneLayout(page, title);
    await expectAccessible(page, `${title} at ${size.width}×${size.height}`);
    if (shot !== undefined)
      await saveScreenshot(
        page,
        `screen-${shot}-${size.width}x${size.height}`,
        DOCS_SHOTS.has(shot),
      );
  }
}

/**
 * Where the focus is on the screen shown (docs/app.md, Focus): "where the cashier acts" when it
 * is on a field of the screen's body, on its enabled primary action, or, when it has none, on its
 * title; otherwise what holds it.
 */
function focusOn(at: Page): Promise<string> {
  return at.evaluate(() => {
    const active = document.activeElement;
    const screen = document.querySelector('section.screen');
    if (screen === null || active === null || !screen.contains(active))
      return `outside the screen: ${active?.tagName ?? 'none'}`;
    if (active.matches('.screen-body :is(input, select, textarea, [role="listbox"])'))
      return 'where the cashier acts';
    const primary = screen.querySelector('.action-bar button.primary:not([disabled])');
    if (primary !== null)
      return active === primary
        ? 'where the cashier acts'
        : `not the primary: ${active.outerHTML.slice(0, 80)}`;
    return active.matches('h1') ? 'where the cashier acts' : `on ${active.outerHTML.slice(0, 80)}`;
  });
}

/** Tracks 1 and 2 of a test card as a magnetic stripe reader in USB keyboard mode types them. */
const KEYBOARD_SWIPE =
  '%B4111111111111111^TEST/CARD^25121010000000000000?;4111111111111111=25121010000000000000?';

/**
 * Types `text` as a reader in keyboard mode does, each key right after the one before: the keys are
 * sent to Chromium in one go rather than one round trip each ("\r" is Enter).
 */
async function typeAsCardReader(text: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const sent: Promise<unknown>[] = [];
  for (const char of text) {
    const key =
      char === '\r'
        ? { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' }
        : { key: char, text: char };
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key }));
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: key.key }));
  }
  await Promise.all(sent);
  await cdp.detach();
}

/** The font size and height of the value a result's fact `label` shows (its <dd>). */
function valueSize(label: string): Promise<{ fontPx: number; heightPx: number }> {
  return page.evaluate((name) => {
    const term = Array.from(document.querySelectorAll('.facts dt')).find(
      (dt) => dt.textContent?.trim() === name,
    );
    const value = term?.nextElementSibling;
    if (!(value instanceof HTMLElement)) return { fontPx: 0, heightPx: 0 };
    return {
      fontPx: Number.parseFloat(getComputedStyle(value).fontSize),
      heightPx: value.getBoundingClientRect().height,
    };
  }, label);
}

describe('lane UI screens', () => {
  it('takes the token out of the address bar and shows the lane’s status', async () => {
    expect(page.url()).toBe(bridge.origin);
    await expect.poll(() => page.getByRole('note').textContent()).toContain('TRAINING');
    const status = page.getByRole('contentinfo');
    await expect.poll(() => status.textContent()).toContain('Server up');
    expect(await status.textContent()).toContain('Paper OK');
  });

  it('keys an amount on the keyboard and the numeric keypad and starts the sale with Enter', async () => {
    const amount = page.getByRole('textbox', { name: 'Amount', exact: true });
    await amount.focus();
    await page.keyboard.type('12');
    await page.keyboard.press('Numpad5');
    await page.keyboard.press('Numpad0');
    expect(await amount.inputValue()).toBe('12.50');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Digit0');
    expect(await amount.inputValue()).toBe('12.50');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({ type: 'sale.start', amountMinor: 1250 });
    await page.getByRole('button', { name: 'Credit', exact: true }).click();
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({
        type: 'sale.start',
        amountMinor: 1250,
        tender: 'credit',
      });
    await expectScreen('New sale', 'amount', false);
  });

  it('opens every idle screen by its key', async () => {
    const screens: [string, string, string][] = [
      ['F2', 'Gift counter', 'gift'],
      ['F3', 'Balance inquiry', 'balance'],
      ['F4', 'History', 'history'],
      ['F9', 'Settings', 'settings'],
      ['F10', 'Diagnostics', 'diagnostics'],
      ['F1', 'New sale', 'amount-again'],
    ];
    for (const [key, title, shot] of screens) {
      await page.keyboard.press(key);
      if (shot === 'history') await page.getByRole('option').first().waitFor();
      if (shot === 'diagnostics') await page.getByRole('table').waitFor();
      await expectScreen(title, shot);
    }
  });

  it('clears the notices read once the cashier moves to another screen; an error stays until Dismiss', async () => {
    const told = page.locator('.notices');
    lane.publish({
      type: 'notice',
      notice: { level: 'info', code: 'day_closed', params: { batch: '7' } },
    });
    lane.publish({
      type: 'notice',
      notice: { level: 'error', code: 'recovery_failed', params: {} },
    });
    await expect.poll(() => told.locator('p').count()).toBe(2);
    expect(await told.textContent()).toContain('batch 7 settled');
    await page.keyboard.press('F2');
    await expectScreen('Gift counter');
    await expect.poll(() => told.locator('p').count()).toBe(1);
    expect(await told.textContent()).not.toContain('batch 7');
    await page.keyboard.press('F1');
    await expectScreen('New sale');
    expect(await told.locator('p').count()).toBe(1);
    await told.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => told.locator('p').count()).toBe(0);
  });

  it('voids the selected history line with F5 and previews its receipt with F8', async () => {
    await page.keyboard.press('F4');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('F8');
    await page.getByRole('figure', { name: /Receipt/ }).waitFor();
    await page.keyboard.press('F5');
    await expect.poll(() => lane.received.at(-1)).toEqual({ type: 'history.void', entryId: 'e-1' });
    await expectScreen('History', 'history-receipt');
    await page.keyboard.press('F1');
  });

  it("filters History to the interrupted transactions with History's key pressed again, and back", async () => {
    const searches = () =>
      lane.received.filter((command) => command.type === 'history.search').slice(-1);
    const filter = page.getByRole('button', { name: 'Interrupted', exact: true });
    const tab = page.getByRole('navigation').getByRole('button', { name: 'History' });
    await page.keyboard.press(LANE_KEYS.screens.history);
    await page.getByRole('option').first().waitFor();
    await expect.poll(() => filter.isEnabled()).toBe(true);
    expect(await filter.getAttribute('aria-keyshortcuts')).toBe(LANE_KEYS.interruptedOnly);
    expect(await filter.textContent()).toMatch(/Interrupted\s*F4/);
    expect(await tab.getAttribute('aria-keyshortcuts')).toBeNull();
    expect(await filter.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press(LANE_KEYS.interruptedOnly);
    await expect.poll(() => filter.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(searches).toEqual([{ type: 'history.search', query: { interrupted: true } }]);
    await page.getByText('Interrupted transactions', { exact: true }).waitFor();
    await expectScreen('History', undefined, false);
    await page.keyboard.press(LANE_KEYS.interruptedOnly);
    await expect.poll(() => filter.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(searches).toEqual([{ type: 'history.search', query: {} }]);
    // Done and F4 at once on a result of a workflow started on History: Done brings History back,
    // and the F4 kept meanwhile is the key that opens it, not the filter's.
    const approved = WORKFLOW_SCREENS.find((screen) => screen.name === 'approved')?.view ?? null;
    lane.echoesMoves = false;
    lane.publish({ type: 'workflow', workflow: approved });
    await page.getByRole('heading', { level: 1, name: 'Result: Approved' }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press(LANE_KEYS.screens.history);
    await expect.poll(() => lane.received.at(-1)?.type).toBe('workflow.choose');
    lane.publish({ type: 'workflow', workflow: null });
    lane.echoesMoves = true;
    await page.getByRole('option').first().waitFor();
    await expect.poll(() => filter.isEnabled()).toBe(true);
    expect(await filter.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(searches).toEqual([{ type: 'history.search', query: {} }]);
    await page.keyboard.press('F1');
    await expectScreen('New sale');
    expect(await tab.getAttribute('aria-keyshortcuts')).toBe(LANE_KEYS.screens.history);
  });

  it('draws every workflow step from the lane’s view', async () => {
    lane.publish({ type: 'receipt', receipt: RECEIPT });
    for (const { name, view, title } of WORKFLOW_SCREENS) {
      lane.publish({ type: 'workflow', workflow: view });
      await expectScreen(title, name);
    }
    await page.keyboard.press('Escape');
    await expect
      .poll(() => lane.received.at(-1))
      .not.toEqual({ type: 'workflow.cancel', workflowId: 'wf-7' });
    lane.publish({ type: 'workflow', workflow: null });
    await expectScreen('New sale');
  });

  it('offers another card after a declined card, and after a refusal no card can fix never asks for one', async () => {
    const actions = () =>
      page
        .getByRole('group', { name: 'Result: Declined' })
        .getByRole('button')
        .evaluateAll((buttons) =>
          buttons.map(
            (b) => `${b.className.includes('primary') ? '*' : ''}${b.firstChild?.textContent}`,
          ),
        );
    const view = (name: string) => WORKFLOW_SCREENS.find((screen) => screen.name === name)?.view;
    lane.publish({ type: 'workflow', workflow: view('declined') ?? null });
    await expectScreen('Result: Declined');
    const main = page.getByRole('main');
    await expect.poll(actions).toEqual(['*Try another card', 'Change tender', 'Cancel']);
    expect(await main.textContent()).toMatch(/Sale\s*\$12\.50/);
    lane.publish({ type: 'workflow', workflow: view('refused') ?? null });
    await main.getByText('The lane is not set up for this. Call support.').waitFor();
    await expect.poll(actions).toEqual(['Try again', 'Change tender', 'Cancel']);
    expect(await main.textContent()).not.toMatch(/another card|Pay the rest/);
    lane.publish({ type: 'workflow', workflow: null });
    await expectScreen('New sale');
  });

  it('sends the step’s actions from their keys', async () => {
    const card = WORKFLOW_SCREENS.find((screen) => screen.name === 'card');
    lane.publish({ type: 'workflow', workflow: card?.view ?? null });
    await expectScreen('Waiting for the card');
    await page.keyboard.press('F2');
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({
        type: 'training.present',
        card: 'visa',
        how: 'insert',
      });
    await page.keyboard.press('F8');
    await expect
      .poll(() => lane.received.slice(-2))
      .toEqual([
        { type: 'training.present', card: 'visa', how: 'key' },
        { type: 'workflow.entry', workflowId: 'wf-7', method: 'keyed_pad' },
      ]);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({ type: 'workflow.cancel', workflowId: 'wf-7' });
    lane.publish({ type: 'workflow', workflow: null });
    await expectScreen('New sale');
  });

  it('offers the tenders with the same keys on the amount, tender and balance screens', async () => {
    const tenderKeys = () =>
      page
        .getByRole('button', { name: /^(Credit|Debit|Gift card)$/ })
        .evaluateAll((buttons) =>
          buttons.map(
            (b) => `${b.textContent?.trim() ?? ''} ${b.getAttribute('aria-keyshortcuts')}`,
          ),
        );
    const expected = ['Credit F5 F5', 'Debit F6 F6', 'Gift card F7 F7'];
    await expectScreen('New sale');
    expect(await tenderKeys()).toEqual(expected);
    await page.keyboard.press('F3');
    await expectScreen('Balance inquiry');
    expect(await tenderKeys()).toEqual(expected);
    await page.keyboard.press('F7');
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({ type: 'balance.start', tender: 'gift' });
    const tender = WORKFLOW_SCREENS.find((screen) => screen.name === 'tender');
    lane.publish({ type: 'workflow', workflow: tender?.view ?? null });
    await expectScreen('How does the customer pay?');
    expect(await tenderKeys()).toEqual(expected);
    lane.publish({ type: 'workflow', workflow: null });
    await expectScreen('Balance inquiry');
    await page.keyboard.press('F1');
    await expectScreen('New sale');
  });

  it('keeps a swipe key pressed as the card step appears, before its test cards are known', async () => {
    await page.reload();
    await expectScreen('New sale');
    let release = (): void => undefined;
    lane.reply = (command) =>
      command.type === 'training.cards'
        ? new Promise((resolve) => (release = () => resolve(answerQuery(command))))
        : answerQuery(command);
    const card = WORKFLOW_SCREENS.find((screen) => screen.name === 'card');
    lane.publish({ type: 'workflow', workflow: card?.view ?? null });
    await page.getByRole('heading', { level: 1, name: 'Waiting for the card' }).waitFor();
    await page.keyboard.press('F4');
    await expect.poll(() => lane.received.at(-1)).toEqual({ type: 'training.cards' });
    release();
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({ type: 'training.present', card: 'visa', how: 'swipe' });
    lane.reply = answerQuery;
    lane.publish({ type: 'workflow', workflow: null });
    await expectScreen('New sale');
  });

  it('offers the training controls on the card step: PIN right, wrong or cancelled, a device unplugged or faulted, paper out and back, a chip that cannot be read', async () => {
    const models = { reader: 'wedge', emv: 'nga', pinpad: 'pinpad', printer: 'escpos' } as const;
    const device = (kind: DeviceKind) => ({
      id: kind,
      kind,
      model: models[kind],
      label: kind,
      state: 'connected' as const,
      since: 1,
    });
    const status = {
      ...IDLE_SNAPSHOT.status,
      devices: (['reader', 'emv', 'pinpad', 'printer'] as const).map(device),
    };
    lane.publish({ type: 'status', status });
    const card = WORKFLOW_SCREENS.find((screen) => screen.name === 'card');
    lane.publish({ type: 'workflow', workflow: card?.view ?? null });
    await expectScreen('Waiting for the card', 'card-training-controls');
    const controls = page.getByRole('region', { name: 'Training controls' });
    const wrong = controls.getByRole('button', { name: 'Wrong PIN' });
    expect(await wrong.getAttribute('aria-keyshortcuts')).toBe(LANE_KEYS.training.pinWrong);
    await page.keyboard.press('Shift+F6');
    await expect.poll(() => lane.received.at(-1)).toEqual({ type: 'training.pin', mode: 'wrong' });
    expect(await wrong.getAttribute('aria-pressed')).toBe('false'); // pressed as the lane says it
    lane.publish({ type: 'status', status: { ...status, cardholderPin: 'wrong' } });
    await expect.poll(() => wrong.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Shift+F7');
    await expect.poll(() => lane.received.at(-1)).toEqual({ type: 'training.pin', mode: 'cancel' });
    await page.keyboard.press('Shift+F5');
    await expect.poll(() => lane.received.at(-1)).toEqual({ type: 'training.pin', mode: 'typed' });
    const fault = controls.getByRole('combobox', { name: 'Fault' });
    const offered = () =>
      fault
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await controls.getByRole('combobox', { name: 'Device' }).selectOption('reader');
    await expect.poll(offered).toEqual(['garbage', 'slow']); // a keyboard wedge fires no others
    await controls.getByRole('combobox', { name: 'Device' }).selectOption('pinpad');
    await page.keyboard.press('Shift+F8');
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({ type: 'training.unplug', device: 'pinpad', ms: 5000 });
    await fault.selectOption('missing-ack');
    await page.keyboard.press('Shift+F11');
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({ type: 'training.fault', device: 'pinpad', fault: 'missing-ack' });
    await controls.getByRole('combobox', { name: 'Device' }).selectOption('emv');
    await expect.poll(() => fault.inputValue()).toBe('chip-unreadable');
    await page.keyboard.press('Shift+F11');
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({ type: 'training.fault', device: 'emv', fault: 'chip-unreadable' });
    await page.getByRole('combobox', { name: 'Test card' }).selectOption('visa');
    const sent = lane.received.length;
    await page.keyboard.press('Shift+F1');
    await expect
      .poll(() => lane.received.slice(sent))
      .toEqual([{ type: 'training.fault', device: 'emv', fault: 'chip-unreadable' }]);
    const paperOut = controls.getByRole('button', { name: 'Paper out' });
    const paperBack = controls.getByRole('button', { name: 'Paper back' });
    expect(await paperOut.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Shift+F9');
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({ type: 'training.printer', condition: 'paper-out' });
    lane.publish({ type: 'status', status: { ...status, paper: 'out' } });
    await expect.poll(() => paperOut.getAttribute('aria-pressed')).toBe('true');
    await paperBack.click();
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({ type: 'training.printer', condition: 'ok' });
    lane.publish({ type: 'status', status: IDLE_SNAPSHOT.status });
    lane.publish({ type: 'workflow', workflow: null });
    await expectScreen('New sale');
  });

  it('keeps Done pressed while the receipt prints and closes the result once it has printed', async () => {
    const approved = WORKFLOW_SCREENS.find((screen) => screen.name === 'approved')?.view;
    if (approved?.step.name !== 'result') throw new Error('no approved result fixture');
    const printing: WorkflowView = {
      ...approved,
      step: { ...approved.step, receipt: { state: 'printing' } },
    };
    let shown: WorkflowView = printing;
    const finishes: ('refused' | 'taken')[] = [];
    lane.reply = (command) => {
      if (command.type !== 'workflow.choose') return answerQuery(command);
      finishes.push(shown === printing ? 'refused' : 'taken');
      return shown === printing
        ? { ok: false, error: { code: 'wrong_step', message: 'not taken while printing' } }
        : answerQuery(command);
    };
    lane.publish({ type: 'workflow', workflow: printing });
    await expectScreen('Result: Approved');
    const done = page.getByRole('button', { name: 'Done' });
    expect(await done.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Enter');
    shown = approved;
    lane.publish({ type: 'workflow', workflow: approved });
    await expect.poll(() => finishes).toEqual(['taken']);
    lane.reply = answerQuery;
    lane.publish({ type: 'workflow', workflow: null });
    await expectScreen('New sale');
  });

  it('hands the training customer a card that fits the tender, and says what a gift load is', async () => {
    const card = page.getByRole('combobox', { name: 'Test card' });
    lane.publish({ type: 'workflow', workflow: GIFT_CARD_STEP });
    await expectScreen('Waiting for the card', 'gift-card');
    await expect.poll(() => card.inputValue()).toBe('gift-25');
    expect(await page.getByRole('main').textContent()).toMatch(/Load onto the card\s*\$25\.00/);
    await card.selectOption('visa');
    lane.publish({ type: 'workflow', workflow: { ...GIFT_CARD_STEP, stepAt: 2 } });
    await expect.poll(() => card.inputValue()).toBe('visa');
    const sale = WORKFLOW_SCREENS.find((screen) => screen.name === 'card');
    await card.selectOption('gift-25');
    lane.publish({ type: 'workflow', workflow: sale?.view ?? null });
    await expect.poll(() => card.inputValue()).toBe('visa');
    lane.publish({ type: 'workflow', workflow: null });
    await expectScreen('New sale');
  });

  it('the keyed entry screen tells the gift counter that Enter on the pad skips the expiry, and a sale’s does not', async () => {
    const main = page.getByRole('main');
    const hint = main.getByText(CASHIER_WORDS.key_card_expiry_optional);
    lane.publish({ type: 'workflow', workflow: GIFT_KEYED_ENTRY });
    await expectScreen('Card keyed on the PIN pad', 'gift-keyed-entry');
    await hint.waitFor();
    const sale = WORKFLOW_SCREENS.find((screen) => screen.name === 'keyed-entry');
    lane.publish({ type: 'workflow', workflow: sale?.view ?? null });
    await main.getByText(CASHIER_WORDS.key_card).waitFor();
    expect(await hint.count()).toBe(0);
    lane.publish({ type: 'workflow', workflow: null });
    await expectScreen('New sale');
  });

  it('a screen key on a balance result closes it once and opens its screen, also right after Done; the balance is as large as an amount', async () => {
    const finishes = (workflowId: string): number =>
      lane.received.filter(
        (command) =>
          command.type === 'workflow.choose' &&
          command.workflowId === workflowId &&
          command.action === 'finish',
      ).length;
    const balance = (id: string): WorkflowView => ({
      id,
      kind: 'balance',
      training: true,
      startedAt: 1,
      paidMinor: 0,
      tenders: [],
      step: {
        name: 'result',
        result: {
          outcome: 'approved',
          operation: 'balanceinq',
          amountMinor: 0,
          balanceMinor: 2500,
        },
        next: ['finish'],
        receipt: { state: 'none' },
      },
      stepAt: 1,
      canCancel: false,
      prompts: { cashier: 'tell_balance', customer: null },
    });
    const approved = WORKFLOW_SCREENS.find((screen) => screen.name === 'approved');
    lane.publish({ type: 'workflow', workflow: approved?.view ?? null });
    await expectScreen('Result: Approved');
    const amountSize = await valueSize('Sale');
    expect(amountSize.fontPx).toBeGreaterThan(24);
    lane.publish({ type: 'workflow', workflow: balance('wf-balance-1') });
    await expectScreen('Result: Approved');
    await expect
      .poll(async () => (await valueSize('Balance')).fontPx)
      .toBeGreaterThanOrEqual(amountSize.fontPx);
    expect((await valueSize('Balance')).heightPx).toBeGreaterThanOrEqual(amountSize.heightPx);
    await page.keyboard.press('F2');
    await expect.poll(() => finishes('wf-balance-1')).toBe(1);
    lane.publish({ type: 'workflow', workflow: null });
    await expectScreen('Gift counter');

    lane.publish({ type: 'workflow', workflow: balance('wf-balance-2') });
    await expectScreen('Result: Approved');
    await page.keyboard.press('Enter');
    await expect.poll(() => finishes('wf-balance-2')).toBe(1);
    await page.keyboard.press('F2');
    lane.publish({ type: 'workflow', workflow: null });
    await expectScreen('Gift counter');
    expect(finishes('wf-balance-2')).toBe(1);
    await page.keyboard.press('F1');
    await expectScreen('New sale');
  });

  it('keys pressed as a step ends act on the screens that follow: Done, a screen key and a tender key at once, digits typed early, a screen key while authorizing', async () => {
    const approved = WORKFLOW_SCREENS.find((screen) => screen.name === 'approved')?.view;
    if (approved === undefined) throw new Error('no approved result fixture');
    const heading = (title: string) =>
      page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    lane.echoesMoves = false;
    lane.publish({ type: 'workflow', workflow: approved });
    await heading('Result: Approved');
    const sent = lane.received.length;
    await page.keyboard.press('Enter');
    await page.keyboard.press('F3');
    await page.keyboard.press('F7');
    await expect.poll(() => lane.received.slice(sent)).toHaveLength(1);
    lane.publish({ type: 'workflow', workflow: null });
    await expect
      .poll(() => lane.received.slice(sent))
      .toEqual([
        { type: 'workflow.choose', workflowId: approved.id, action: 'finish' },
        { type: 'balance.start', tender: 'gift' },
      ]);
    await heading('Balance inquiry');
    lane.publish({ type: 'workflow', workflow: { ...approved, id: 'wf-next' } });
    await heading('Result: Approved');
    await page.keyboard.press('Enter');
    await page.keyboard.press('F1');
    await page.keyboard.type('125');
    lane.publish({ type: 'workflow', workflow: null });
    await heading('New sale');
    const amount = page.getByRole('textbox', { name: 'Amount', exact: true });
    await expect.poll(() => amount.inputValue()).toBe('1.25');
    expect(lane.received.at(-1)).toEqual({
      type: 'workflow.choose',
      workflowId: 'wf-next',
      action: 'finish',
    });
    await page.keyboard.press('Delete');
    const authorizing = WORKFLOW_SCREENS.find((screen) => screen.name === 'authorizing')?.view;
    lane.publish({ type: 'workflow', workflow: authorizing ?? null });
    await heading('Authorizing');
    await page.keyboard.press('F2');
    lane.publish({ type: 'workflow', workflow: { ...approved, id: 'wf-waited' } });
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({ type: 'workflow.choose', workflowId: 'wf-waited', action: 'finish' });
    lane.publish({ type: 'workflow', workflow: null });
    await heading('Gift counter');
    await page.keyboard.press('F1');
    lane.echoesMoves = true;
  });

  it('lands on the interrupted transactions a snapshot brings; Enter, the key of the first known one, acknowledges it', async () => {
    const interrupted = (entryId: string, status: InterruptedEntry['status']) =>
      ({
        entryId,
        workflowId: `wf-${entryId}`,
        operation: 'sale',
        at: 1_763_900_000_000,
        amountMinor: 4200,
        tender: 'credit',
        card: VISA,
        status,
      }) as const;
    const entries = [interrupted('e-8', 'checking'), interrupted('e-9', 'approved')];
    lane.publish({ type: 'snapshot', snapshot: { ...IDLE_SNAPSHOT, interrupted: entries } });
    await expectScreen('Interrupted transactions', 'interrupted');
    const seen = page.getByRole('button', { name: 'Seen' });
    expect(
      await seen.evaluateAll((all) => all.map((b) => b.getAttribute('aria-keyshortcuts'))),
    ).toEqual([null, 'Enter']);
    expect(await seen.last().textContent()).toMatch(/Seen\s*Enter/);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => lane.received.at(-1))
      .toEqual({ type: 'interrupted.acknowledge', entryId: 'e-9' });
    lane.publish({ type: 'interrupted', interrupted: [] });
    await page.keyboard.press('F1');
    await expectScreen('New sale');
  });

  it('speaks Spanish after F6 on the settings screen, in the status bar and the training panels too; the customer’s receipt language is its own setting', async () => {
    await page.keyboard.press('F9');
    await expectScreen('Settings');
    await page
      .getByRole('combobox', { name: "Customer's receipt language" })
      .selectOption({ label: 'Español' });
    await page.keyboard.press('F6');
    await expectScreen('Ajustes', 'settings-es');
    expect(await page.evaluate('document.documentElement.lang')).toBe('es-US');
    await page.keyboard.press('F1');
    await expectScreen('Nueva venta', 'amount-es');
    expect(await page.getByRole('textbox', { name: 'Importe' }).count()).toBe(1);
    const devices = [
      { id: 'emv', kind: 'emv', model: 'nga', label: 'EMV reader', state: 'connected', since: 1 },
      {
        id: 'pinpad',
        kind: 'pinpad',
        model: 'pinpad',
        label: 'PIN pad',
        state: 'reconnecting',
        since: 1,
      },
    ] as const;
    lane.publish({ type: 'status', status: { ...IDLE_SNAPSHOT.status, devices: [...devices] } });
    const bar = page.getByRole('contentinfo');
    await expect.poll(() => bar.textContent()).toContain('Lector de chip: conectado');
    expect(await bar.textContent()).toContain('Teclado PIN: reconectando');
    expect(await bar.textContent()).not.toMatch(/EMV reader|PIN pad|connected/);
    const card = WORKFLOW_SCREENS.find((screen) => screen.name === 'card');
    lane.publish({ type: 'workflow', workflow: card?.view ?? null });
    await page.getByRole('region', { name: 'Controles de entrenamiento' }).waitFor();
    const training = page.locator('.training-panels');
    await expect.poll(() => training.textContent()).toContain('Tarjeta regalo GIFT …0014');
    const panels = await training.textContent();
    expect(panels).toMatch(/PIN correcto.*PIN incorrecto.*Cancelar en el teclado/s);
    expect(panels).not.toMatch(
      /\b(Training|Gift|credit|Wrong PIN|Unplug|Paper|Insert|Swipe|Fault|Cause|Chip cannot)\b/,
    );
    expect(panels).toMatch(/El chip no se lee.*Provocar el fallo/s);
    const params = {
      operation: 'cashout',
      amount: '15.00',
      card: 'XXXXXXXXXXXX0014',
      device: 'pinpad',
      batch: '12',
    };
    const notices: Notice[] = NoticeCode.options.map((code) => ({ level: 'info', code, params }));
    const english = new Set(
      Object.values(NOTICE_WORDS)
        .flatMap((text) => text.toLowerCase().match(/\p{L}{4,}/gu) ?? [])
        .filter((word) => !['error', 'chip'].includes(word)),
    );
    const told = page.locator('.notices');
    for (let first = 0; first < notices.length; first += 5) {
      const shown = notices.slice(first, first + 5);
      for (const notice of shown) lane.publish({ type: 'notice', notice });
      await expect.poll(async () => (await told.locator('p').count()) >= shown.length).toBe(true);
      const text = ((await told.textContent()) ?? '').toLowerCase();
      expect(text, shown.map((notice) => notice.code).join()).not.toMatch(/[{}]|(?<!\$)15\.00/);
      expect([...(text.match(/\p{L}{4,}/gu) ?? [])].filter((word) => english.has(word))).toEqual(
        [],
      );
    }
    expect(await told.textContent()).toContain('$15.00');
    lane.publish({ type: 'notice', notice: notices.find((n) => n.code === 'day_closed')! });
    await expect.poll(() => told.textContent()).toContain('lote 12 liquidado');
    lane.publish({ type: 'workflow', workflow: null });
    lane.publish({ type: 'status', status: IDLE_SNAPSHOT.status });
    await page
      .getByRole('region', { name: 'Controles de entrenamiento' })
      .waitFor({ state: 'detached' });
    await page.keyboard.press('F9');
    await page.getByRole('heading', { level: 1, name: 'Ajustes', exact: true }).waitFor();
    await page.keyboard.press('F5');
    await expectScreen('Settings');
    expect(lane.received.filter((command) => command.type === 'settings.update')).toEqual([
      { type: 'settings.update', patch: { customerLanguage: 'es' } },
      { type: 'settings.update', patch: { language: 'es' } },
      { type: 'settings.update', patch: { language: 'en' } },
    ]);
  });

  it('draws every workflow step in Spanish with no English word left, on a 1024×768 display', async () => {
    const spanishWords = new Set(Object.values(es).flatMap(wordsOf));
    const englishOnly = new Set(
      Object.values(en)
        .flatMap(wordsOf)
        .filter((word) => !spanishWords.has(word)),
    );
    const idle = page.getByRole('heading', { level: 1, name: 'Nueva venta', exact: true });
    const english = async () => {
      const text = await page.evaluate(() => {
        const copy = document.querySelector('.app')?.cloneNode(true) as HTMLElement | undefined;
        for (const skip of Array.from(copy?.querySelectorAll('figure, .sr-only') ?? []))
          skip.remove();
        return copy?.textContent ?? '';
      });
      // Words in capitals and logins are names the lane sends (VISA, GIFT, test_retail).
      const words = (text.match(/[\p{L}\d_]{4,}/gu) ?? []).filter(
        (word) => word !== word.toUpperCase(),
      );
      return words.map((word) => word.toLowerCase()).filter((word) => englishOnly.has(word));
    };
    lane.publish({ type: 'settings', settings: { ...IDLE_SNAPSHOT.settings, language: 'es' } });
    lane.publish({ type: 'workflow', workflow: null });
    await page.keyboard.press('F1');
    await idle.waitFor();
    await page.setViewportSize(LANE_DISPLAYS[0]);
    for (const { name, view } of WORKFLOW_SCREENS) {
      lane.publish({ type: 'workflow', workflow: null });
      await idle.waitFor();
      lane.publish({ type: 'workflow', workflow: view });
      await idle.waitFor({ state: 'detached' });
      await expect.poll(english, { message: name }).toEqual([]);
      await expectLaneLayout(page, `${name} in Spanish`);
    }
    lane.publish({ type: 'workflow', workflow: null });
    lane.publish({ type: 'settings', settings: IDLE_SNAPSHOT.settings });
    await page.getByRole('heading', { level: 1, name: 'New sale', exact: true }).waitFor();
  });

  it('in touch mode makes every target at least 44 px square and keeps the layout, on every screen', async () => {
    const touch = (on: boolean) =>
      lane.publish({ type: 'settings', settings: { ...IDLE_SNAPSHOT.settings, touch: on } });
    const check = async (title: string, shot: string) => {
      await expectScreen(title, shot);
      for (const size of LANE_DISPLAYS) {
        await page.setViewportSize(size);
        await expectTouchTargets(page, `${title} at ${size.width}×${size.height}`);
      }
    };
    touch(true);
    await page.keyboard.press('F1');
    await check('New sale', 'touch-amount');
    await page.keyboard.press('F4');
    await page.getByRole('option').first().waitFor();
    await check('History', 'touch-history');
    await page.keyboard.press('F9');
    await check('Settings', 'touch-settings');
    const card = WORKFLOW_SCREENS.find((screen) => screen.name === 'card');
    lane.publish({ type: 'workflow', workflow: card?.view ?? null });
    await page.getByRole('combobox', { name: 'Test card' }).waitFor();
    await check('Waiting for the card', 'touch-card');
    const targetsAt = async (title: string) => {
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      for (const size of LANE_DISPLAYS) {
        await page.setViewportSize(size);
        await expectLaneLayout(page, `${title} in touch mode`);
        await expectTouchTargets(page, `${title} at ${size.width}×${size.height}`);
      }
    };
    for (const { view, title } of WORKFLOW_SCREENS) {
      lane.publish({ type: 'workflow', workflow: view });
      await targetsAt(title);
    }
    lane.publish({ type: 'workflow', workflow: null });
    for (const [key, title] of [
      ['F2', 'Gift counter'],
      ['F3', 'Balance inquiry'],
      ['F10', 'Diagnostics'],
    ]) {
      await page.keyboard.press(key!);
      if (key === 'F10') await page.getByRole('table').waitFor();
      await targetsAt(title!);
    }
    await page.keyboard.press('F9');
    touch(false);
    await expectScreen('Settings');
    await page.keyboard.press('F1');
    await expectScreen('New sale');
  });

  it('drops a swipe a card reader in keyboard mode types, its CR too, and says so; a ; a person types is kept', async () => {
    const amount = page.getByRole('textbox', { name: 'Amount', exact: true });
    const amountBefore = await amount.inputValue();
    const sentBefore = lane.received.length;
    await amount.focus();
    await typeAsCardReader(`${KEYBOARD_SWIPE}\r`);
    expect(await amount.inputValue()).toBe(amountBefore);
    expect(lane.received.slice(sentBefore)).toEqual([]);
    const told = page.locator('.notices');
    await expect.poll(() => told.textContent()).toContain(NOTICE_WORDS.keyboard_swipe);
    expect(await page.locator('body').innerText()).not.toMatch(/411111|TEST\/CARD|2512101/);
    await page.keyboard.press('F4');
    const search = page.getByRole('textbox', { name: en['field.search'], exact: true });
    await search.focus();
    await page.keyboard.type(';7', { delay: 250 });
    expect(await search.inputValue()).toBe(';7');
    await search.fill('');
    await page.keyboard.press('F1');
    await expectScreen('New sale');
  });

  it('ran without a CSP violation or a page error', () => {
    expect(problems).toEqual([]);
  });
});
