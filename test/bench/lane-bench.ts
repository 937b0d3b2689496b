// `npm run bench:lane`: the lane's own overhead on a sale with the simulators, beside the service's
// round trip measured in the same run: from card data ready (the reader's read in the lane) to the
// request's first byte on the wire, and from the answer's first byte to the result event and to
// the first byte sent to the printer. The service listens on its plain port behind a TCP relay that
// stamps bytes both ways; the printer simulator behind another. Goal: lane overhead p99 < 5 ms.
// Each step of the lane holds one durable journal commit (the intent before the request, the
// outcome before the result), so a bare commit on the same disk is printed as the floor.
// Options: --sales N (default 200), --help (USAGE).
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeviceManager, startTrainingDevices } from '../../main/devices/index.ts';
import type { LaneDevices } from '../../main/lane/lane-context.ts';
import { LaneEngine } from '../../main/lane/lane-engine.ts';
import { LaneReceipts } from '../../main/lane/lane-receipts.ts';
import { LaneSettingsStore } from '../../main/lane/lane-settings.ts';
import { JournalStore } from '../../main/lane/journal/journal-store.ts';
import { TRAINING_MERCHANT } from '../../main/start/training-lane.ts';
import { PaymentClient } from '../../main/payment/index.ts';
import { startServiceProcess, stopServiceProcess } from '../conformance/helpers/service-process.ts';
import { LaneDriver } from '../main/lane/helpers/lane-driver.ts';
import { benchArgs, usageError } from './bench-args.ts';
import { percentile } from './closed-loop.ts';

const USAGE = `usage: npm run bench:lane -- [--sales N]
  --sales N   swiped credit sales measured (default 200), after a warm-up of N/10 (at most 10)
  -h, --help  prints this`;
const values = benchArgs('bench:lane', USAGE, { sales: { type: 'string' } });
const SALES = Number(values.sales ?? 200);
if (!Number.isInteger(SALES) || SALES < 1)
  usageError('bench:lane', '--sales takes a whole number of at least 1', USAGE);
const WARMUP = Math.min(10, Math.floor(SALES / 10));

