// A tip adjusted onto a sale is part of what the card is charged (docs/lane.md, History: void,
// refund, tip): its history line shows the sale with the tip, the service holds that total, the
// day's batch counts it, and once settled the whole of it may be refunded.
import { afterEach, describe, expect, it } from 'vitest';
import { startLaneBench, swipedSale, type LaneBench } from './helpers/lane-bench.ts';
import type { LaneDriver } from './helpers/lane-driver.ts';

let bench: LaneBench | undefined;

afterEach(async () => {
  await bench?.stop();
  bench = undefined;
});

/** The history line of `entryId` as the lane shows it now. */
async function lineOf(driver: LaneDriver, entryId: string) {
  const { entries } = await driver.send({ type: 'history.search', query: {} });
  return entries.find((entry) => entry.id === entryId);
}

/** Done with a workflow's result; resolves once the lane is idle. */
async function finish(driver: LaneDriver, workflowId: string): Promise<void> {
  await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
  await driver.idle();
}

describe('a tip adjusted onto a sale', () => {
  it('shows the sale with its tip, settles that total and lets all of it be refunded', async () => {
    bench = await startLaneBench({ devices: { reader: 'wedge' } });
    const { driver, lane } = bench;
    const saleId = await swipedSale(bench, 1234);
    const entryId = (await driver.result()).step.result.entryId ?? '';
    await finish(driver, saleId);

    const tip = await driver.send({ type: 'history.tip', entryId, tipMinor: 200 });
    expect((await driver.result()).step.result).toMatchObject({ outcome: 'approved' });
    await finish(driver, tip.workflowId);
    expect(await lineOf(driver, entryId)).toMatchObject({
      approvedMinor: 1234,
      tipMinor: 200,
      chargedMinor: 1434,
      remainingMinor: 1434,
      actions: expect.arrayContaining(['refund', 'tip']),
    });

    const closing = await driver.send({ type: 'day.close' });
    expect((await driver.step('confirm')).step.day).toMatchObject({ saleMinor: 1434 });
    await driver.send({
      type: 'workflow.choose',
      workflowId: closing.workflowId,
      action: 'confirm',
    });
    expect((await driver.result()).step.result).toMatchObject({ settlement: { saleMinor: 1434 } });
    await finish(driver, closing.workflowId);
    await driver.send({ type: 'day.open' });
    await driver.idle();

    const refund = await driver.send({ type: 'history.refund', entryId, amountMinor: 1434 });
    expect((await driver.step('confirm')).step.moves).toMatchObject([
      { operation: 'refund', amountMinor: 1434 },
    ]);
    await driver.send({
      type: 'workflow.choose',
      workflowId: refund.workflowId,
      action: 'confirm',
    });
    expect((await driver.result()).step.result).toMatchObject({
      outcome: 'approved',
      operation: 'refund',
      amountMinor: 1434,
    });
    await finish(driver, refund.workflowId);
    expect(lane.journal.get(entryId)?.refundedMinor).toBe(1434);
    expect(await lineOf(driver, entryId)).toMatchObject({ status: 'refunded', remainingMinor: 0 });
  }, 120_000);
});

describe('the receipts of a tipped sale', () => {
  it('print the amount, the tip and the total charged: the tip adjust’s and either copy reprinted', async () => {
    bench = await startLaneBench({ devices: { reader: 'wedge' } });
    const { driver } = bench;
    const saleId = await swipedSale(bench, 1234);
    const entryId = (await driver.result()).step.result.entryId ?? '';
    await finish(driver, saleId);
    const tip = await driver.send({ type: 'history.tip', entryId, tipMinor: 200 });
    await driver.result();
    await finish(driver, tip.workflowId);
    const adjusted = driver.receipts().at(-1);
    expect(adjusted?.text).toMatch(/^AMOUNT +\$12\.34$/m);
    expect(adjusted?.text).toMatch(/^TIP +\$2\.00$/m);
    expect(adjusted?.text).toMatch(/^TOTAL +\$14\.34$/m);

    for (const copy of ['customer', 'merchant'] as const) {
      const reprint = await driver.send({ type: 'history.reprint', entryId, copy });
      await driver.result();
      await finish(driver, reprint.workflowId);
      const printed = driver.receipts().at(-1);
      expect(printed).toMatchObject({ duplicate: true, copy });
      expect(printed?.text).toMatch(/^AMOUNT +\$12\.34$/m);
      expect(printed?.text).toMatch(/^TIP +\$2\.00$/m);
      expect(printed?.text).toMatch(/^TOTAL +\$14\.34$/m);
      expect(printed?.text).not.toContain('CURRENT AMOUNT');
    }
  }, 120_000);
});
