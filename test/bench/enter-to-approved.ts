// The time a cashier waits on a sale with the simulated card: from Enter on an amount to "Approved"
// on screen, in headless Chromium through the web bridge, beside the same sale driven through the
// lane API alone in the same run (the lane, its devices and the service without the page). Each
// sale is a swiped credit sale of a magnetic-stripe card, with a new amount so none is a duplicate.
// A swipe the lane has not taken after RETRY_MS is made again and counted as lost.
import type { LaneApi, LaneEvent, WorkflowView } from '../../main/lane-api/index.ts';
import { startChromium } from '../e2e/helpers/chromium.ts';
import { startLaneUnderTest } from '../e2e/helpers/lane-under-test.ts';

/** The stripe-only test card the bench swipes (resources/test-cards.json). */
const CARD = 'visa-x924';

/** How long a swipe may go untaken before the customer swipes again, in ms. */
const RETRY_MS = 500;

/** The figures of one run: ms per sale each way, and the swipes the lane did not take. */
export interface EnterToApproved {
  readonly page: number[];
  readonly api: number[];
  readonly lostSwipes: number;
}

/**
 * Page script of one sale, the amount already keyed: presses Enter on the amount (t0), F5 when the
 * tender step shows, F4 with the bench's card chosen once the card step's swipe button is enabled,
 * and answers the ms until the h1 says "Result: Approved" and the swipes made again. Keys are
 * dispatched on the window, where the UI's key listener takes them.
 */
const SALE_IN_PAGE = `new Promise((resolve, reject) => {
  const heading = () => document.querySelector('h1')?.textContent ?? '';
  const press = (key) => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  let tendered = false;
  let swipedAt = -1;
  let lost = 0;
  const swipe = () => {
    const select = document.querySelector('#training-card');
    const button = document.querySelector('button[aria-keyshortcuts="F4"]');
    if (select === null || button === null || !select.querySelector('option[value="${CARD}"]')) return;
    if (select.value !== '${CARD}') {
      select.value = '${CARD}';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return;
    }
    if (button.disabled) return;
    swipedAt = performance.now();
    press('F4');
    setTimeout(() => {
      if (heading() !== 'Waiting for the card') return;
      lost += 1;
      swipedAt = -1;
      step();
    }, ${RETRY_MS});
  };
  const step = () => {
    const title = heading();
    if (title === 'Result: Approved') {
      observer.disconnect();
      resolve({ ms: performance.now() - t0, lost });
    } else if (title.startsWith('Result') || title === 'Cancelled') {
      observer.disconnect();
      reject(new Error('sale ended as ' + title));
    } else if (!tendered && title === 'How does the customer pay?') {
      tendered = true;
      press('F5');
    } else if (swipedAt < 0 && title === 'Waiting for the card') swipe();
  };
  const observer = new MutationObserver(step);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  const t0 = performance.now();
  document.querySelector('input#amount').dispatchEvent(
    new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }),
  );
})`;

/** Waits for the lane's next workflow event that `accept` takes (null: the lane is idle). */
function nextView<V extends WorkflowView | null>(
  lane: LaneApi,
  accept: (view: WorkflowView | null) => view is V,
): Promise<V> {
  return new Promise((resolve) => {
    const stop = lane.subscribe((event: LaneEvent) => {
      if (event.type === 'workflow' && accept(event.workflow)) {
        queueMicrotask(stop);
        resolve(event.workflow);
      }
    });
  });
}

/** A test of a view past step `name`, or at it. */
const at =
  (name: WorkflowView['step']['name']) =>
  (view: WorkflowView | null): view is WorkflowView =>
    view?.step.name === name;
const idle = (view: WorkflowView | null): view is null => view === null;
const pause = (ms: number): Promise<'late'> =>
  new Promise((resolve) => setTimeout(() => resolve('late'), ms));

/** One sale through the lane API alone: sale.start to the approved result, ms and swipes lost. */
async function apiSale(lane: LaneApi, amountMinor: number): Promise<{ ms: number; lost: number }> {
  const t0 = performance.now();
  const tender = nextView(lane, at('tender'));
  const started = await lane.send({ type: 'sale.start', amountMinor });
  if (!started.ok) throw new Error(`sale.start: ${started.error.message}`);
  const { id } = await tender;
  const card = nextView(lane, at('card'));
  await lane.send({ type: 'workflow.tender', workflowId: id, tender: 'credit' });
  await card;
  const result = nextView(lane, at('result'));
  const printed = nextView(
    lane,
    (view): view is WorkflowView =>
      view?.step.name === 'result' && view.step.receipt.state !== 'printing',
  );
  const left = nextView(lane, (view): view is WorkflowView => view?.step.name !== 'card');
  let lost = -1;
  do {
    lost += 1;
    await lane.send({ type: 'training.present', card: CARD, how: 'swipe' });
  } while ((await Promise.race([left, pause(RETRY_MS)])) === 'late');
  const view = await result;
  const ms = performance.now() - t0;
  if (view.step.name !== 'result' || view.step.result.outcome !== 'approved')
    throw new Error('api sale: not approved');
  await printed;
  const ended = nextView(lane, idle);
  await lane.send({ type: 'workflow.choose', workflowId: id, action: 'finish' });
  await ended;
  return { ms, lost };
}

/**
 * Runs `sales` sales through the page served from `staticDir` (a built UI; default the current
 * one) and as many through the lane API, after two of each to warm up; answers both series.
 */
export async function measureEnterToApproved(
  sales: number,
  staticDir?: string,
): Promise<EnterToApproved> {
  const lut = await startLaneUnderTest({}, staticDir);
  const browser = await startChromium();
  const figures = { page: [] as number[], api: [] as number[], lostSwipes: 0 };
  try {
    const page = await browser.context.newPage();
    await page.goto(lut.url);
    const amount = page.getByRole('textbox', { name: 'Amount', exact: true });
    for (let sale = 0; sale < sales + 2; sale += 1) {
      await amount.waitFor();
      await amount.focus();
      await page.keyboard.type(String(1001 + sale));
      const inPage = await page.evaluate<{ ms: number; lost: number }>(SALE_IN_PAGE);
      await page.getByText('Receipt printed.').waitFor();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'New sale' }).waitFor();
      const api = await apiSale(lut.lane.engine, 2001 + sale);
      figures.lostSwipes += inPage.lost + api.lost;
      if (sale < 2) continue;
      figures.page.push(inPage.ms);
      figures.api.push(api.ms);
    }
  } finally {
    await browser.close();
    await lut.stop();
  }
  return figures;
}
