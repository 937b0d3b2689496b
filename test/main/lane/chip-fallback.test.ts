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
  it('a chip card swiped on the ID TECH reader (field 8 bit 5, its service code masked) is not sent: the lane asks for the chip, and the inserted chip is approved', async () => {
    const running = await lane('idtech');
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

  it('on a keyboard-wedge reader (its service code clear), after the chip fails, the same card swiped is approved as a fallback swipe, on the screen, in the journal and on the receipt', async () => {
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

  it('with chipFirst.attempts 2, one failed chip read still asks for the chip; the second opens the fallback', async () => {
    const running = await startBench({ devices: { reader: 'idtech' }, chipFirst: { attempts: 2 } });
    const workflowId = await saleAtCard(running, 1300);
    await running.devices.present('amex', 'swipe');
    await running.driver.step('card', (view) => view.step.problem === 'insert_chip');
    for (const attempt of [1, 2]) {
      running.devices.fault('emv', 'chip-unreadable');
      await running.devices.present('amex', 'insert');
      await running.driver.step('card', (view) => view.step.problem === 'card_unreadable');
      await running.devices.present('amex', 'swipe');
      if (attempt === 1)
        await running.driver.step('card', (view) => view.step.problem === 'insert_chip');
    }
    const result = await running.driver.result();
    expect(result.step.result).toMatchObject({
      card: { entry: 'fallback_swipe', lastFour: '8431' },
    });
    expect(running.lane.journal.entriesOf(workflowId)[0]?.card?.entry).toBe('fallback_swipe');
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

  it('a stripe-only card swiped on the ID TECH reader is approved as a swipe at once', async () => {
    const running = await lane('idtech');
    await saleAtCard(running, 700);
    await running.devices.present('visa-x924', 'swipe');
    const result = await running.driver.result();
    expect(result.step.result).toMatchObject({
      outcome: 'approved',
      card: { entry: 'swipe', lastFour: '8909' },
    });
  });

  it('while the EMV reader is out of step (its link open, silent), the card step offers only the swipe and keyed entry, and a chip card swiped is approved as a fallback swipe', async () => {
    const running = await lane('idtech');
    await saleAtCard(running, 1900);
    running.devices.fault('emv', 'no-answer*always');
    await running.devices.present('visa', 'swipe');
    await running.driver.step('card', (view) => view.step.problem === 'insert_chip');
    // The swipe's abandoned chip wait meets no answer; the next wait's fence fails and faults the reader.
    await vi.waitFor(
      () => {
        const emv = running.lane.engine.snapshot().status.devices.find(({ id }) => id === 'emv');
        expect(emv?.state).toBe('faulted');
      },
      { timeout: 20_000, interval: 50 },
    );
    // The screen no longer offers the chip reader's ways in.
    const shown = await running.driver.step(
      'card',
      (view) => view.step.name === 'card' && !view.step.accepts.includes('insert'),
    );
    expect(shown.step).toMatchObject({ name: 'card', accepts: ['swipe', 'keyed_pad'] });
    await running.devices.present('visa', 'swipe');
    const result = await running.driver.result();
    expect(result.step.result).toMatchObject({
      outcome: 'approved',
      card: { entry: 'fallback_swipe', lastFour: '1111' },
    });
    running.devices.fault('emv', 'no-answer*0');
  });
});
