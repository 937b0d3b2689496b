import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneClient } from '../../../conformance/helpers/lane-clients.ts';
import { startLaneBench, type LaneBench } from '../helpers/lane-bench.ts';
import { offlineRules } from '../helpers/offline-bench.ts';

let bench: LaneBench;

beforeAll(async () => {
  bench = await startLaneBench({
    sweepMs: 600_000,
    offline: offlineRules({ entryMethods: ['swipe', 'tap'] }),
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

  it('holds back every request while down, lookups and health checks too: a forward cut short is not looked up until the network is back', async () => {
    const { driver, devices, lane, service } = bench;
    await driver.send({ type: 'training.network', down: true });
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 1200,
      tender: 'credit',
    });
    await driver.step('card');
    await devices.present('diners', 'swipe');
    await driver.result();
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
    const [entry] = lane.journal.entriesOf(workflowId);
    if (entry?.orderId === undefined) throw new Error('no order id');
    // Its forward reached the service before the lane stopped hearing it.
    lane.journal.offline.forwarding(entry.id, Date.now() - 200_000);
    const card = lane.journal.offline.queued().find((item) => item.entry.id === entry.id)?.card;
    const outside = laneClient(service, 'v2');
    const early = await outside.run('sale', {
      ...card,
      amount: 1200,
      order_id: entry.orderId,
      offline_approved: 'yes',
    });
    await outside.close();
    expect(early.outcome).toBe('approved');

    expect(await lane.client.reachable()).toBe(false);
    expect((await lane.client.resolve(entry.orderId, { waitMs: 0 })).status).toBe('unknown');
    await lane.engine.sweepNow();
    expect(lane.journal.get(entry.id)?.offline).toBe('forwarding');

    await driver.send({ type: 'training.network', down: false });
    await driver.notice('offline_forwarded');
    expect(lane.journal.get(entry.id)).toMatchObject({
      offline: 'forwarded',
      ttid: early.outcome === 'approved' ? early.response.ttid : '',
    });
  });

  it('approves a tap offline by the configured rules alone, queued with the reader data', async () => {
    const { driver, devices, lane } = bench;
    await driver.send({ type: 'training.network', down: true });
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 900,
      tender: 'credit',
    });
    await driver.step('card');
    await devices.present('mc', 'tap');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({
      outcome: 'approved',
      offline: true,
      card: { entry: 'tap' },
    });
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
    const queued = lane.journal.offline
      .queued()
      .find((item) => item.entry.workflowId === workflowId);
    expect(queued?.card).toMatchObject({ icc: expect.stringMatching(/^[0-9A-F]+$/), rfid: 'yes' });
    await driver.send({ type: 'training.network', down: false });
    await driver.notice('offline_forwarded');
    expect(lane.journal.get(queued?.entry.id ?? '')?.offline).toBe('forwarded');
  });
});
