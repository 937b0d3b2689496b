// The window's guard against a card reader in USB keyboard mode (key-burst.ts): a swipe it types is
// held from its start sentinel and dropped whole, so no digit of it reaches the amount, a search or
// a password field and its CR starts nothing; keys a person typed after % or ; are played again.
import { DEVICE_KEY_GAP_MS, KeyBurst, type HeldKey } from './key-burst.ts';

/** Keys that only change another key, which a reader sends around its capitals. */
const MODIFIER = /^(Shift|Control|Alt|Meta|CapsLock)$/;

const burst = new KeyBurst();
let lapse: ReturnType<typeof setTimeout> | undefined;
let onSwipe: () => void = () => undefined;

/** Types `key` into the focused text field, as the key's own default would have. */
function typeInto(target: Element | null, key: string): void {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
  if (target.readOnly || target.disabled) return;
  target.setRangeText(key, target.selectionStart ?? 0, target.selectionEnd ?? 0, 'end');
  target.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Plays held keys again where the focus is: a keydown each (untrusted, so this guard lets it
 * through), then its character if nothing took it.
 */
function playAgain(keys: readonly HeldKey[]): void {
  for (const { key, code, shiftKey } of keys) {
    const target = document.activeElement ?? document.body;
    const event = new KeyboardEvent('keydown', {
      key,
      code,
      shiftKey,
      bubbles: true,
      cancelable: true,
    });
    if (target.dispatchEvent(event) && key.length === 1) typeInto(document.activeElement, key);
  }
}

/** Ends the open burst: a swipe is dropped and reported, typed keys are played again. */
function endBurst(): void {
  clearTimeout(lapse);
  const ended = burst.end();
  if (ended.kind === 'swipe') onSwipe();
  else playAgain(ended.keys);
}

/** Says what to do when a swipe typed as keys was dropped (a notice on screen). */
export function onKeyboardSwipe(report: () => void): void {
  onSwipe = report;
}

/**
 * The window's keydown, in the capture phase before any other: holds the keys of a burst opened by
 * a start sentinel; returns whether it held the key (no other handler then sees it).
 */
export function holdSwipe(event: KeyboardEvent): boolean {
  if (!event.isTrusted || event.ctrlKey || event.altKey || event.metaKey) return false;
  if (burst.lapsed(event.timeStamp)) endBurst();
  const { key, code, shiftKey } = event;
  const modifier = burst.open && MODIFIER.test(key);
  if (!modifier && !burst.take({ key, code, shiftKey }, event.timeStamp)) return false;
  event.preventDefault();
  event.stopImmediatePropagation();
  clearTimeout(lapse);
  if (key === 'Enter') endBurst();
  else lapse = setTimeout(endBurst, DEVICE_KEY_GAP_MS);
  return true;
}
