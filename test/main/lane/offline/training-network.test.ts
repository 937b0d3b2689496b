import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineConfig } from '../../../../main/lane/offline/offline-config.ts';
import { startLaneBench, type LaneBench } from '../helpers/lane-bench.ts';

let bench: LaneBench;

beforeAll(async () => {
  bench = await startLaneBench({
    sweepMs: 600_000,
    offline: OfflineConfig.parse({
      allowed: true,
      floorLimits: { credit: { default: 5000 } },
      totalValueMinor: 20000,
      totalCount: 5,
      maxAgeHours: 24,
      entryMethods: ['swipe'],
    }),
  });
}, 120_000);
afterAll(async () => {
  await bench.stop();
});

describe("training's network down control", () => {
  it('takes the service away from a running lane: a sale goes offline, and back up it is forwarded', async () => {
    const { driver, devices, lane } = bench;
    await driver.send({ type: 'training.network', down: true });
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 1800,
      tender: 'credit',
    });
    await driver.step('card');
    await devices.present('visa-x924', 'swipe');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({ outcome: 'approved', offline: true });
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
    const [entry] = lane.journal.entriesOf(workflowId);
    expect(entry?.offline).toBe('waiting');
    await lane.engine.sweepNow();
    expect(lane.journal.get(entry?.id ?? '')?.offline).toBe('waiting');

    await driver.send({ type: 'training.network', down: false });
    await driver.notice('offline_forwarded');
    expect(lane.journal.get(entry?.id ?? '')).toMatchObject({
      state: 'approved',
      offline: 'forwarded',
      ttid: expect.stringMatching(/^\d+$/),
    });
  });
});
