import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTrainingDevices, type TrainingDevices } from '../../../main/devices/index.ts';
import type { HistoryEntry, LaneEvent } from '../../../main/lane-api/index.ts';
import { laneClient } from '../../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../../conformance/helpers/service-process.ts';
import { runEntry, type ChildRun } from '../../server/helpers/server-process.ts';
import { startLaneBench } from './helpers/lane-bench.ts';
import { LaneDriver } from './helpers/lane-driver.ts';
import { LaneSocketClient } from './helpers/lane-socket-client.ts';

let service: ServiceProcess;
let devices: TrainingDevices;
let dir: string;
let config: string;

beforeAll(async () => {
  service = await startServiceProcess();
  devices = await startTrainingDevices({ reader: 'wedge', pinTypingMs: 50 });
  dir = mkdtempSync(join(tmpdir(), 'laneterm-recovery-'));
  config = join(dir, 'lane.yaml');
  writeFileSync(
    config,
    stringify({
      laneId: '4',
      merchant: { name: 'Recovery Test Store' },
      server: {
        url: `https://127.0.0.1:${service.tlsPort}`,
        transport: 'v2',
        tls: { pin: service.fingerprint },
        apiKeyId: service.apiKey.id,
        deadlines: { answerMs: 3000 },
        lateAnswerMs: 5000,
      },
      journal: join(dir, 'journal.db'),
      devices: devices.config,
    }),
  );
});

afterAll(async () => {
  await devices.stop();
  await stopServiceProcess(service);
  rmSync(dir, { recursive: true, force: true });
});

/** `npm start -- --config FILE` as its own process, with the API key secret in its environment. */
async function startLaneProcess(): Promise<{
  run: ChildRun;
  driver: LaneDriver;
  client: LaneSocketClient;
}> {
  const socket = join(dir, 'lane.sock');
  const lane = ['--config', config, '--socket', socket, '--lane-data', join(dir, 'lane')];
  const run = runEntry('main/start.ts', lane, undefined, {
    LANETERM_API_KEY_SECRET: service.apiKey.secret,
  });
  await run.line(/lane API on /);
  const client = await LaneSocketClient.connect(socket);
  return { run, driver: new LaneDriver(client), client };
}

/**
 * A lane process whose credit sale of `amountMinor` on `cardId` reached its result (`outcome`), then
 * SIGKILLed there; answers the sale's entry id.
 */
async function killedAtResult(
  amountMinor: number,
  cardId: string,
  how: 'insert' | 'swipe',
  outcome: 'approved' | 'partial',
): Promise<string> {
  const first = await startLaneProcess();
  await first.driver.send({ type: 'sale.start', amountMinor, tender: 'credit' });
  await first.driver.step('card');
  await devices.present(cardId, how);
  const { result } = (await first.driver.result()).step;
  expect(result.outcome).toBe(outcome);
  first.client.close();
  first.run.child.kill('SIGKILL');
  await first.run.exited;
  return result.entryId ?? '';
}

async function entries(driver: LaneDriver): Promise<HistoryEntry[]> {
  return (await driver.send({ type: 'history.search', query: {} })).entries;
}

