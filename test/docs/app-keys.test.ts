// docs/app.md's key table (Screens and keys) says what the lane API's key map (main/lane-api/keys.ts)
// says: each row's keys are the map's keys of the actions it names, every action of the map is in a
// row, and every row of function keys, Enter or Esc is one of those.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANE_KEYS, keyCap, type LaneKey } from '../../main/lane-api/keys.ts';

/**
 * The table's rows by the start of their action column; each position of a row lists the map's
 * actions that take the key written there.
 */
const ROWS: [string, string[][]][] = [
  [
    'New sale, Gift, Balance, History, Settings, Diagnostics',
    ['sale', 'gift', 'balance', 'history', 'settings', 'diagnostics'].map((s) => [`screens.${s}`]),
  ],
  ['confirm:', [['confirm', 'choices.finish', 'choices.confirm']]],
  ['back:', [['back', 'choices.cancel', 'choices.back']]],
  ['Credit, Debit, Gift card', [['tenders.credit'], ['tenders.debit'], ['tenders.gift']]],
  ['Key on the PIN pad', [['keyOnPad']]],
  [
    'Retry or Try again, or Void',
    [
      ['choices.retry', 'choices.try_again', 'choices.void'],
      ['choices.change_tender', 'choices.another_tender'],
      ['choices.reprint', 'choices.without_receipt'],
      ['choices.other_entry'],
    ],
  ],
  [
    'Void, Refund, Reprint, Receipt, Tip, Complete',
    ['void', 'refund', 'reprint', 'receipt', 'tip', 'complete'].map((a) => [`transaction.${a}`]),
  ],
  [
    'Activate, Issue, Cash out, Return to card',
    ['activate', 'issue', 'cashout', 'merchreturn'].map((a) => [`gift.${a}`]),
  ],
  [
    'English, Español, Open day, Close day',
    ['english', 'spanish', 'openDay', 'closeDay'].map((a) => [`settings.${a}`]),
  ],
  ['Refresh; Leave it to the lane', [['refresh', 'defer']]],
  [
    'training customer: Swipe (chip failed), Insert, Tap, Swipe',
    ['fallback', 'insert', 'tap', 'swipe'].map((a) => [`training.${a}`]),
  ],
  ['training customer: Chip cannot be read', [['training.chipFails']]],
  [
    'training controls: the cardholder types',
    ['pinTyped', 'pinWrong', 'pinCancel'].map((a) => [`training.${a}`]),
  ],
  ['training controls: Unplug', ['unplug', 'paperOut', 'paperBack'].map((a) => [`training.${a}`])],
  ['training controls: Cause the fault', [['training.fault']]],
  ['training controls: Network down', [['training.networkDown']]],
  ['Seen:', [['confirm']]],
  ['Interrupted only:', [['interruptedOnly']]],
];

/** The key the map gives the action at `path` ("tenders.credit"). */
function keyAt(path: string): LaneKey {
  const found = path
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], LANE_KEYS);
  if (typeof found !== 'string') throw new Error(`${path} is not an action of LANE_KEYS`);
  return found as LaneKey;
}

/** Every action path of the map. */
function actionPaths(node: object = LANE_KEYS, prefix = ''): string[] {
  return Object.entries(node).flatMap(([name, value]) =>
    typeof value === 'string' ? [`${prefix}${name}`] : actionPaths(value, `${prefix}${name}.`),
  );
}

/** docs/app.md's key table: [keys column, action column] per row. */
function tableRows(): [string, string][] {
  const text = readFileSync('docs/app.md', 'utf8');
  const section = text.slice(text.indexOf('## Screens and keys'));
  const table = section.slice(section.indexOf('| key | action | where |'));
  return table
    .split('\n\n')[0]!
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map((cells) => [cells[1] ?? '', cells[2] ?? '']);
}

describe('docs/app.md key table', () => {
  it('writes for each action the key the lane API gives it', () => {
    const rows = tableRows();
    for (const [start, positions] of ROWS) {
      const row = rows.find(([, action]) => action.startsWith(start));
      expect(row, `a row for "${start}"`).toBeDefined();
      const written = (row?.[0] ?? '').split(' ');
      expect(written, start).toEqual(positions.map((paths) => keyCap(keyAt(paths[0]!))));
      for (const paths of positions)
        expect(new Set(paths.map(keyAt)).size, `${paths.join(', ')} share one key`).toBe(1);
    }
  });

  it('lists every action of the map, and no row of keys the map does not name', () => {
    const listed = new Set(ROWS.flatMap(([, positions]) => positions.flat()));
    expect(actionPaths().filter((path) => !listed.has(path))).toEqual([]);
    const laneKeyRows = tableRows().filter(([keys]) => /^((⇧?F\d+|Enter|Esc) ?)+$/.test(keys));
    const unchecked = laneKeyRows.filter(
      ([, action]) => !ROWS.some(([start]) => action.startsWith(start)),
    );
    expect(unchecked).toEqual([]);
  });
});
