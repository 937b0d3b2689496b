import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../conformance/helpers/service-process.ts';
import { REPO_ROOT } from '../server/helpers/server-process.ts';
import { loadScenario, outcomeTable, runScenario } from './scenario-runner/scenario-runner.ts';

const DIR = join(REPO_ROOT, 'scenarios');
const FILES = readdirSync(DIR)
  .filter((name) => name.endsWith('.yaml'))
  .sort();

let service: ServiceProcess;

beforeAll(async () => {
  service = await startServiceProcess();
});
afterAll(async () => {
  await stopServiceProcess(service);
});

describe('shipped HIL scenarios', () => {
  for (const name of FILES) {
    const scenario = loadScenario(join(DIR, name));
    if (scenario.pending !== undefined) {
      it.todo(`${scenario.name} (pending: ${scenario.pending})`);
      continue;
    }
    it(
      scenario.name,
      async () => {
        const outcome = await runScenario(join(DIR, name), service);
        expect(outcome.detail).toBe('');
        expect(outcome.status).toBe('pass');
      },
      120_000,
    );
  }
});

describe('scenario runner', () => {
  it('reports a scenario whose expectation is not met as failed, naming the step', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'laneterm-scenario-'));
    const file = join(dir, 'wrong.yaml');
    writeFileSync(
      file,
      [
        'name: expects a decline of an approved sale',
        'reader: wedge',
        'steps:',
        '  - start: { type: sale.start, amountMinor: 700, tender: credit }',
        '  - expect: { step: card }',
        '  - present: visa-x924 swipe',
        '  - expect: { step: result, outcome: declined }',
      ].join('\n'),
    );
    const outcome = await runScenario(file, service);
    rmSync(dir, { recursive: true, force: true });
    expect(outcome).toMatchObject({ status: 'fail', steps: 3, of: 4 });
    expect(outcome.detail).toBe('step 4 (expect): outcome: expected declined, got approved');
    const table = outcomeTable([outcome]);
    expect(table).toMatch(/^FAIL\s+expects a decline of an approved sale\s+3\/4/m);
    expect(table).toContain('0 passed, 1 failed, 0 pending');
  }, 120_000);

  it('refuses a scenario file that breaks the format, naming the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'laneterm-scenario-'));
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'name: bad\nsteps:\n  - present: visa wave\n');
    expect(() => loadScenario(file)).toThrow(/^bad\.yaml: steps\.0/);
    rmSync(dir, { recursive: true, force: true });
  });
});
