// Every action's key: buttons register theirs while on screen, and one window listener runs the
// newest enabled action for a key, so the whole lane works from the keyboard (docs/app.md, Keys).

/** One registered key: the KeyboardEvent.key it answers (e.g. "F2", "Enter", "Escape"). */
interface KeyAction {
  key: string;
  run: () => void;
  enabled: () => boolean;
}

const actions: KeyAction[] = [];

/** Registers `run` for `key` while it is on screen; returns the function that removes it. */
export function registerKey(key: string, run: () => void, enabled: () => boolean): () => void {
  const action: KeyAction = { key, run, enabled };
  actions.push(action);
  return () => {
    const index = actions.indexOf(action);
    if (index >= 0) actions.splice(index, 1);
  };
}

function activatesFocusedControl(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  const control = target.closest('button, a, select, [role="button"], [role="option"]');
  return control !== null && (event.key === 'Enter' || event.key === ' ');
}

/**
 * Runs the newest enabled action registered for the event's key; Enter and Space on a focused
 * button stay that button's own. Returns true when an action ran (the event is then consumed).
 */
export function dispatchKey(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return false;
  if (activatesFocusedControl(event)) return false;
  for (let index = actions.length - 1; index >= 0; index -= 1) {
    const action = actions[index];
    if (action === undefined || action.key !== event.key || !action.enabled()) continue;
    event.preventDefault();
    action.run();
    return true;
  }
  return false;
}
