import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LaneStateError, StateMachine, type TransitionTable } from '../../../main/lane/machine.ts';
import { DAY_TABLE } from '../../../main/lane/workflows/day-workflow.ts';
import { GIFT_TABLE } from '../../../main/lane/workflows/gift-workflow.ts';
import { HISTORY_TABLE } from '../../../main/lane/workflows/history-workflow.ts';
import { SALE_TABLE } from '../../../main/lane/workflows/sale-workflow.ts';

const DOC = readFileSync(new URL('../../../docs/lane.md', import.meta.url), 'utf8');

/** The edges of the mermaid state diagram marked "%% table: NAME" in docs/lane.md. */
function diagram(name: string): string[] {
  const block = DOC.split('```mermaid').find((part) => part.includes(`%% table: ${name}\n`));
  if (block === undefined) throw new Error(`docs/lane.md has no diagram of ${name}`);
  return [...block.split('```')[0]!.matchAll(/^\s+(\S+) --> (\S+)$/gm)]
    .map((match) => `${match[1]} --> ${match[2]}`)
    .sort();
}

/** The same edges from a transition table: start and end are [*]. */
function edges(table: TransitionTable<string>): string[] {
  return Object.entries(table)
    .flatMap(([from, tos]) =>
      tos.map((to) => `${from === 'start' ? '[*]' : from} --> ${to === 'end' ? '[*]' : to}`),
    )
    .sort();
}

describe('workflow state machines', () => {
  it.each([
    ['sale', SALE_TABLE],
    ['gift', GIFT_TABLE],
    ['history', HISTORY_TABLE],
    ['day', DAY_TABLE],
  ] as const)('docs/lane.md draws the %s table exactly', (name, table) => {
    expect(diagram(name)).toEqual(edges(table as TransitionTable<string>));
  });

  it('moves only along the table and names the move it refuses', () => {
    const machine = new StateMachine('sale', SALE_TABLE, 'start');
    machine.to('card');
    machine.to('authorizing');
    expect(machine.can('tender')).toBe(false);
    expect(() => machine.to('tender')).toThrow(LaneStateError);
    expect(() => machine.to('tender')).toThrow('sale: no transition from authorizing to tender');
    expect(machine.state).toBe('authorizing');
  });

  it('lets every family cancel from the steps a cashier waits at, and end after cancelled', () => {
    for (const table of [SALE_TABLE, GIFT_TABLE, HISTORY_TABLE] as TransitionTable<string>[]) {
      for (const step of ['card', 'tender', 'pin', 'override', 'attention', 'result'])
        if (table[step] !== undefined && table[step].length > 0)
          expect(table[step], step).toContain('cancelling');
      expect(table.cancelling).toEqual(['cancelled']);
      expect(table.cancelled).toEqual(['end']);
    }
  });
});
