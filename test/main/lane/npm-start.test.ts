import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEntry, type ChildRun } from '../../server/helpers/server-process.ts';
import { LaneDriver } from './helpers/lane-driver.ts';
import { LaneSocketClient } from './helpers/lane-socket-client.ts';

let dir: string;
let run: ChildRun;
let client: LaneSocketClient;
let driver: LaneDriver;

const LINE =
  /^LaneTerm lane \(TRAINING\): lane API on (\S+), payment service https:\/\/127\.0\.0\.1:\d+; open http:\/\/127\.0\.0\.1:\d+\/#token=[\w-]{43}$/;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'laneterm-start-'));
  run = runEntry('main/start.ts', [
    '--browser',
    '--port',
    '0',
    '--plain-port',
    '0',
    '--data',
    join(dir, 'server'),
    '--lane-data',
    join(dir, 'lane'),
  ]);
  const line = await run.line(/lane API on /);
  const socket = LINE.exec(line)?.[1] ?? '';
  client = await LaneSocketClient.connect(socket);
  driver = new LaneDriver(client);
});

afterAll(async () => {
  client.close();
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start with no configuration (training mode)', () => {
  it('prints one line saying where the lane is', () => {
    expect(run.stdout.filter((line) => line.trim() !== '')).toEqual([expect.stringMatching(LINE)]);
  });

  it('brings up a training lane with its day open and the simulated devices', async () => {
    const snapshot = await driver.send({ type: 'lane.snapshot' });
    expect(snapshot.settings).toMatchObject({ training: true, configSource: 'training' });
    expect(snapshot.status).toMatchObject({ training: true, dayOpen: true });
    expect(snapshot.status.devices.map((device) => device.id)).toEqual([
      'reader',
      'emv',
      'pinpad',
      'printer',
    ]);
    const { cards } = await driver.send({ type: 'training.cards' });
    expect(cards.find((card) => card.id === 'visa')).toEqual({
      id: 'visa',
      description: 'Visa credit, chip',
      brand: 'VISA',
      funding: 'credit',
      lastFour: '1111',
      presentations: ['swipe', 'key', 'insert', 'fallback', 'tap'],
    });
    expect(JSON.stringify(cards)).not.toContain('4111111111111111');
  });

  it('is driven through the lane API to an approved sale with a printed TRAINING receipt', async () => {
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 4321,
      tender: 'credit',
    });
    await driver.step('card');
    await driver.send({ type: 'training.present', card: 'visa', how: 'insert' });
    const result = await driver.result();
    expect(result.training).toBe(true);
    expect(result.step.result).toMatchObject({ outcome: 'approved', amountMinor: 4321 });
    expect(result.step.receipt.state).toBe('printed');
    const [receipt] = driver.receipts();
    expect(receipt).toMatchObject({ printed: 'printed', training: true });
    expect(receipt?.text).toContain('TRAINING');
    expect(receipt?.text).toContain('43.21');
    expect(receipt?.text).not.toContain('4111111111111111');
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
  });
});
