// Every action's key (the lane API's key map, main/lane-api/keys.ts): buttons register theirs while
// on screen, and one window listener runs the newest action on screen for a key, so the whole lane
// works from the keyboard (docs/app.md, Keys). A key pressed while its action is still getting
// ready (the step just appeared and waits for the lane) is kept and runs once it is ready.
import { keyOfEvent, type LaneKey } from '../lane/lane-keys.ts';
import { isMoving, isReplayed, keepUntaken } from './key-queue.ts';

/** Whether an action takes its key now: ready runs it, pending keeps it, off passes it on. */
export type KeyState = 'ready' | 'pending' | 'off';

/** One registered key. */
interface KeyAction {
  readonly key: LaneKey | undefined;
  readonly run: () => void;
  readonly state: () => KeyState;
  /** A press kept while the action was pending. */
  queued: boolean;
}

/** What a registration answers: remove it, press it, and settle it when its state changed. */
export interface KeyRegistration {
  /** Removes the action (its screen is gone); a press it kept goes with it. */
  remove(): void;
  /**
   * A press (a click): runs the action when ready, keeps it when pending; dropped while the lane is
   * moving off the screen it was made on (a double click acts once).
   */
  press(): void;
  /** Runs a press kept while pending, once the action is ready. */
  settle(): void;
}

const actions: KeyAction[] = [];

/**
 * Registers `run` for `key` (none: a button without a key, which still keeps a click while
 * pending) while it is on screen; `state` says whether it takes the key now.
 */
export function registerKey(
  key: LaneKey | undefined,
  run: () => void,
  state: () => KeyState,
): KeyRegistration {
  const action: KeyAction = { key, run, state, queued: false };
  actions.push(action);
  return {
    remove() {
      const index = actions.indexOf(action);
      if (index >= 0) actions.splice(index, 1);
    },
    press() {
      if (isMoving()) return;
      const now = action.state();
      if (now === 'ready') action.run();
      else if (now === 'pending') action.queued = true;
    },
    settle() {
      if (!action.queued) return;
      const now = action.state();
      if (now === 'pending') return;
      action.queued = false;
      if (now === 'ready') action.run();
    },
  };
}

function activatesFocusedControl(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' && event.key !== ' ') return false;
  const target = event.target;
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.closest('button, a, select, [role="button"], [role="option"]') !== null;
}

/**
 * Runs the newest action on screen for the event's key, or keeps the press for it while it is
 * pending; actions that are off pass the key to older ones. Enter and Space on a focused button
 * stay that button's own (a kept key played again acts by the map). A key no action takes on a
 * step that only waits is kept for the next step (key-queue.ts). Returns true when the key was
 * taken or kept (the event is then consumed).
 */
export function dispatchKey(event: KeyboardEvent): boolean {
  if (event.isComposing) return false;
  const key = keyOfEvent(event);
  if (key === undefined || (!isReplayed(event) && activatesFocusedControl(event))) return false;
  for (let index = actions.length - 1; index >= 0; index -= 1) {
    const action = actions[index];
    if (action === undefined || action.key !== key) continue;
    const state = action.state();
    if (state === 'off') continue;
    event.preventDefault();
    if (state === 'ready') action.run();
    else action.queued = true;
    return true;
  }
  return keepUntaken(event);
}
