// The lane end to end: training mode's devices, the lane engine and the web bridge, with the
// payment service in its own process, driven in Debian's Chromium by keyboard as a cashier would.
// Each scenario ends with a screenshot; axe-core checks every screen it passes. The devices are
// training mode's (an encrypting swipe reader, the EMV reader, the PIN pad, the printer); the
// simulated cardholder takes a second to type a PIN or key a card, as a person would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASHIER_WORDS, PROBLEM_WORDS } from '../../main/lane-api/index.ts';
import { startChromium, type Browser } from './helpers/chromium.ts';
import { LANE_DISPLAYS } from './helpers/layout-checks.ts';
import { Cashier } from './helpers/cashier.ts';
import { expectTrainingReceipt } from './helpers/screen-checks.ts';
import { startLaneUnderTest, type LaneUnderTest } from './helpers/lane-under-test.ts';

let lut: LaneUnderTest;
let browser: Browser;

beforeAll(async () => {
  lut = await startLaneUnderTest({ pinTypingMs: 1000 });
  browser = await startChromium({ viewport: LANE_DISPLAYS[0] });
});

afterAll(async () => {
  await browser?.close();
  await lut?.stop();
});

/** A cashier on a fresh page of the lane. */
async function cashier(): Promise<Cashier> {
  const at = new Cashier(await browser.context.newPage());
  await at.open(lut.url);
  return at;
}

/**
 * The sale of `digits` (keyed cents, '1414' for 14.14) swiped, then found and selected in History
 * by its amount; answers the selected line.
 */
async function saleInHistory(at: Cashier, digits: string) {
  await at.swipedSale(digits);
  await at.keys('Enter', 'F4');
  await at.screen('History');
  const amount = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  await at.type(amount);
  await at.keys('Enter');
  const line = at.page.getByRole('option', { selected: true });
  await expect.poll(() => line.textContent()).toContain(`$${amount}`);
  return line;
}

/** A test card's number, to check that no screen shows it. */
function cardNumber(id: string): string {
  const card = lut.devices.cards.find((candidate) => candidate.id === id);
  if (card === undefined) throw new Error(`no test card ${id}`);
  return card.pan;
}

