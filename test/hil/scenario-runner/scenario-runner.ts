import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { ServiceProcess } from '../../conformance/helpers/service-process.ts';
import { startLaneBench } from '../../main/lane/helpers/lane-bench.ts';
import { startOwnService } from './own-service.ts';
import { startProcessLane, type ScenarioLane } from './process-lane.ts';
import { parseScenario, type Scenario } from './scenario.ts';
import { runStep } from './scenario-steps.ts';

/** How one scenario ended. */
export interface ScenarioOutcome {
  readonly file: string;
  readonly name: string;
  readonly status: 'pass' | 'fail' | 'pending';
  /** Steps run (all of them on a pass). */
  readonly steps: number;
  readonly of: number;
  readonly ms: number;
  /** Why it failed (the step number and what went wrong), or why it is pending. */
  readonly detail: string;
}

/** Reads a scenario file. */
export function loadScenario(file: string): Scenario {
  return parseScenario(readFileSync(file, 'utf8'), basename(file));
}

/**
 * Runs one scenario on a fresh lane (its own journal and simulated devices) against `service`:
 * each step in order; the first step that fails ends it. A pending scenario is not run.
 */
export async function runScenario(file: string, service: ServiceProcess): Promise<ScenarioOutcome> {
  const scenario = loadScenario(file);
  const base = { file: basename(file), name: scenario.name, of: scenario.steps.length };
  if (scenario.pending !== undefined)
    return { ...base, status: 'pending', steps: 0, ms: 0, detail: scenario.pending };
  const started = Date.now();
  const answerMs = scenario.answerMs === undefined ? {} : { answerMs: scenario.answerMs };
  const offline = scenario.offline === undefined ? {} : { offline: scenario.offline };
  const recovery =
    scenario.recoverySeconds === undefined ? {} : { recoverySeconds: scenario.recoverySeconds };
  const own = scenario.service === 'own' ? await startOwnService() : undefined;
  const serving = own?.current() ?? service;
  const lane: ScenarioLane =
    scenario.lane === 'process'
      ? await startProcessLane(serving, {
          reader: scenario.reader,
          ...answerMs,
          ...offline,
          ...recovery,
        })
      : await startLaneBench({
          service: serving,
          devices: { reader: scenario.reader },
          ...(scenario.settings === undefined ? {} : { settings: scenario.settings }),
          ...offline,
          ...answerMs,
        });
  const bench: ScenarioLane = own === undefined ? lane : Object.assign(lane, { ownService: own });
  const state = { workflowId: '' };
  let done = 0;
  try {
    for (const step of scenario.steps) {
      await runStep(bench, step, state);
      done += 1;
    }
    return { ...base, status: 'pass', steps: done, ms: Date.now() - started, detail: '' };
  } catch (error) {
    const what = Object.keys(scenario.steps[done] ?? {})[0] ?? '';
    const detail = `step ${done + 1} (${what}): ${(error as Error).message}`;
    return { ...base, status: 'fail', steps: done, ms: Date.now() - started, detail };
  } finally {
    await bench.stop();
    await own?.remove();
  }
}

/** The pass/fail table of a run, one row per scenario. */
export function outcomeTable(outcomes: readonly ScenarioOutcome[]): string {
  const rows = outcomes.map((o) => [
    o.status.toUpperCase(),
    o.name,
    `${o.steps}/${o.of}`,
    o.status === 'pending' ? '' : `${(o.ms / 1000).toFixed(1)} s`,
    o.detail,
  ]);
  const header = ['result', 'scenario', 'steps', 'time', 'detail'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (column === 4 ? 0 : (row[column] ?? '').length))),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (column === 4 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const passed = outcomes.filter((o) => o.status === 'pass').length;
  const failed = outcomes.filter((o) => o.status === 'fail').length;
  const pending = outcomes.length - passed - failed;
  return [
    line(header),
    ...rows.map(line),
    '',
    `${passed} passed, ${failed} failed, ${pending} pending`,
  ].join('\n');
}
