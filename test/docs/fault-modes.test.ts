// docs/devices.md's fault table (Fault modes) says what SIMULATOR_FAULTS says: each fault's
// "devices" column names exactly the simulators whose fault plans take it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SIMULATOR_FAULTS, type SimulatorKind } from '../../drivers/sim/index.ts';

/** The simulators as the table names them. */
const NAMED: Record<string, SimulatorKind> = {
  'ID TECH': 'idtech',
  MagTek: 'magtek',
  EMV: 'emv',
  'PIN pad': 'pinpad',
};
const ALL = Object.keys(SIMULATOR_FAULTS) as SimulatorKind[];

/** The table's rows as fault → simulators, read from docs/devices.md. */
function documented(): Map<string, SimulatorKind[]> {
  const doc = readFileSync(new URL('../../docs/devices.md', import.meta.url), 'utf8');
  const start = doc.indexOf('| fault | effect | devices |');
  const table = doc.slice(doc.indexOf('\n', start), doc.indexOf('\n\n', start));
  const rows = [...table.matchAll(/^\| ([a-z-]+)(?:\[:ms\])? \| .* \| ([^|]+) \|$/gm)];
  return new Map(
    rows.map(([, fault = '', devices = '']) => {
      const names = devices
        .replace(/\(.*\)/, '')
        .split(',')
        .map((name) => name.trim());
      return [fault, names[0] === 'all' ? ALL : names.map((name) => NAMED[name] ?? name)];
    }),
  ) as Map<string, SimulatorKind[]>;
}

describe('docs/devices.md fault modes', () => {
  it('lists for each fault exactly the simulators that take it', () => {
    const table = documented();
    const taking = new Map<string, SimulatorKind[]>();
    for (const kind of ALL)
      for (const fault of SIMULATOR_FAULTS[kind])
        taking.set(fault, [...(taking.get(fault) ?? []), kind]);
    expect([...table.keys()].sort()).toEqual([...taking.keys()].sort());
    for (const [fault, kinds] of taking)
      expect([fault, [...(table.get(fault) ?? [])].sort()]).toEqual([fault, [...kinds].sort()]);
  });
});
