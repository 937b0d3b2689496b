// One lane of `npm run soak -- --store postgres`, as its own process: the lane engine of main/lane
// on the training simulators (socat ptys, a TCP printer), its journal on disk in --dir, selling
// --sales sales by swipe through --url. Prints "ready" once its lane is up (with --hold: once its
// devices are; it then waits for "go ID SECRET", the API key, on its standard input), then
// "sale OUTCOME MS" per sale (MS: from the swipe to the result on screen), then "settled" once its
// journal holds no outcome it is still checking, and exits 0. Started again on the same --dir
// after a SIGKILL, it recovers through its journal as a lane does. Without --hold the API key
// comes in SOAK_API_KEY_ID and SOAK_API_KEY_SECRET.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { startTrainingDevices } from '../../main/devices/index.ts';
import { startLane } from '../../main/start/lane-runtime.ts';
import { seededRandom } from '../server/durability/helpers/load-generator.ts';
import { LaneDriver } from '../main/lane/helpers/lane-driver.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    url: { type: 'string' },
    pin: { type: 'string' },
    lane: { type: 'string' },
    sales: { type: 'string' },
    seed: { type: 'string' },
    hold: { type: 'boolean' },
    'late-answer-ms': { type: 'string' },
  },
});
const { dir, url, pin } = values;
if (dir === undefined || url === undefined || pin === undefined) {
  throw new Error('soak lane: --dir, --url and --pin are required');
}

/** Amounts clear of the partial-approval triggers; 8.01 is held a second by the processor. */
const AMOUNTS = [100, 125, 250, 299, 801];
const random = seededRandom(Number(values.seed ?? 1));

const devices = await startTrainingDevices({
  dir: mkdtempSync(join(dir, 'pty-')),
  pinTypingMs: 10,
});
/** The API key: from the environment, or with --hold from the "go ID SECRET" line. */
let apiKey = {
  id: process.env.SOAK_API_KEY_ID ?? '',
  secret: process.env.SOAK_API_KEY_SECRET ?? '',
};
if (values.hold === true) {
  process.stdout.write('ready\n');
  for await (const line of createInterface({ input: process.stdin })) {
    const [word, id, secret] = line.split(' ');
    if (word !== 'go' || id === undefined || secret === undefined) continue;
    apiKey = { id, secret };
    break;
  }
}
const lane = await startLane({
  training: false,
  laneId: values.lane ?? '1',
  merchant: { name: 'LaneTerm Soak Store', lines: [], currency: 'USD' },
  server: {
    url,
    transport: 'v2',
    tls: { pin },
    apiKey,
    deadlines: { connectMs: 3000, answerMs: 10_000 },
    lateAnswerMs: Number(values['late-answer-ms'] ?? 5000),
  },
  journalPath: join(dir, 'journal.db'),
  devices: devices.config,
  source: 'soak',
  openDay: true,
  sweepMs: 1000,
});
for (const role of ['reader', 'emv', 'pinpad', 'printer'] as const) await lane.devices.check(role);
// A sale may wait long on a machine running 50 lanes: the soak counts a lane that gives up as a crash.
const driver = new LaneDriver(lane.engine, 600_000);
if (values.hold !== true) process.stdout.write('ready\n');

for (let sold = 0; sold < Number(values.sales ?? 0); sold += 1) {
  const amountMinor = AMOUNTS[Math.floor(random() * AMOUNTS.length)] as number;
  const { workflowId } = await driver.send({ type: 'sale.start', amountMinor, tender: 'credit' });
  await driver.step('card');
  const swiped = performance.now();
  await devices.present('visa-x924', 'swipe');
  const view = await driver.result();
  const ms = performance.now() - swiped;
  if (view.step.next.includes('finish')) {
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
  } else {
    // A sale not approved: cancel it, then leave the cancelled screen (it waits for finish).
    await driver.send({ type: 'workflow.cancel', workflowId });
    await driver.step('cancelled');
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
  }
  await driver.idle();
  process.stdout.write(`sale ${view.step.result.outcome} ${ms.toFixed(1)}\n`);
}
while (lane.journal.checkingCount() > 0) await sleep(200);
process.stdout.write('settled\n');
driver.close();
await lane.stop();
await devices.stop();
// The EMV reader simulator's wait for a card (drivers/sim, nga-reader-simulator) outlives its stop
// by up to 60 s; the lane has stopped, so the process ends here.
process.exit(0);