describe('lane end to end', () => {
  it('keyboard-only credit sale with a receipt', async () => {
    const at = await cashier();
    expectTrainingReceipt(await at.swipedSale('1250'), '12.50');
    await expect
      .poll(() => lut.devices.simulators.printer.text(), { timeout: 20_000 })
      .toContain('12.50');
    await at.shot('credit-sale');
    // The drawing's box is laid out from its size before it loads, so the panel's scrolling
    // (and its tab stop) is right from the first frame.
    const drawing = at.page.locator('figure.receipt img');
    const [width, height] = await Promise.all([
      drawing.getAttribute('width'),
      drawing.getAttribute('height'),
    ]);
    expect(Number(width)).toBeGreaterThan(0);
    expect(Number(height)).toBeGreaterThan(0);
    await at.keys('Enter');
    await at.screen('New sale');
    expect(at.seen).toEqual([
      'New sale',
      'How does the customer pay?',
      'Waiting for the card',
      'Result: Approved',
    ]);
  });

  it('decline says why and leaves nothing charged', async () => {
    const at = await cashier();
    await at.sale('601');
    await at.present('visa-x924', 'F4');
    await at.screen('Result: Declined');
    expect(await at.textOf('main')).toContain('Declined by the card issuer. Ask for another card.');
    expect(await at.textOf('main')).toMatch(/Sale\s*\$6\.01/);
    expect(await at.page.getByRole('button', { name: 'Pay the rest' }).count()).toBe(0);
    await at.shot('decline');
    await at.page.getByRole('button', { name: 'Try another card' }).waitFor();
    await at.keys('F5');
    await at.screen('Waiting for the card');
    await at.present('visa-expired', 'F4');
    await at.page.getByText('The card has expired. Ask for another card.').waitFor();
    await at.keys('Escape');
    await at.screen('Cancelled');
    expect(await at.textOf('main')).toContain('Cancelled. Nothing stays charged.');
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it('cancel mid-sale at the card step charges nothing', async () => {
    const at = await cashier();
    await at.sale('990');
    await at.keys('Escape');
    await at.screen('Cancelled');
    expect(await at.textOf('main')).toContain('Cancelled. Nothing stays charged.');
    await at.shot('cancel-mid-sale');
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it("reader unplugged mid-sale by training's control: the lane tells it lost and back, the status bar follows, and the sale goes through", async () => {
    const at = await cashier();
    await at.sale('1500');
    // Every text the notices show, kept as it appears: a notice read goes when the screen changes.
    await at.page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { noticesSeen: seen });
      new MutationObserver(() => {
        const text = document.querySelector('.notices')?.textContent ?? '';
        if (text !== '' && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const told = () =>
      at.page.evaluate(() =>
        (window as unknown as { noticesSeen: string[] }).noticesSeen.join(' | '),
      );
    const controls = at.page.getByRole('region', { name: 'Training controls' });
    await controls.getByRole('combobox', { name: 'Device' }).selectOption('reader');
    await at.keys('Shift+F8');
    await expect
      .poll(() => at.textOf('contentinfo'), { timeout: 20_000 })
      .toMatch(/Card reader: reconnecting/);
    await expect.poll(told, { timeout: 20_000 }).toContain('Card reader was lost.');
    await expect.poll(told, { timeout: 30_000 }).toContain('Card reader is back.');
    expect(await at.textOf('contentinfo')).toMatch(/Card reader: connected/);
    const title = await at.screen(/Needs attention|Waiting for the card/);
    if (title === 'Needs attention') await at.keys('F5');
    await at.screen('Waiting for the card');
    await at.present('visa-x924', 'F4');
    await at.screen('Result: Approved');
    await at.shot('reader-unplugged');
    await at.keys('Enter');
  });

  it('server killed mid-sale: the outcome is checked, never guessed, then resolved', async () => {
    const at = await cashier();
    await at.sale('830');
    await at.present('visa-x924', 'F4');
    await at.screen('Authorizing');
    await lut.killServer();
    await at.screen('Checking the outcome');
    expect(await at.textOf('main')).toContain('Checking with the payment server');
    await lut.restartServer();
    // Approved when the answer was committed before the kill; declined (NOT COMPLETED, reversed)
    // when the restarted service settled it in flight; not charged when it never arrived.
    const result = await at.screen(/Result: (Approved|Declined|Not charged)/);
    if (result.endsWith('Declined')) expect(await at.textOf('main')).toContain('NOT COMPLETED');
    await at.shot('server-killed');
    if (result.endsWith('Approved')) await at.keys('Enter');
    else {
      await at.keys('Escape');
      await at.screen('Cancelled');
      await at.keys('Enter');
    }
    await at.screen('New sale');
  });

  it('debit sale inserted, with the PIN on the pad', async () => {
    const at = await cashier();
    await at.sale('2000', 'F6');
    await at.present('visa-debit', 'F2');
    await at.screen('PIN on the PIN pad');
    await at.screen('Result: Approved');
    const receipt = await at.textOf('figure', /Receipt/);
    expect(receipt).toContain('TRAINING');
    expect(receipt).toContain('$20.00');
    expect(receipt).toMatch(/ENTRY\s+CHIP/);
    expect(receipt).toMatch(/CVM\s+PIN/);
    expect(receipt).toContain('5556');
    expect(receipt).not.toContain(cardNumber('visa-debit'));
    await at.shot('debit-pin');
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it('EMV insert', async () => {
    const at = await cashier();
    await at.sale('1875');
    await at.present('visa', 'F2');
    await at.screen('Result: Approved');
    const receipt = await at.textOf('figure', /Receipt/);
    expect(receipt).toContain('18.75');
    expect(receipt).toMatch(/ENTRY\s+CHIP/);
    expect(receipt).toMatch(/AID\s+A0000000031010/);
    expect(receipt).toMatch(/^TC\s+[0-9A-F]{16}$/m);
    expect(receipt).not.toContain('ARQC');
    expect(receipt).not.toContain(cardNumber('visa'));
    await at.shot('emv-insert');
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it("a chip the reader cannot read: the insert is told unreadable, the chip reader's fallback swipe is approved and printed as such", async () => {
    const at = await cashier();
    await at.sale('2150');
    await at.screen('Waiting for the card');
    await at.page.getByRole('combobox', { name: 'Test card' }).selectOption('visa');
    await at.keys('Shift+F1');
    await at.keys('F2');
    await at.page.getByText('The card could not be read. Try again.').waitFor();
    await at.keys('F1');
    await at.screen('Result: Approved');
    const receipt = await at.textOf('figure', /Receipt/);
    expect(receipt).toContain('21.50');
    expect(receipt).toMatch(/ENTRY\s+SWIPED \(CHIP FAILED\)/);
    expect(receipt).not.toContain(cardNumber('visa'));
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it('void from history', async () => {
    const at = await cashier();
    await at.swipedSale('1111');
    await at.keys('Enter');
    await at.screen('New sale');
    await at.keys('F4');
    await at.screen('History');
    const sale = at.page.getByRole('option', { selected: true });
    await at.type('11.11');
    await at.keys('Enter');
    await expect.poll(() => sale.textContent()).toMatch(/Sale\s*\$11\.11.*Approved/);
    expect(await sale.textContent()).not.toMatch(/Voided|Reversed/);
    await at.keys('F5');
    await at.screen('Void this?');
    expect(await at.textOf('main')).toMatch(/Reversal\s*\$11\.11\s*Credit\s*VISA ···· 8909/);
    await at.keys('Escape');
    await at.screen('History');
    expect(await at.page.locator('#history-search').inputValue()).toBe('11.11');
    expect(await sale.textContent()).toMatch(/Sale\s*\$11\.11.*Approved/);
    await at.keys('F5');
    await at.screen('Void this?');
    await at.keys('Enter');
    await at.screen('Result: Approved');
    expect(await at.textOf('main')).toMatch(/(Void|Reversal)\s*\$11\.11/);
    const receipt = await at.textOf('figure', /Receipt/);
    expect(receipt).toMatch(/VOID|REVERSAL/);
    expect(receipt).toContain('11.11');
    await at.shot('void-from-history');
    await at.keys('Enter');
    await at.screen('History');
    await at.type('11.11');
    await at.keys('Enter');
    const voided = at.page.getByRole('option').filter({ hasText: 'Sale' });
    await expect.poll(() => voided.textContent()).toMatch(/\$11\.11.*(Voided|Reversed)/);
    expect(await voided.textContent()).not.toContain('Approved');
    await voided.click();
    expect(await at.page.getByRole('button', { name: 'Void' }).isDisabled()).toBe(true);
  });

  it('a double click on Void and on its Confirm acts once, with no refusal on the screens that follow', async () => {
    const at = await cashier();
    await at.swipedSale('1212');
    await at.page.getByRole('button', { name: 'Void' }).dblclick();
    await at.screen('Void this?');
    const refused = at.page.getByText('That cannot be done at this step.');
    expect(await refused.count()).toBe(0);
    await at.page.getByRole('button', { name: 'Confirm' }).dblclick();
    await at.screen('Undone');
    expect(await at.textOf('main')).toMatch(/Reversal\s*Credit\s*\$12\.12/);
    expect(await refused.count()).toBe(0);
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it('Esc while authorizing says at once the cancel is asked, offers no second Cancel, and ends reversed', async () => {
    const at = await cashier();
    await at.sale('804');
    await at.present('visa-x924', 'F4');
    await at.screen('Authorizing');
    await at.keys('Escape');
    await at.page.getByText(/^Cancel asked\./).waitFor();
    expect(await at.page.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    await at.screen('Cancelled');
    expect(await at.textOf('main')).toMatch(/Reversal\s*Credit\s*\$8\.04/);
    await at.keys('Enter');
    await at.screen('New sale');
  });

  it('History at 1024×768 and 1280×800 with a sale selected keeps several lines in view and its amount fields unscrolled', async () => {
    const at = await cashier();
    await at.page.setViewportSize(LANE_DISPLAYS[0]);
    const selected = await saleInHistory(at, '1313');
    const tip = at.page.getByRole('textbox', { name: 'Tip' });
    await tip.waitFor();
    for (const size of LANE_DISPLAYS) {
      await at.page.setViewportSize(size);
      const list = await at.page.getByRole('listbox', { name: 'History' }).boundingBox();
      const line = await selected.boundingBox();
      expect(list?.height ?? 0, `${size.width}×${size.height}`).toBeGreaterThan(
        3 * (line?.height ?? Infinity),
      );
      const fits = await at.page
        .locator('.history-main')
        .evaluate((main) => main.scrollHeight <= main.clientHeight);
      expect(fits, `${size.width}×${size.height}`).toBe(true);
      expect(await tip.isVisible()).toBe(true);
      await at.shot(`history-sale-selected-${size.width}`);
    }
    await at.page.setViewportSize(LANE_DISPLAYS[0]);
  });

  it('a refund keyed above what may be refunded is not sent: History says the most, and F6 stays there', async () => {
    const at = await cashier();
    await saleInHistory(at, '1414');
    const field = at.page.getByRole('textbox', { name: 'Refund amount' });
    await field.focus();
    await at.keys('Delete');
    await at.type('99999');
    expect(await field.inputValue()).toBe('999.99');
    await at.page.getByText('At most $14.14 may be refunded.', { exact: true }).waitFor();
    expect(await at.page.getByRole('button', { name: 'Refund' }).isDisabled()).toBe(true);
    await at.keys('F6');
    await at.screen('History');
    expect(await at.textOf('main')).not.toContain('Declined');
  });

  it('a tip adjusted from History shows on its line as the sale with the tip, and the refund field starts at that total', async () => {
    const at = await cashier();
    const line = await saleInHistory(at, '1717');
    await at.page.getByRole('textbox', { name: 'Tip', exact: true }).focus();
    await at.type('200');
    await at.keys('F11');
    await at.screen('Approved');
    await at.keys('Enter');
    await at.screen('History');
    await expect.poll(() => line.textContent()).toContain('$19.17');
    const refund = at.page.getByRole('textbox', { name: 'Refund amount' });
    expect(await refund.inputValue()).toBe('19.17');
  });

  it("Enter held down on the amount acts once: the tender is still the cashier's to choose", async () => {
    const at = await cashier();
    await at.type('1515');
    for (let press = 0; press < 12; press += 1) await at.page.keyboard.down('Enter');
    await at.page.keyboard.up('Enter');
    await at.screen('How does the customer pay?');
    await at.keys('F6');
    await at.screen('Waiting for the card');
    const step = lut.lane.engine.snapshot().workflow?.step;
    expect(step?.name === 'card' ? step.tender : step?.name).toBe('debit');
    await at.keys('Escape');
    await at.screen('Cancelled');
    await at.keys('Enter');
  });

  it('in training, a gift card activated with the network down (gift never goes offline) stops at attention, where the network is brought back, and Retry activates it once', async () => {
    const at = await cashier();
    await at.keys('F2');
    await at.screen('Gift counter');
    await at.type('1616');
    await at.keys('F5');
    await at.screen('Waiting for the card');
    await at.keys('Shift+F12');
    await at.page.getByRole('button', { name: /Network down/, pressed: true }).waitFor();
    await at.present('gift-cli', 'F4');
    await at.screen('Needs attention');
    expect(await at.textOf('main')).toContain(PROBLEM_WORDS.server_unreachable);
    await at.keys('Shift+F12');
    await expect
      .poll(() =>
        at.page.getByRole('button', { name: 'Network down' }).getAttribute('aria-pressed'),
      )
      .toBe('false');
    await at.keys('F5');
    await at.screen('Result: Approved');
    const activated = await at.textOf('main');
    expect(activated).toMatch(/Activation\s*\$16\.16/);
    expect(activated).toMatch(/Balance\s*\$16\.16/);
    const workflowId = lut.lane.engine.snapshot().workflow?.id ?? '';
    const sent = lut.lane.journal.entriesOf(workflowId);
    expect(sent.map(({ state, reason }) => [state, reason])).toEqual([
      ['not_charged', 'not_sent'],
      ['approved', undefined],
    ]);
    await at.keys('Enter');
    await at.screen('Gift counter');
  });

  it('partial approval paid with a second card', async () => {
    const at = await cashier();
    await at.sale('675');
    await at.present('visa-x924', 'F4');
    await at.screen('Result: Partly approved');
    const main = await at.textOf('main');
    expect(main).toContain('$5.00');
    expect(main).toMatch(/Still due\s*\$1\.75/);
    await at.keys('F6');
    if (
      (await at.screen(/How does the customer pay\?|Waiting for the card/)) !==
      'Waiting for the card'
    ) {
      await at.keys('F5');
      await at.screen('Waiting for the card');
    }
    await at.present('diners', 'F4');
    await at.screen('Result: Approved');
    await at.shot('partial-second-card');
    await at.keys('Enter');
    await at.screen('New sale');
  });
  it('gift counter: a Visa is not a gift card, activate by swipe, balance keyed on the PIN pad (told Enter skips the expiry), cash-out once its balance is confirmed, history shows what the balance inquiry answered and the cash a cash-out gave', async () => {
    const at = await cashier();
    const main = at.page.getByRole('main');
    const card = at.page.getByRole('combobox', { name: 'Test card' });
    await at.keys('F2');
    await at.screen('Gift counter');
    await at.type('2500');
    await at.keys('F5');
    await at.screen('Waiting for the card');
    expect(await main.textContent()).toMatch(/Load onto the card\s*\$25\.00/);
    await expect.poll(() => card.inputValue()).toBe('gift-25');
    await at.present('visa', 'F4');
    await at.screen('Result: Declined');
    expect(await main.textContent()).toContain('This is not a gift card of this store.');
    await at.keys('F5');
    await at.screen('Waiting for the card');
    await expect.poll(() => card.inputValue()).toBe('gift-25');
    await at.keys('F4');
    await at.screen('Result: Approved');
    const activated = await main.textContent();
    expect(activated).toMatch(/Activation\s*\$25\.00/);
    expect(activated).toMatch(/Balance\s*\$25\.00/);
    expect(activated).toContain('GIFT XXXXXXXXXXXX0014');
    expect(activated).not.toContain(cardNumber('gift-25'));
    await at.keys('Enter');
    await at.screen('Gift counter');
    await at.keys('F3');
    await at.screen('Balance inquiry');
    await at.keys('F7');
    await at.screen('Waiting for the card');
    await expect.poll(() => card.inputValue()).toBe('gift-25');
    await at.keys('F8');
    await main.getByText(CASHIER_WORDS.key_card_expiry_optional).waitFor();
    await at.screen('Card keyed on the PIN pad');
    await at.screen('Result: Approved');
    const balance = await main.textContent();
    expect(balance).toMatch(/Balance\s*\$25\.00/);
    expect(balance).not.toContain('$0.00');
    await at.keys('Enter');
    await at.keys('F2');
    await at.screen('Gift counter');
    await at.keys('F7');
    await at.screen('Waiting for the card');
    expect(await main.textContent()).toContain('Pays out the card’s whole balance');
    expect(await main.textContent()).not.toMatch(/Due|\$0\.00/);
    await at.keys('F4');
    await at.screen('Cash out this card?');
    expect(await main.textContent()).toMatch(/Balance\s*\$25\.00/);
    expect(await main.textContent()).toMatch(/Cash-out\s*\$25\.00/);
    await at.keys('Enter');
    await at.screen('Result: Approved');
    const cashedOut = await main.textContent();
    expect(cashedOut).toMatch(/Cash-out\s*\$25\.00/);
    expect(cashedOut).toMatch(/Balance\s*\$0\.00/);
    expect(cashedOut).toContain('Give the customer the cash shown.');
    expect(cashedOut).not.toContain('Paid');
    await expect
      .poll(() => lut.devices.simulators.printer.text(), { timeout: 20_000 })
      .toContain('GIFT CARD CASH OUT');
    await at.shot('gift-counter');
    await at.keys('Enter');
    await at.screen('Gift counter');
    await at.keys('F4');
    await at.screen('History');
    const inquiry = at.page.getByRole('option').filter({ hasText: 'Balance' }).first();
    await expect.poll(() => inquiry.textContent()).toMatch(/Balance\s*\$25\.00/);
    const cashout = at.page.getByRole('option').filter({ hasText: 'Cash-out' }).first();
    await cashout.click();
    await expect.poll(() => cashout.getAttribute('aria-selected')).toBe('true');
    expect(await cashout.textContent()).toMatch(/Cash-out\s*\$25\.00/);
  });
});
