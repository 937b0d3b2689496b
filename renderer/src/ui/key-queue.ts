// The one queue of keys pressed while the screen is about to change (docs/app.md, Keys): after a
// command that moves the lane (the lane API's MOVING_COMMANDS) every key and amount digit waits for
// the step or screen the lane shows next, and a key none of a waiting step's actions takes (the
// lane API's PASSING_STEPS) waits for the step after it. Kept keys are played again, in order, once
// that screen is drawn, so Done, a screen key and a tender key pressed at once each act where the
// cashier meant them; a key kept longer than KEY_HOLD_MS is dropped, never played on a screen the
// cashier no longer expects. Without the queue such a key reached the screen being left (F7 is
// Reprint on an approved result) or no screen at all.
import { tick } from 'svelte';
import { KEY_HOLD_MS, MOVING_COMMANDS, PASSING_STEPS, keyOfEvent } from '../lane/lane-keys.ts';

/** A kept keydown: what is needed to play it again. */
interface KeptKey {
  readonly key: string;
  readonly code: string;
  readonly shiftKey: boolean;
  readonly at: number;
}

/** What an amount field takes: digits (by character or keypad place), Backspace, Delete. */
const AMOUNT_KEY = /^([0-9]|Backspace|Delete)$/;

let moving = false;
let passing = false;
let kept: KeptKey[] = [];
let expiry: ReturnType<typeof setTimeout> | undefined;
/** Kept keys played again, with when they were first pressed. */
const replayed = new WeakMap<Event, number>();

function plain(event: KeyboardEvent): boolean {
  return !event.ctrlKey && !event.altKey && !event.metaKey && !event.isComposing;
}

function keep(event: KeyboardEvent): void {
  event.preventDefault();
  event.stopPropagation();
  const at = replayed.get(event) ?? Date.now();
  kept.push({ key: event.key, code: event.code, shiftKey: event.shiftKey, at });
}

/** Ends a wait that lasted KEY_HOLD_MS: what it kept is dropped. */
function expire(): void {
  moving = false;
  kept = [];
}

/** Plays the kept keys again, in order, each once the screen the one before changed is drawn. */
async function replay(): Promise<void> {
  await tick();
  while (!moving && kept.length > 0) {
    const next = kept.shift();
    if (next === undefined || Date.now() - next.at > KEY_HOLD_MS) continue;
    const event = new KeyboardEvent('keydown', {
      key: next.key,
      code: next.code,
      shiftKey: next.shiftKey,
      bubbles: true,
      cancelable: true,
    });
    replayed.set(event, next.at);
    (document.activeElement ?? document.body).dispatchEvent(event);
    await tick();
  }
}

/** Whether the event is a kept key played again (Enter then acts by the key map, not as a click). */
export function isReplayed(event: Event): boolean {
  return replayed.has(event);
}

/**
 * Whether a command that moves the lane is on its way: the screen shown is being left, so a click
 * on it (the second of a double click) is dropped rather than sent to a step that is gone.
 */
export function isMoving(): boolean {
  return moving;
}

/** A command was sent: after one that moves the lane, keys wait for what the lane shows next. */
export function commandSent(type: string): void {
  if (!MOVING_COMMANDS.has(type)) return;
  moving = true;
  clearTimeout(expiry);
  expiry = setTimeout(expire, KEY_HOLD_MS);
}

/** The lane refused the command or could not be reached: nothing moves, the kept keys act here. */
export function commandRefused(): void {
  if (!moving) return;
  moving = false;
  void replay();
}

/** The lane showed a step or screen (`step`: its step's name, none when idle): kept keys act on it. */
export function laneMoved(step: string | undefined): void {
  passing = step !== undefined && PASSING_STEPS.has(step);
  moving = false;
  if (kept.length > 0) void replay();
}

/**
 * The window's keydown, in the capture phase: an action key held down acts once (its auto-repeats
 * are dropped, so a held Enter never runs on through the screens that follow); any other key is
 * kept while the lane is moving.
 */
export function keepWhileMoving(event: KeyboardEvent): void {
  if (event.repeat && keyOfEvent(event) !== undefined) {
    event.preventDefault();
    event.stopPropagation();
    return;
  }
  if (!moving || replayed.has(event) || !plain(event)) return;
  if (keyOfEvent(event) !== undefined || AMOUNT_KEY.test(event.key)) keep(event);
}

/**
 * A key no action took: kept for the next step while the step shown only waits; not Enter or Esc,
 * which confirm or back out of what the cashier has seen.
 */
export function keepUntaken(event: KeyboardEvent): boolean {
  const key = keyOfEvent(event);
  if (!passing || key === undefined || key === 'Enter' || key === 'Escape') return false;
  keep(event);
  return true;
}