/** A TCP relay to `port` that calls `stamp` with the direction of every chunk it forwards. */
async function relay(port: number, stamp: (way: 'out' | 'back') => void): Promise<Server> {
  const server = createServer((lane) => {
    const far = createConnection(port, '127.0.0.1');
    lane.on('data', (chunk) => {
      stamp('out');
      far.write(chunk);
    });
    far.on('data', (chunk) => {
      stamp('back');
      lane.write(chunk);
    });
    lane.on('close', () => far.destroy());
    far.on('close', () => lane.destroy());
    lane.on('error', () => far.destroy());
    far.on('error', () => lane.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const portOf = (server: Server): number => {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
};

/** The first stamp at or after `from`, ms. */
const firstAfter = (stamps: readonly number[], from: number): number =>
  stamps.find((stamp) => stamp >= from) ?? Number.NaN;

function row(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = percentile(sorted, 0.5).toFixed(2);
  const p99 = percentile(sorted, 0.99).toFixed(2);
  return `${label.padEnd(52)} ${p50.padStart(8)} ${p99.padStart(8)}`;
}

/** Times of `count` bare journal commits (synchronous=FULL): the disk's floor under each step. */
function journalCommits(path: string, count: number): number[] {
  const store = new JournalStore(path);
  store.startWorkflow('bench', 'sale', true);
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    store.recordIntent({
      id: `bare-${i}`,
      workflowId: 'bench',
      operation: 'sale',
      purpose: 'cashier',
      amountMinor: 100,
      training: true,
    });
    times.push(performance.now() - started);
  }
  store.close();
  return times;
}

async function main(): Promise<void> {
  const service = await startServiceProcess(undefined, ['--plain-port', '0']);
  const devices = await startTrainingDevices({ reader: 'wedge', pinTypingMs: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-lane-bench-'));
  const toService = { out: [] as number[], back: [] as number[] };
  const toPrinter: number[] = [];
  const cardReady: number[] = [];
  const serviceRelay = await relay(service.plainPort, (way) =>
    toService[way].push(performance.now()),
  );
  const printerPort = devices.config.printer?.tcp?.port ?? 0;
  const printerRelay = await relay(printerPort, (way) => {
    if (way === 'out') toPrinter.push(performance.now());
  });
  const printer = {
    ...devices.config.printer,
    tcp: { host: '127.0.0.1', port: portOf(printerRelay) },
  };
  const manager = await DeviceManager.start({
    ...devices.config,
    printer,
  } as typeof devices.config);
  const timed: LaneDevices = {
    readCard: async (request) => {
      const capture = await manager.readCard(request);
      cardReady.push(performance.now());
      return capture;
    },
    cardWaitsEnded: () => manager.cardWaitsEnded(),
    requestPin: (request, options) => manager.requestPin(request, options),
    keyCard: (request, options) => manager.keyCard(request, options),
    completeChip: (issuerData, options) => manager.completeChip(issuerData, options),
    showOnPad: (text, options) => manager.showOnPad(text, options),
    checkPrinter: (options) => manager.checkPrinter(options),
    print: (job, options) => manager.print(job, options),
    has: (role) => manager.has(role),
    cancel: (role) => manager.cancel(role),
    statuses: () => manager.statuses(),
    paper: () => manager.paper(),
    onStatus: (listener) => manager.onStatus(listener),
    diagnostics: () => manager.diagnostics(),
  };
  const url = `http://127.0.0.1:${portOf(serviceRelay)}`;
  const client = new PaymentClient({
    url,
    auth: { credential: { kind: 'apikey', ...service.apiKey } },
  });
  const journal = new JournalStore(join(dir, 'journal.db'));
  const settings = new LaneSettingsStore(journal);
  settings.setDayOpen(true);
  const engine = LaneEngine.start({
    training: true,
    laneId: '1',
    currency: 'USD',
    merchantName: TRAINING_MERCHANT.name,
    configSource: 'bench',
    version: 'bench',
    journal,
    client,
    server: { url, transport: 'v2' },
    devices: timed,
    receipts: new LaneReceipts(TRAINING_MERCHANT, manager.printerConfig, '1'),
    settings,
    verifyManager: () => Promise.resolve(false),
  });
  const resultAt: number[] = [];
  engine.subscribe((event) => {
    if (
      event.type === 'workflow' &&
      event.workflow?.step.name === 'result' &&
      resultAt.length < cardReady.length
    )
      resultAt.push(performance.now());
  });
  const driver = new LaneDriver(engine);
  const wire: number[] = [];
  const toResult: number[] = [];
  const laneTotal: number[] = [];
  const toPrint: number[] = [];
  const roundTrip: number[] = [];
  for (let sale = 0; sale < SALES + WARMUP; sale += 1) {
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 1000 + (sale % 90),
      tender: 'credit',
    });
    await driver.step('card');
    await devices.present('visa-x924', 'swipe');
    await driver.result();
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
    if (sale < WARMUP) continue;
    const ready = cardReady[sale] ?? Number.NaN;
    const sent = firstAfter(toService.out, ready);
    const answered = firstAfter(toService.back, sent);
    wire.push(sent - ready);
    roundTrip.push(answered - sent);
    toResult.push((resultAt[sale] ?? Number.NaN) - answered);
    laneTotal.push(sent - ready + (resultAt[sale] ?? Number.NaN) - answered);
    toPrint.push(firstAfter(toPrinter, answered) - answered);
  }
  const bare: number[] = [];
  for (let sale = 0; sale < SALES; sale += 1) {
    const started = performance.now();
    await client.sale({ account: '4111111111111111', expdate: '1230', amount: 1000 + (sale % 90) });
    bare.push(performance.now() - started);
  }
  const commits = journalCommits(join(dir, 'bare.db'), SALES);
  console.log(
    `lane bench: ${SALES} swiped credit sales, REST v2 over plain TCP, simulators on ptys`,
  );
  console.log(`${''.padEnd(52)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  console.log(row('lane: card data ready -> request on the wire', wire));
  console.log(row('lane: answer received -> result event', toResult));
  console.log(row('lane: answer received -> first printer byte', toPrint));
  console.log(row('lane: both of the above, per sale', laneTotal));
  console.log(row('service round trip (same sales, at the relay)', roundTrip));
  console.log(row('bare client sale round trip (same service)', bare));
  console.log(row('bare journal commit on this disk (one fsync)', commits));
  console.log('goal: lane overhead p99 under 5 ms');
  driver.close();
  await engine.stop();
  await manager.stop();
  await client.close();
  journal.close();
  serviceRelay.close();
  printerRelay.close();
  await devices.stop();
  await stopServiceProcess(service);
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(`bench:lane: ${(error as Error).message}`);
  process.exitCode = 1;
});
