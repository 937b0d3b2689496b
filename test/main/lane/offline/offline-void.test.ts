import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineConfig } from '../../../../main/lane/offline/offline-config.ts';
import { startLaneBench, type LaneBench } from '../helpers/lane-bench.ts';

const OFFLINE = OfflineConfig.parse({
  allowed: true,
  floorLimits: { credit: { default: 5000 } },
  totalValueMinor: 20000,
  totalCount: 10,
  maxAgeHours: 24,
  entryMethods: ['swipe'],
});

let bench: LaneBench;

beforeAll(async () => {
  bench = await startLaneBench({ offline: OFFLINE, sweepMs: 600_000 });
  await bench.driver.send({ type: 'training.network', down: true });
}, 120_000);
afterAll(async () => {
  await bench.stop();
});

describe('a void of a sale approved offline', () => {
  it("withdraws it from the queue, so it is never forwarded, and records the lane's own void", async () => {
    const { driver, devices } = bench;
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 1500,
      tender: 'credit',
    });
    await driver.step('card');
    await devices.present('visa-x924', 'swipe');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({ outcome: 'approved', offline: true });
    await driver.send({ type: 'workflow.choose', workflowId, action: 'void' });
    const confirm = await driver.step('confirm');
    expect(confirm.step).toMatchObject({ name: 'confirm', ask: 'void' });
    expect(confirm.step.moves).toHaveLength(1);
    await driver.send({ type: 'workflow.choose', workflowId, action: 'confirm' });
    const cancelled = await driver.step('cancelled');
    expect(cancelled.step).toMatchObject({ confirmed: true, pending: [] });
    expect(cancelled.step.reversed).toHaveLength(1);
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();

    const journal = bench.lane.journal;
    expect(journal.offline.queued()).toEqual([]);
    const [entry] = journal.entriesOf(workflowId);
    expect(entry).toMatchObject({ state: 'approved', offline: 'withdrawn' });
    expect(entry?.marks).toContain('voided');
    const moves = journal.movesOf(entry?.id ?? '');
    expect(moves).toMatchObject([{ operation: 'void', state: 'approved', decidedBy: 'lane' }]);
    const { status } = await driver.send({ type: 'lane.snapshot' });
    expect(status.offline).toEqual({ waiting: 0, valueMinor: 0, declined: 0 });
  });
});
