import { describe, expect, it, vi } from 'vitest';
import { benchPerTestOnOneService, type LaneBench } from './helpers/lane-bench.ts';

const startBench = benchPerTestOnOneService();

async function lane(reader: 'idtech' | 'wedge' = 'idtech'): Promise<LaneBench> {
  return startBench({ devices: { reader } });
}

/** Resolves once the chip reader has started its `count`th card wait (the lane re-arms it on every card step). */
async function chipWait({ devices }: LaneBench, count: number): Promise<void> {
  const emv = devices.simulators.emv;
  await vi.waitFor(() => expect(emv.activations >= count && emv.activated).toBe(true), {
    timeout: 20_000,
    interval: 20,
  });
}

async function saleAtCard(running: LaneBench, amountMinor: number): Promise<string> {
  const { driver } = running;
  const { workflowId } = await driver.send({ type: 'sale.start', amountMinor, tender: 'credit' });
  await driver.step('card');
  await chipWait(running, 1);
  return workflowId;
}

describe('chip first at the card step', () => {
  it('a chip card swiped is not sent: the lane asks for the chip, and the inserted chip is approved', async () => {
    const running = await lane('wedge');
    const workflowId = await saleAtCard(running, 1500);
    await running.devices.present('visa', 'swipe');
    const asked = await running.driver.step('card', (view) => view.step.problem === 'insert_chip');
    expect(asked.step).toMatchObject({ name: 'card', tender: 'credit', dueMinor: 1500 });
    expect(running.lane.journal.entriesOf(workflowId)).toEqual([]);
    // Inserted the moment the prompt shows: the swipe's abandoned chip wait has ended by then.
    await running.devices.present('visa', 'insert');
    const result = await running.driver.result();
    expect(result.step.result).toMatchObject({ outcome: 'approved', card: { entry: 'insert' } });
  });

  it('after the chip fails, the same card swiped is approved as a fallback swipe, on the screen, in the journal and on the receipt', async () => {
    const running = await lane('wedge');
    const workflowId = await saleAtCard(running, 2100);
    await running.devices.present('mc', 'swipe');
    await running.driver.step('card', (view) => view.step.problem === 'insert_chip');
    running.devices.fault('emv', 'chip-unreadable');
    await chipWait(running, 2);
    await running.devices.present('mc', 'insert');
    await running.driver.step('card', (view) => view.step.problem === 'card_unreadable');
    await running.devices.present('mc', 'swipe');
    const result = await running.driver.result();
    expect(result.step.result).toMatchObject({
      outcome: 'approved',
      amountMinor: 2100,
      card: { brand: 'MC', entry: 'fallback_swipe', maskedAccount: 'XXXXXXXXXXXX5454' },
    });
    const [entry] = running.lane.journal.entriesOf(workflowId);
    expect(entry?.card?.entry).toBe('fallback_swipe');
    expect(running.devices.simulators.printer.text()).toMatch(/ENTRY\s+SWIPED \(CHIP FAILED\)/);
  });

  it('a failed read before the lane asked for the chip does not open the fallback', async () => {
    const running = await lane('wedge');
    await saleAtCard(running, 900);
    running.devices.fault('reader', 'garbage');
    await running.devices.present('amex', 'swipe');
    await running.driver.step('card', (view) => view.step.problem === 'card_unreadable');
    await running.devices.present('amex', 'swipe');
    await running.driver.step('card', (view) => view.step.problem === 'insert_chip');
  });

  it('a stripe-only card swiped is approved as a swipe at once', async () => {
    const running = await lane('wedge');
    await saleAtCard(running, 700);
    await running.devices.present('visa-x924', 'swipe');
    const result = await running.driver.result();
    expect(result.step.result).toMatchObject({
      outcome: 'approved',
      card: { entry: 'swipe', lastFour: '8909' },
    });
  });
});
