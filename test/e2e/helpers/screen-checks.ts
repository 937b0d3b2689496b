// What every end-to-end scenario checks on each screen: axe-core finds no serious or critical
// accessibility violation; and a screenshot of the final screen kept as a test artifact.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from '../../server/helpers/server-process.ts';

/** Folder of the screenshots (gitignored): test-artifacts/e2e. */
export const ARTIFACTS_DIR = join(REPO_ROOT, 'test-artifacts', 'e2e');

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** A violation as the page script answers it: the rule, its impact, the elements' selectors. */
interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** Page script running axe on the WCAG 2.1 A and AA rules. */
const AXE_RUN = `axe
  .run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
  .then((result) => result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  })))`;

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is now and fails on any serious or
 * critical violation, naming the rule and the elements. axe is evaluated through the DevTools
 * protocol, so the page's CSP stays as strict as in production.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate<AxeViolation[]>(AXE_RUN);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `axe on ${screen}`).toEqual([]);
}

/** Amounts as a screen writes them, and what a screen's amounts leave out (docs/app.md, Design). */
const SHOWN_AMOUNTS = String.raw`(() => {
  const main = document.querySelector('main');
  const amounts = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !parent.checkVisibility() || parent.closest('.sr-only')) continue;
    if (parent.closest('figure, select, .keypad, [role="option"]:not([aria-selected="true"])')) continue;
    amounts.push(...(node.textContent.match(/\d(?:[\d,.]*\d)?[.,]\d{2}(?![.,]?\d)/g) ?? []));
  }
  const said = document.querySelector('[data-screen-says]')?.textContent ?? '';
  return { amounts, said, saidAmounts: said.match(/\d(?:[\d,.]*\d)?[.,]\d{2}(?![.,]?\d)/g) ?? [] };
})()`;

/**
 * The screen's live region reads its title and every amount it shows, and no other amount
 * (docs/app.md, Design: accessibility).
 */
export async function expectLiveAmounts(page: Page, title: string): Promise<void> {
  await expect
    .poll(async () => {
      const { amounts, said, saidAmounts } = await page.evaluate<{
        amounts: string[];
        said: string;
        saidAmounts: string[];
      }>(SHOWN_AMOUNTS);
      const unread = amounts.filter((amount) => !saidAmounts.includes(amount));
      const unshown = saidAmounts.filter((amount) => !amounts.includes(amount));
      const wrong = unread.length + unshown.length > 0 || !said.startsWith(title);
      return { title: said.startsWith(title), unread, unshown, ...(wrong ? { said } : {}) };
    })
    .toEqual({ title: true, unread: [], unshown: [] });
}

/** A training receipt of `amount` (e.g. "12.50"): TRAINING on it, and no run of digits as long as a card number. */
export function expectTrainingReceipt(receipt: string, amount: string): void {
  expect(receipt).toContain('TRAINING');
  expect(receipt).toContain(amount);
  expect(receipt).not.toMatch(/\d{13,19}/);
}

/** Screens whose screenshots docs/app.md shows, at both lane display sizes (screens.e2e.ts). */
export const DOCS_SHOTS: ReadonlySet<string> = new Set([
  'amount',
  'card',
  'card-training-controls',
  'override',
  'approved',
  'declined',
  'confirm-cashout',
  'confirm-close-day',
  'history-receipt',
  'gift',
  'interrupted',
  'touch-amount',
]);

/** Folder of the documentation's images, which the suite draws (docs/app.md's, README's). */
export const DOCS_IMAGES_DIR = join(REPO_ROOT, 'docs', 'images');

/** Saves what the lane display shows now (the viewport) as docs/images/<name>.png. */
export async function saveDocsScreenshot(page: Page, name: string): Promise<string> {
  const path = join(DOCS_IMAGES_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/**
 * Saves a full-page screenshot as test-artifacts/e2e/<name>.png; with `docs` and
 * LANETERM_DOCS_IMAGES=1 also as docs/images/<name>.png, the screenshots docs/app.md shows.
 */
export async function saveScreenshot(page: Page, name: string, docs = false): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  if (docs && process.env.LANETERM_DOCS_IMAGES === '1')
    copyFileSync(path, join(DOCS_IMAGES_DIR, `${name}.png`));
  return path;
}
