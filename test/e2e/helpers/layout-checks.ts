// The layout every screen keeps on a lane display (docs/app.md, Layout), measured in the page: the
// page itself never scrolls, nothing reaches past the viewport's right edge or is cut off inside
// a panel sideways, the screen tabs sit on one row with their words whole, and every button of the
// action bar is inside the viewport, on top (nothing covers it). In touch mode every target is at
// least 44 px square.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The lane display sizes the suite checks: a 1024×768 lane display and a 1280×800 one. */
export const LANE_DISPLAYS = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const;

/** The largest lane display the layout is made for (docs/app.md, Layout): checked for layout only. */
export const LARGEST_DISPLAY = { width: 1920, height: 1080 } as const;

/** What the page script finds wrong, one line per problem. */
const LAYOUT_PROBLEMS = `(() => {
  const problems = [];
  const root = document.documentElement;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
    ' "' + (el.textContent ?? '').trim().slice(0, 40) + '"';
  if (root.scrollHeight > innerHeight) problems.push('the page scrolls: ' + root.scrollHeight + ' px tall');
  if (root.scrollWidth > innerWidth) problems.push('the page is ' + root.scrollWidth + ' px wide');
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || el.closest('.sr-only')) continue;
    if (box.right > innerWidth + 0.5) problems.push('past the right edge: ' + name(el));
    const style = getComputedStyle(el);
    if (['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      problems.push('cut off sideways: ' + name(el));
  }
  const tabs = [...document.querySelectorAll('nav .action')];
  if (new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top))).size > 1)
    problems.push('the screen tabs take more than one row');
  for (const words of document.querySelectorAll('nav .action .words'))
    if (words.scrollWidth > words.clientWidth + 1) problems.push('tab cut short: ' + name(words));
  for (const button of document.querySelectorAll('.action-bar button')) {
    const box = button.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth)
      problems.push('action out of view: ' + name(button));
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (top === null || !button.contains(top)) problems.push('action covered: ' + name(button));
  }
  return problems;
})()`;

/** Targets smaller than 44 px either way (touch mode's floor), one line each. */
const SMALL_TARGETS = `(() => [...document.querySelectorAll('button, input, select, [role="option"], a[href]')]
  .filter((el) => el.getClientRects().length > 0 && !el.closest('.sr-only'))
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([, box]) => box.width < 44 || box.height < 44)
  .map(([el, box]) => el.tagName.toLowerCase() + ' "' + ((el.textContent || el.getAttribute('aria-label')) ?? '').trim().slice(0, 30) + '" ' + Math.round(box.width) + '×' + Math.round(box.height)))()`;

/** Fails naming every layout problem of the screen as it is now. */
export async function expectLaneLayout(page: Page, screen: string): Promise<void> {
  const size = page.viewportSize();
  const problems = await page.evaluate<string[]>(LAYOUT_PROBLEMS);
  expect(problems, `layout of ${screen} at ${size?.width}×${size?.height}`).toEqual([]);
}

/** Fails naming every target under 44 px square (touch mode). */
export async function expectTouchTargets(page: Page, screen: string): Promise<void> {
  const small = await page.evaluate<string[]>(SMALL_TARGETS);
  expect(small, `touch targets of ${screen}`).toEqual([]);
}