describe('recovery after the lane process is killed', () => {
  it('a sale killed between send and answer is checked at restart until the service has it, then reversed; the sale before it stands', async () => {
    const first = await startLaneProcess();
    await first.driver.send({ type: 'day.open' });
    await first.driver.idle();
    const sale = await first.driver.send({
      type: 'sale.start',
      amountMinor: 1200,
      tender: 'credit',
    });
    await first.driver.step('card');
    await devices.present('visa-x924', 'swipe');
    await first.driver.result();
    await first.driver.send({
      type: 'workflow.choose',
      workflowId: sale.workflowId,
      action: 'finish',
    });
    await first.driver.idle();

    const held = await first.driver.send({
      type: 'sale.start',
      amountMinor: 805,
      tender: 'credit',
    });
    await first.driver.step('card');
    await devices.present('diners', 'swipe');
    await first.driver.step('authorizing');
    const journal = new Database(join(dir, 'journal.db'), { readonly: true });
    let pending: { order_id: string } | undefined;
    for (let tries = 0; pending === undefined && tries < 100; tries += 1) {
      pending = journal
        .prepare(`SELECT order_id FROM entries WHERE workflow_id = ? AND state = 'pending'`)
        .get(held.workflowId) as { order_id: string } | undefined;
      if (pending === undefined) await sleep(20);
    }
    journal.close();
    expect(pending?.order_id).toMatch(/^[0-9a-f-]{36}$/);
    await sleep(300);
    first.client.close();
    first.run.child.kill('SIGKILL');
    await first.run.exited;

    const second = await startLaneProcess();
    const listed = (await second.driver.send({ type: 'lane.snapshot' })).interrupted;
    expect(listed).toEqual([
      expect.objectContaining({
        workflowId: held.workflowId,
        operation: 'sale',
        amountMinor: 805,
        tender: 'credit',
        card: expect.objectContaining({ lastFour: '1667' }),
      }),
    ]);
    let lines = await entries(second.driver);
    for (
      let tries = 0;
      lines.some((line) => line.outcome === 'checking') && tries < 100;
      tries += 1
    ) {
      await sleep(200);
      lines = await entries(second.driver);
    }
    expect(
      lines.map((line) => [line.operation, line.amountMinor, line.outcome, line.marks]),
    ).toEqual([
      ['reversal', 805, 'approved', []],
      ['sale', 805, 'approved', ['reversed']],
      ['sale', 1200, 'approved', []],
    ]);
    const status = await second.driver.send({ type: 'lane.snapshot' });
    expect(status.status.checking).toBe(0);
    expect(status.interrupted).toEqual([
      expect.objectContaining({ amountMinor: 805, status: 'reversed', undoneBy: 'reversal' }),
    ]);
    const seen = await second.driver.send({
      type: 'interrupted.acknowledge',
      entryId: status.interrupted[0]?.entryId ?? '',
    });
    expect(seen.interrupted).toEqual([]);
    const kept = await second.driver.send({ type: 'history.search', query: { interrupted: true } });
    expect(kept.entries.map((line) => [line.amountMinor, line.status])).toEqual([
      [805, 'reversed'],
    ]);

    const client = laneClient(service, 'v2');
    const lookup = await client.resolve(pending?.order_id ?? '');
    expect(lookup.status).toBe('approved');
    expect(lookup.status === 'approved' ? lookup.response.txnstatus : []).toContain('REVERSED');
    const report = await client.unsettledReport();
    const amounts = report.outcome === 'report' ? report.rows.map((row) => row.amount) : [];
    expect(amounts).toEqual(['12.00']);
    await client.close();
    second.client.close();
    second.run.child.kill('SIGTERM');
    await second.run.exited;
  }, 90_000);

  it('a chip sale killed at its approved result, the card having completed it, stands at restart', async () => {
    const entryId = await killedAtResult(1234, 'visa', 'insert', 'approved');

    const second = await startLaneProcess();
    try {
      const { snapshot } = await second.driver.next(
        (event): event is Extract<LaneEvent, { type: 'snapshot' }> => event.type === 'snapshot',
        'snapshot',
      );
      expect(snapshot.interrupted.map((entry) => entry.entryId)).not.toContain(entryId);
      const line = (await entries(second.driver)).find((candidate) => candidate.id === entryId);
      expect(line).toMatchObject({ outcome: 'approved', marks: [] });
    } finally {
      second.client.close();
      second.run.child.kill('SIGTERM');
      await second.run.exited;
    }
  });

  it('a split-tender sale killed after its partial approval is reversed at restart', async () => {
    const entryId = await killedAtResult(675, 'visa-x924', 'swipe', 'partial');

    const second = await startLaneProcess();
    let line: HistoryEntry | undefined;
    for (let tries = 0; line?.marks.includes('reversed') !== true && tries < 100; tries += 1) {
      if (tries > 0) await sleep(200);
      line = (await entries(second.driver)).find((candidate) => candidate.id === entryId);
    }
    expect(line).toMatchObject({ outcome: 'partial', approvedMinor: 500, marks: ['reversed'] });
    const client = laneClient(service, 'v2');
    const detail = await client.transactionDetail(line?.ttid ?? '');
    expect(detail.outcome === 'approved' ? detail.response.txnstatus : []).toContain('REVERSED');
    await client.close();
    second.client.close();
    second.run.child.kill('SIGTERM');
    await second.run.exited;
  });
});

/** A port free now (the service is restarted on it, so the lane's URL stays right). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
}

describe('recovery when the service is killed mid-sale', () => {
  it('the lane says checking while the service is down, then declined once it is back and has reversed the sale it never finished', async () => {
    const port = await freePort();
    const data = mkdtempSync(join(tmpdir(), 'laneterm-down-'));
    let down = await startServiceProcess(data, ['--port', String(port)]);
    const bench = await startLaneBench({
      service: down,
      devices: { reader: 'wedge' },
      answerMs: 3000,
      lateAnswerMs: 4000,
    });
    try {
      const { driver } = bench;
      const { workflowId } = await driver.send({
        type: 'sale.start',
        amountMinor: 830,
        tender: 'credit',
      });
      await driver.step('card');
      await bench.devices.present('visa-x924', 'swipe');
      await driver.step('authorizing');
      await sleep(300);
      await down.kill('SIGKILL');
      const checking = await driver.step('checking', (view) => view.step.canDefer);
      expect(checking.prompts.cashier).toBe('wait_checking');
      const status = await driver.next(
        (e): e is Extract<LaneEvent, { type: 'status' }> =>
          e.type === 'status' && e.status.server.state === 'down',
        'server down',
      );
      expect(status.status.checking).toBe(1);
      down = await startServiceProcess(data, ['--port', String(port)]);
      const result = await driver.result();
      expect(result.step.result).toMatchObject({
        outcome: 'declined',
        by: 'service',
        verbiage: expect.stringMatching(/^NOT COMPLETED: /),
      });
      // The lookup that found it was answered: the status bar says the service is up again.
      const after = await driver.send({ type: 'lane.snapshot' });
      expect(after.status.server.state).toBe('up');
      const [entry] = bench.lane.journal.entriesOf(workflowId);
      expect(entry).toMatchObject({ state: 'declined' });
      const client = laneClient(down, 'v2');
      expect((await client.resolve(entry?.orderId ?? '')).status).toBe('declined');
      await client.close();
      await driver.send({ type: 'workflow.cancel', workflowId });
      await driver.step('cancelled');
    } finally {
      await bench.stop();
      await stopServiceProcess(down);
    }
  });
});
