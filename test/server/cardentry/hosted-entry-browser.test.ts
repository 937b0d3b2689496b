/// <reference lib="dom" />
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentClient } from '../../../main/payment/index.ts';
import { laneClient } from '../../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../../conformance/helpers/service-process.ts';

// The hosted card-entry page in Debian's Chromium (playwright-core): a shop's page on another
// origin frames it, a card is entered by keyboard alone, the shop's page receives the ticket by
// postMessage, a sale runs with it, and a second sale with the same ticket is refused.

const CHROMIUM_PATH = process.env.LANETERM_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const AXE_SOURCE = readFileSync(join('node_modules', 'axe-core', 'axe.min.js'), 'utf8');

let service: ServiceProcess;
let pay: PaymentClient;
let shop: Server;
let shopOrigin: string;
let profile: string;
let browser: BrowserContext;

/**
 * The shop's page: frames the card-entry page at `src` and keeps the messages that come from the
 * service's origin, as a merchant's checkout does.
 */
function shopPage(src: string, serviceOrigin: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><h1>Checkout</h1>
<iframe id="card" title="Card details" src="${src}" width="480" height="420"></iframe>
<p id="ticket"></p>
<script>
window.received = [];
document.getElementById('card').addEventListener('load', () => { window.frameLoaded = true; });
window.addEventListener('message', (event) => {
  if (event.origin !== ${JSON.stringify(serviceOrigin)}) return;
  window.received.push(event.data);
  document.getElementById('ticket').textContent = 'ticket received';
});
</script></body></html>`;
}

/** Serves the shop's page for the card-entry address given as ?src=. */
function startShop(serviceOrigin: string): Promise<Server> {
  const server = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://localhost').searchParams.get('src') ?? '';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(shopPage(src, serviceOrigin));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  service = await startServiceProcess();
  pay = laneClient(service, 'v2');
  const serviceOrigin = `https://127.0.0.1:${service.tlsPort}`;
  shop = await startShop(serviceOrigin);
  shopOrigin = `http://localhost:${(shop.address() as AddressInfo).port}`;
  profile = mkdtempSync(join(tmpdir(), 'laneterm-chromium-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    ignoreHTTPSErrors: true,
    locale: 'en-US',
  });
});

afterAll(async () => {
  await browser?.close();
  rmSync(profile, { recursive: true, force: true });
  await new Promise((resolve) => shop?.close(resolve));
  await pay?.close();
  await stopServiceProcess(service);
});

/** A page address of a new session for `allowedOrigin`, absolute on the service's TLS port. */
async function sessionPage(allowedOrigin: string): Promise<string> {
  const result = await pay.run('ticket_session', { allowed_origin: allowedOrigin });
  if (result.outcome !== 'approved') throw new Error(`ticket_session: ${result.outcome}`);
  return `https://127.0.0.1:${service.tlsPort}${result.response.get('page') ?? ''}`;
}

/** Opens the shop with the card-entry page of `src` framed, once the frame has loaded. */
async function openShop(src: string): Promise<{ page: Page; frame: Frame }> {
  const page = await browser.newPage();
  await page.goto(`${shopOrigin}/?src=${encodeURIComponent(src)}`);
  await page.waitForFunction(() => (window as unknown as { frameLoaded?: boolean }).frameLoaded);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  if (frame === undefined) throw new Error('the shop page has no frame');
  return { page, frame };
}

describe('hosted card entry in Chromium', () => {
  it('takes a card by keyboard, posts the ticket to the shop, and the ticket pays once', async () => {
    const { page, frame } = await openShop(await sessionPage(shopOrigin));
    const number = frame.getByRole('textbox', { name: 'Card number' });
    await number.waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => number.evaluate((el) => el === document.activeElement)).toBe(true);
    for (const text of ['4111 1111 1111 1111', '12/30', '999', '32606']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByText('ticket received').waitFor();
    const [message] = await page.evaluate(
      () => (window as unknown as { received: Record<string, string>[] }).received,
    );
    expect(message).toMatchObject({
      type: 'cardshieldticket',
      code: 'AUTH',
      account: 'XXXXXXXXXXXX1111',
      cardtype: 'VISA',
    });
    const cardshieldticket = message?.ticket ?? '';
    expect(cardshieldticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const status = frame.getByRole('status');
    await expect.poll(() => status.textContent()).toBe('Card XXXXXXXXXXXX1111 received.');
    expect(await number.inputValue()).toBe('');

    const sale = await pay.sale({ account_data: { cardshieldticket }, money: { amount: '15.00' } });
    expect(sale.outcome).toBe('approved');
    if (sale.outcome === 'approved') {
      expect(sale.response.get('cv')).toBe('GOOD');
      expect(sale.response.get('avs')).toBe('GOOD');
    }
    const again = await pay.sale({
      account_data: { cardshieldticket },
      money: { amount: '15.00' },
    });
    expect(again.outcome).toBe('declined_service');
    if (again.outcome === 'declined_service') {
      expect(again.response.get('verbiage')).toBe('cardshieldticket: already used');
    }
    await page.close();
  });

  it('says what is wrong with a card, by field, and keeps the session for the corrected one', async () => {
    const { page, frame } = await openShop(await sessionPage(shopOrigin));
    await frame.getByRole('textbox', { name: 'Card number' }).fill('4111111111111112');
    await frame.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('1230');
    await frame.getByRole('textbox', { name: 'Security code' }).fill('999');
    await frame.getByRole('button', { name: 'Use this card' }).press('Enter');
    const alert = frame.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('account: fails the Luhn check digit');
    const number = frame.getByRole('textbox', { name: 'Card number' });
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    await number.fill('4111111111111111');
    await frame.getByRole('button', { name: 'Use this card' }).press('Enter');
    await page.getByText('ticket received').waitFor();
    await page.close();
  });

  it('is not shown in a frame of any origin but the allowed one', async () => {
    const { page, frame } = await openShop(await sessionPage('https://shop.example'));
    expect(frame.url()).not.toContain('/cardentry');
    expect(await frame.getByRole('textbox', { name: 'Card number' }).count()).toBe(0);
    await page.close();
  });

  it('passes axe-core: labelled fields, names and roles', async () => {
    const page = await browser.newPage();
    await page.goto(await sessionPage(shopOrigin));
    // Evaluated through the DevTools protocol, which the page's CSP does not govern.
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: () => Promise<{ violations: { id: string }[] }> } }
      ).axe;
      return (await axe.run()).violations.map((v) => v.id);
    });
    expect(violations).toEqual([]);
    await page.close();
  });
});
