// The lane's key map: the one key of every action a cashier takes, wherever the action appears, so
// Credit is F5 on the amount, tender and balance screens alike and Enter always confirms. The
// renderer draws each button's key from here; tests and docs/app.md (Keys) read it too.
import type { CommandType } from './commands.ts';
import type { HistoryAction } from './history.ts';
import type { AttentionAction, NextAction } from './step-parts.ts';
import type { WorkflowStep } from './workflow-step.ts';

/** A function key, F1 to F12. */
type FunctionKey = `F${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`;

/**
 * A key as KeyboardEvent.key names it (aria-keyshortcuts spells it the same way): a function key,
 * Enter or Escape; "Shift+" before a function key is a training control (the simulated customer's
 * hand and the simulated devices), never a cashier's action.
 */
export type LaneKey = FunctionKey | `Shift+${FunctionKey}` | 'Enter' | 'Escape';

/** The idle screens, opened by their keys when no workflow runs or one only waits for Done. */
const SCREENS = {
  sale: 'F1',
  gift: 'F2',
  balance: 'F3',
  history: 'F4',
  settings: 'F9',
  diagnostics: 'F10',
} as const satisfies Record<string, LaneKey>;

/** How the customer pays: the same keys on the amount, tender and balance screens. */
const TENDERS = { credit: 'F5', debit: 'F6', gift: 'F7' } as const satisfies Record<
  string,
  LaneKey
>;

/**
 * A step's choices (workflow.choose): the same action has the same key on a result and on a
 * problem (retry and try again F5, another tender F6), Void F5 as in history (a result holding an
 * approval offers no Try again), Done and a confirmation's Confirm are Enter, Cancel and Back Escape.
 */
const CHOICES = {
  retry: 'F5',
  try_again: 'F5',
  void: 'F5',
  change_tender: 'F6',
  another_tender: 'F6',
  reprint: 'F7',
  without_receipt: 'F7',
  other_entry: 'F8',
  finish: 'Enter',
  confirm: 'Enter',
  cancel: 'Escape',
  back: 'Escape',
} as const satisfies Record<AttentionAction | NextAction, LaneKey>;

/**
 * What is done with a transaction, in history, on a result and on their confirmation screens:
 * Void F5, Refund F6, Reprint F7 (as on a result), its receipt F8, Tip F11, Complete F12.
 */
const TRANSACTION = {
  void: 'F5',
  refund: 'F6',
  reprint: 'F7',
  receipt: 'F8',
  tip: 'F11',
  complete: 'F12',
} as const satisfies Record<HistoryAction | 'receipt', LaneKey>;

/** The gift counter's operations. */
const GIFT = {
  activate: 'F5',
  issue: 'F6',
  cashout: 'F7',
  merchreturn: 'F8',
} as const satisfies Record<string, LaneKey>;

/** The settings screen's actions: the language, and the business day. */
const SETTINGS = {
  english: 'F5',
  spanish: 'F6',
  openDay: 'F7',
  closeDay: 'F8',
} as const satisfies Record<string, LaneKey>;

/**
 * Training mode's controls on the training customer panel: the card presented, on F1 to F4, keys
 * the cashier's screens leave free while a card is awaited; what the cardholder does at the PIN
 * pad and what befalls the devices (the chip the EMV reader cannot read, docs/lane.md › Chip
 * first), on Shift with a function key (never a cashier's action).
 */
const TRAINING = {
  chipFails: 'Shift+F1',
  fallback: 'F1',
  insert: 'F2',
  tap: 'F3',
  swipe: 'F4',
  pinTyped: 'Shift+F5',
  pinWrong: 'Shift+F6',
  pinCancel: 'Shift+F7',
  unplug: 'Shift+F8',
  paperOut: 'Shift+F9',
  paperBack: 'Shift+F10',
  networkDown: 'Shift+F12',
  fault: 'Shift+F11',
} as const satisfies Record<string, LaneKey>;

/** The lane's key map (docs/app.md, Keys). */
export const LANE_KEYS = {
  screens: SCREENS,
  /** Confirms: Sale on the amount, Done, Authorize, Search, a confirmation screen's Confirm. */
  confirm: 'Enter',
  /** Backs out: Cancel of a workflow, Back of a confirmation screen. */
  back: 'Escape',
  tenders: TENDERS,
  /** The cashier has the card keyed on the PIN pad (workflow.entry keyed_pad). */
  keyOnPad: 'F8',
  choices: CHOICES,
  transaction: TRANSACTION,
  /**
   * History's Interrupted filter: the History key pressed again on History (once more: every line);
   * on History the tab's own key has nothing else to do.
   */
  interruptedOnly: SCREENS.history,
  gift: GIFT,
  settings: SETTINGS,
  /** Diagnostics: read the devices again. */
  refresh: 'F5',
  /** Checking an outcome the server cannot be asked about: leave it to the lane. */
  defer: 'F5',
  training: TRAINING,
} as const;

/**
 * Commands after which the lane shows another step or screen (a workflow started, a step's action
 * taken): keys pressed before it appears are kept for it, never dropped nor taken by the screen
 * being left (docs/app.md, Keys).
 */
export const MOVING_COMMANDS: ReadonlySet<string> = new Set([
  'sale.start',
  'preauth.start',
  'gift.activate',
  'gift.issue',
  'gift.cashout',
  'gift.merchreturn',
  'balance.start',
  'history.void',
  'history.refund',
  'history.tip',
  'history.complete',
  'history.reprint',
  'day.open',
  'day.close',
  'workflow.tender',
  'workflow.entry',
  'workflow.override',
  'workflow.choose',
  'workflow.cancel',
  'workflow.defer',
] satisfies CommandType[]);

/**
 * Steps the cashier only waits through: a key none of their actions takes is kept for the step
 * that follows (docs/app.md, Keys).
 */
export const PASSING_STEPS: ReadonlySet<string> = new Set([
  'authorizing',
  'working',
  'cancelling',
] satisfies WorkflowStep['name'][]);

/** How long a kept key waits for the step or screen it is kept for, in ms (docs/app.md, Keys). */
export const KEY_HOLD_MS = 5000;

/** How a key is written on its button: "Esc", "Enter", "F5", "⇧F5". */
export function keyCap(key: LaneKey): string {
  if (key === 'Escape') return 'Esc';
  return key.startsWith('Shift+') ? `⇧${key.slice('Shift+'.length)}` : key;
}

/** The LaneKey a keydown spells, or undefined when it is none (Ctrl, Alt, Meta, other keys). */
export function keyOfEvent(event: {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}): LaneKey | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey) return undefined;
  if (event.key === 'Enter' || event.key === 'Escape') return event.key;
  if (!/^F([1-9]|1[0-2])$/.test(event.key)) return undefined;
  return (event.shiftKey ? `Shift+${event.key}` : event.key) as LaneKey;
}
