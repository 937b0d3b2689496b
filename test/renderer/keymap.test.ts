// The UI's key dispatch (renderer/src/ui/keymap.ts): the newest action on screen takes its key, an
// action that is off passes it on, and a key pressed while its action is pending is kept and run
// once the action is ready, never dropped; a modifier makes another key (Shift+F5 is not F5).
import { afterEach, describe, expect, it } from 'vitest';
import {
  dispatchKey,
  registerKey,
  type KeyRegistration,
  type KeyState,
} from '../../renderer/src/ui/keymap.ts';

const registered: KeyRegistration[] = [];

afterEach(() => {
  for (const registration of registered.splice(0)) registration.remove();
});

/** A keydown as the window listener gets it, with no focused control. */
function keydown(key: string, modifiers: { shiftKey?: boolean; ctrlKey?: boolean } = {}) {
  const event = {
    key,
    shiftKey: modifiers.shiftKey ?? false,
    ctrlKey: modifiers.ctrlKey ?? false,
    altKey: false,
    metaKey: false,
    isComposing: false,
    target: null,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

/** Registers an action counting its runs; `state` is read at every key. */
function action(key: Parameters<typeof registerKey>[0], state: { now: KeyState }) {
  const runs = { count: 0 };
  const registration = registerKey(
    key,
    () => (runs.count += 1),
    () => state.now,
  );
  registered.push(registration);
  return { runs, registration };
}

const press = (event: ReturnType<typeof keydown>) => dispatchKey(event as unknown as KeyboardEvent);

describe('key dispatch', () => {
  it('runs the newest ready action for a key and consumes the event', () => {
    const older = action('F5', { now: 'ready' });
    const newer = action('F5', { now: 'ready' });
    const event = keydown('F5');
    expect(press(event)).toBe(true);
    expect(event.defaultPrevented).toBe(true);
    expect([older.runs.count, newer.runs.count]).toEqual([0, 1]);
  });

  it('passes a key an action is off for to an older one', () => {
    const older = action('F4', { now: 'ready' });
    action('F4', { now: 'off' });
    press(keydown('F4'));
    expect(older.runs.count).toBe(1);
  });

  it('keeps a key pressed while its action is pending and runs it once ready', () => {
    const state: { now: KeyState } = { now: 'pending' };
    const swipe = action('F4', state);
    const event = keydown('F4');
    expect(press(event)).toBe(true);
    expect(event.defaultPrevented).toBe(true);
    swipe.registration.settle();
    expect(swipe.runs.count).toBe(0);
    state.now = 'ready';
    swipe.registration.settle();
    swipe.registration.settle();
    expect(swipe.runs.count).toBe(1);
  });

  it('drops a kept key when its action turns off or leaves the screen', () => {
    const state: { now: KeyState } = { now: 'pending' };
    const turnedOff = action('F2', state);
    press(keydown('F2'));
    state.now = 'off';
    turnedOff.registration.settle();
    state.now = 'ready';
    turnedOff.registration.settle();
    expect(turnedOff.runs.count).toBe(0);
  });

  it('keeps a click on a pending button as it keeps a key', () => {
    const state: { now: KeyState } = { now: 'pending' };
    const done = action('Enter', state);
    done.registration.press();
    expect(done.runs.count).toBe(0);
    state.now = 'ready';
    done.registration.settle();
    expect(done.runs.count).toBe(1);
    done.registration.press();
    expect(done.runs.count).toBe(2);
  });

  it('tells Shift+F5 from F5 and leaves Ctrl, Alt and other keys to the page', () => {
    const plain = action('F5', { now: 'ready' });
    const shifted = action('Shift+F5', { now: 'ready' });
    press(keydown('F5', { shiftKey: true }));
    expect([plain.runs.count, shifted.runs.count]).toEqual([0, 1]);
    press(keydown('F5'));
    expect([plain.runs.count, shifted.runs.count]).toEqual([1, 1]);
    expect(press(keydown('F5', { ctrlKey: true }))).toBe(false);
    expect(press(keydown('a'))).toBe(false);
    expect([plain.runs.count, shifted.runs.count]).toEqual([1, 1]);
  });
});
