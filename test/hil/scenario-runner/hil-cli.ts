// `npm run hil -- scenarios/*.yaml`: runs hardware-in-the-loop scenarios, each on a fresh lane with
// the device simulators on real ptys and TCP, against a real service process; prints a pass/fail
// table and exits 1 when one failed (docs/lane.md, Scenarios).
import {
  startServiceProcess,
  stopServiceProcess,
} from '../../conformance/helpers/service-process.ts';
import { outcomeTable, runScenario, type ScenarioOutcome } from './scenario-runner.ts';

async function main(): Promise<void> {
  const files = process.argv.slice(2).filter((arg) => arg !== '--');
  if (files.length === 0 || files.includes('--help') || files.includes('-h')) {
    console.log('usage: npm run hil -- scenarios/*.yaml');
    process.exitCode = files.length === 0 ? 2 : 0;
    return;
  }
  const service = await startServiceProcess();
  const outcomes: ScenarioOutcome[] = [];
  try {
    for (const file of files) {
      const outcome = await runScenario(file, service);
      outcomes.push(outcome);
      console.error(`${outcome.status.padEnd(7)} ${outcome.name}`);
    }
  } finally {
    await stopServiceProcess(service);
  }
  console.log(outcomeTable(outcomes));
  if (outcomes.some((outcome) => outcome.status === 'fail')) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(`hil: ${(error as Error).message}`);
  process.exitCode = 2;
});
