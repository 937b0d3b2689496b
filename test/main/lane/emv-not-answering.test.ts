// A chip reader that stops answering while the card step has it activated is told to the cashier,
// while a slow customer is not (docs/devices.md › EMV reader, docs/lane.md › Sale): each Activate
// carries its timeout, the lane activates again on "no card in time", and a reader silent past the
// timeout and its margin is reported not answering.
import { describe, expect, it, vi } from 'vitest';
import type { DevicesConfig } from '../../../main/devices/index.ts';
import { benchPerTestOnOneService, type LaneBench } from './helpers/lane-bench.ts';

const startBench = benchPerTestOnOneService();

/** Activations of 1 s and a 500 ms margin, so a test meets several of them. */
const quickActivations = (config: DevicesConfig): DevicesConfig => ({
  ...config,
  ...(config.emv === undefined
    ? {}
    : { emv: { ...config.emv, activationTimeoutS: 1, answerMarginMs: 500 } }),
});

/** Resolves once the chip reader has started its `count`th card wait and still waits. */
async function chipWait({ devices }: LaneBench, count: number): Promise<void> {
  const emv = devices.simulators.emv;
  await vi.waitFor(() => expect(emv.activations >= count && emv.activated).toBe(true), {
    timeout: 20_000,
    interval: 20,
  });
}

/** The EMV reader as the status bar shows it. */
function emvOnStatusBar({ lane }: LaneBench) {
  return lane.engine.snapshot().status.devices.find((device) => device.kind === 'emv');
}

describe('a chip reader during the card step', () => {
  it('one that goes silent after the Activate brings attention with another way in and retry, shows faulted, and once it answers again the retried sale is approved once', async () => {
    const running = await startBench({
      editDevices: quickActivations,
      settings: { manualEntry: 'enabled' },
    });
    const { driver, devices, lane } = running;
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 1200,
      tender: 'credit',
    });
    await driver.step('card');
    await chipWait(running, 1);
    devices.fault('emv', 'no-answer*always');
    // Reported at the silence limit, long before the card wait's own 60 s deadline.
    const attention = await driver.step('attention');
    expect(attention.step).toMatchObject({
      problem: 'reader_not_answering',
      actions: ['retry', 'change_tender', 'other_entry', 'cancel'],
    });
    expect(emvOnStatusBar(running)).toMatchObject({
      state: 'faulted',
      errorCode: 'NOT_ANSWERING',
    });
    expect(lane.journal.entriesOf(workflowId)).toEqual([]);

    devices.fault('emv', 'no-answer*0');
    await vi.waitFor(() => expect(emvOnStatusBar(running)?.state).toBe('connected'), {
      timeout: 20_000,
      interval: 50,
    });
    const before = devices.simulators.emv.activations;
    await driver.send({ type: 'workflow.choose', workflowId, action: 'retry' });
    await driver.step('card');
    await chipWait(running, before + 1);
    await devices.present('visa', 'insert');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({ outcome: 'approved', card: { entry: 'insert' } });
    expect(lane.journal.entriesOf(workflowId)).toHaveLength(1);
  });

  it('a slow customer: the reader answers "no card in time" and is activated again, the card step stays as it was, nothing is reported, and the card inserted later is approved', async () => {
    const running = await startBench({ editDevices: quickActivations });
    const { driver, devices } = running;
    await driver.send({ type: 'sale.start', amountMinor: 1300, tender: 'credit' });
    await driver.step('card');
    await chipWait(running, 3);
    const view = running.lane.engine.snapshot().workflow;
    expect(view?.step).toMatchObject({ name: 'card' });
    expect(view?.step).not.toHaveProperty('problem');
    expect(emvOnStatusBar(running)).toMatchObject({ state: 'connected' });
    expect(emvOnStatusBar(running)).not.toHaveProperty('errorCode');
    await devices.present('visa', 'insert');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({ outcome: 'approved', card: { entry: 'insert' } });
  });
});
