// What the screen's live region reads (docs/app.md, Design: accessibility; WCAG 4.1.3 Status
// Messages): the screen's title and every amount the screen shows, each with its label, taken from
// what is drawn so it can never read another amount than the one on screen (a cash-out read as
// $0.00 beside a $15.00 line). A receipt preview, a history line not selected and the keypad are
// left out: the receipt has its own text, and the list reads its selected line.

/** An amount as the screen writes it: digits with two decimals. */
export const AMOUNT_TEXT = /\d(?:[\d,.]*\d)?[.,]\d{2}(?![.,]?\d)/;

/** Parts of the screen whose amounts the live region does not read. */
const SKIPPED =
  'figure, select, .keypad, [aria-live], .sr-only, [aria-hidden="true"], [role="option"]:not([aria-selected="true"])';

/** Text of `node` without its buttons' words and key caps, its parts (cells, terms) spaced. */
function wordsOf(node: Element): string {
  const parts: string[] = [];
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
    const owner = text.parentElement;
    if (owner !== null && owner.closest('button, kbd, [aria-hidden="true"]') === null)
      parts.push(text.textContent ?? '');
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The phrase an amount is read in: a fact's term and value, else its line or paragraph. */
function phraseOf(element: Element): string {
  const value = element.closest('dd');
  if (value !== null) {
    const term = value.previousElementSibling;
    return `${term === null ? '' : wordsOf(term)} ${wordsOf(value)}`.trim();
  }
  return wordsOf(element.closest('li, tr, [role="option"], p, dd') ?? element);
}

/** The live region's words for the screen drawn in `main`: its title, then each amount's phrase. */
export function screenSays(main: HTMLElement): string {
  const title = main.querySelector('h1')?.textContent?.trim() ?? '';
  const phrases: string[] = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent === null || !AMOUNT_TEXT.test(node.textContent ?? '')) continue;
    if (parent.closest(SKIPPED) !== null) continue;
    const phrase = phraseOf(parent);
    if (phrase !== '' && !phrases.includes(phrase)) phrases.push(phrase);
  }
  return [title, ...phrases].filter((part) => part !== '').join('. ');
}

/** Svelte action: calls `say` with screenSays(node) whenever what it reads changes. */
export function liveAmounts(node: HTMLElement, say: (words: string) => void): { destroy(): void } {
  let last = '';
  let queued = false;
  const update = (): void => {
    queued = false;
    const words = screenSays(node);
    if (words === last) return;
    last = words;
    say(words);
  };
  const changed = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(update);
  });
  changed.observe(node, {
    childList: true,
    subtree: true,
    characterData: true,
    attributeFilter: ['aria-selected'],
  });
  update();
  return { destroy: () => changed.disconnect() };
}
