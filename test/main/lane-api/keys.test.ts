// The lane's key map (main/lane-api/keys.ts): every key a screen offers comes from it, no two
// actions a screen shows together share a key, and a keydown reads as the key the map names.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LaneCommand, START_COMMAND_TYPES } from '../../../main/lane-api/commands.ts';
import {
  LANE_KEYS,
  MOVING_COMMANDS,
  PASSING_STEPS,
  keyCap,
  keyOfEvent,
  type LaneKey,
} from '../../../main/lane-api/keys.ts';
import { WorkflowStep } from '../../../main/lane-api/workflow-step.ts';
import { REPO_ROOT } from '../../server/helpers/server-process.ts';

/** Every .svelte file of the UI, by its path under renderer/src. */
function svelteFiles(dir = join(REPO_ROOT, 'renderer', 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return svelteFiles(path);
    return entry.name.endsWith('.svelte') ? [path] : [];
  });
}

const { screens, tenders, choices, transaction, gift, settings, training } = LANE_KEYS;

/** Keys a screen shows at once: its own actions beside the screen keys or training controls. */
const TOGETHER: Record<string, LaneKey[]> = {
  amount: [...Object.values(screens), LANE_KEYS.confirm, ...Object.values(tenders)],
  balance: [...Object.values(screens), ...Object.values(tenders)],
  gift: [...Object.values(screens), ...Object.values(gift)],
  history: [
    ...Object.values(screens).filter((key) => key !== screens.history),
    LANE_KEYS.interruptedOnly,
    LANE_KEYS.confirm,
    ...Object.values(transaction),
  ],
  settings: [...Object.values(screens), ...Object.values(settings)],
  diagnostics: [...Object.values(screens), LANE_KEYS.refresh],
  'card step in training': [...Object.values(training), LANE_KEYS.keyOnPad, LANE_KEYS.back],
  'tender step': [...Object.values(tenders), LANE_KEYS.back],
  'a problem in training': [
    ...Object.values(training),
    choices.retry,
    choices.change_tender,
    choices.other_entry,
    choices.without_receipt,
    choices.cancel,
  ],
  'a result waiting for Done': [
    ...Object.values(screens),
    choices.finish,
    choices.try_again,
    choices.another_tender,
    choices.reprint,
    choices.cancel,
  ],
  'checking an outcome': [LANE_KEYS.defer, LANE_KEYS.back],
  'a confirmation': [LANE_KEYS.confirm, LANE_KEYS.back],
};

describe('the lane key map', () => {
  it('gives every action a screen shows at once a key of its own', () => {
    for (const [screen, keys] of Object.entries(TOGETHER)) {
      const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
      expect(repeated, screen).toEqual([]);
    }
  });

  it("gives History's Interrupted filter the History key (History's tab leaves it on History)", () => {
    expect(LANE_KEYS.interruptedOnly).toBe(screens.history);
  });

  it('is where every button of the UI takes its key from', () => {
    const literal: string[] = [];
    for (const file of svelteFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bkey=("[^"]*"|\{[^}]*\})/g)) {
        if (!match[1]?.includes('LANE_KEYS')) literal.push(`${file}: ${match[0]}`);
      }
    }
    expect(literal).toEqual([]);
  });

  it('reads a keydown as the key the map names, Shift making a training key', () => {
    const down = (key: string, shiftKey = false, ctrlKey = false) =>
      keyOfEvent({ key, shiftKey, ctrlKey, altKey: false, metaKey: false });
    expect(down('F5')).toBe(tenders.credit);
    expect(down('F5', true)).toBe('Shift+F5');
    expect(down('Escape')).toBe(LANE_KEYS.back);
    expect(down('F5', false, true)).toBeUndefined();
    expect(down('F13')).toBeUndefined();
    expect(down('a')).toBeUndefined();
    expect([keyCap('Escape'), keyCap('Shift+F7'), keyCap('F10')]).toEqual(['Esc', '⇧F7', 'F10']);
  });

  it('keeps keys for the next screen after exactly the commands that start or move a workflow', () => {
    const types = LaneCommand.options.map((schema) => schema.shape.type.value);
    const moving = types.filter(
      (type) => START_COMMAND_TYPES.has(type) || type.startsWith('workflow.'),
    );
    expect([...MOVING_COMMANDS].sort()).toEqual(moving.sort());
    const steps = WorkflowStep.options.map((schema) => schema.shape.name.value);
    expect([...PASSING_STEPS].filter((step) => !steps.includes(step as never))).toEqual([]);
    expect(PASSING_STEPS.has('result')).toBe(false);
  });
});
