import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashManagerSecret } from '../../../../main/lane/offline/offline-managers.ts';
import { startLaneBench, type LaneBench } from '../helpers/lane-bench.ts';
import { offlineRules } from '../helpers/offline-bench.ts';

let bench: LaneBench;

beforeAll(async () => {
  const offline = offlineRules({
    managerOverride: true,
    managers: [{ name: 'ana', secretHash: await hashManagerSecret('4711') }],
  });
  bench = await startLaneBench({ sweepMs: 600_000, offline, settings: { merchantCopy: true } });
  await bench.driver.send({ type: 'training.network', down: true });
}, 120_000);
afterAll(async () => {
  await bench.stop();
});

/** A swiped credit sale of 80.00, over the 50.00 floor limit, up to the manager's override step. */
async function overFloorLimit(): Promise<string> {
  const { driver, devices } = bench;
  const { workflowId } = await driver.send({
    type: 'sale.start',
    amountMinor: 8000,
    tender: 'credit',
  });
  await driver.step('card');
  await devices.present('diners', 'swipe');
  const asked = await driver.step('override');
  expect(asked.step).toMatchObject({ reason: 'offline_limit', refused: false });
  expect(asked.step).not.toHaveProperty('trainingManager');
  return workflowId;
}

/** Gives the override step a name and secret; waits for the next override step or the result. */
async function manager(workflowId: string, username: string, password: string): Promise<void> {
  await bench.driver.send({ type: 'workflow.override', workflowId, username, password });
}

describe("a manager's override of an offline limit (lane.yaml offline.managers)", () => {
  it('passes the floor limit after a wrong secret and an unknown name; the approval and its merchant copy name the manager', async () => {
    const { driver, lane } = bench;
    const workflowId = await overFloorLimit();
    await manager(workflowId, 'ana', '0000');
    await driver.step('override', (view) => view.step.refused);
    await manager(workflowId, 'bob', '4711');
    await driver.step('override', (view) => view.step.refused);
    await manager(workflowId, 'ana', '4711');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({ outcome: 'approved', offline: true });
    const [entry] = lane.journal.entriesOf(workflowId);
    expect(entry).toMatchObject({ offline: 'waiting', offlineOverride: 'ana' });
    const printed = bench.devices.simulators.printer.text();
    const customerEnd = printed.indexOf('CUSTOMER COPY');
    const merchantEnd = printed.indexOf('MERCHANT COPY');
    expect(customerEnd).toBeGreaterThan(-1);
    expect(printed.slice(0, customerEnd)).not.toContain('OFFLINE OVERRIDE');
    expect(printed.slice(customerEnd, merchantEnd)).toMatch(/OFFLINE OVERRIDE\s+ana/);
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
  });

  it('declines the sale after three wrong tries, nothing queued', async () => {
    const { driver, lane } = bench;
    const waiting = lane.journal.offline.totals(true).count;
    const workflowId = await overFloorLimit();
    await manager(workflowId, 'ana', '1');
    await driver.step('override', (view) => view.step.refused);
    await manager(workflowId, 'ana', '2');
    await driver.step('override', (view) => view.step.refused);
    await manager(workflowId, 'ana', '3');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({ outcome: 'declined', reason: 'override_refused' });
    expect(lane.journal.offline.totals(true).count).toBe(waiting);
    expect(lane.journal.entriesOf(workflowId)[0]).toMatchObject({
      state: 'declined',
      verbiage: expect.stringMatching(
        /over the offline floor limit of 50\.00; no manager passed it/,
      ),
    });
    await driver.send({ type: 'workflow.cancel', workflowId });
    await driver.step('cancelled');
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
  });
});
