// Undo is deliberate (docs/lane.md, Confirmations): after an approval a cancel reverses nothing on
// its own; a void is confirmed on a screen naming what will be sent, going back sends nothing, and
// a confirmed void prints the receipt of what was sent. History's void and refund, and closing the
// day, are confirmed the same way.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../../conformance/helpers/service-process.ts';
import { startLaneBench, type LaneBench } from './helpers/lane-bench.ts';
import type { LaneDriver } from './helpers/lane-driver.ts';

let service: ServiceProcess;
let bench: LaneBench | undefined;

beforeAll(async () => {
  service = await startServiceProcess();
});
afterEach(async () => {
  await bench?.stop();
  bench = undefined;
});
afterAll(async () => {
  await stopServiceProcess(service);
});

async function approvedSale(amountMinor: number, card = 'diners', own = false) {
  bench = await startLaneBench({
    ...(own ? {} : { service }),
    devices: { reader: 'wedge' },
  });
  const { driver, devices } = bench;
  const { workflowId } = await driver.send({ type: 'sale.start', amountMinor, tender: 'credit' });
  await driver.step('card');
  await devices.present(card, 'swipe');
  const result = await driver.result();
  return { ...bench, workflowId, result };
}

const choose = (driver: LaneDriver, workflowId: string, action: 'void' | 'confirm' | 'back') =>
  driver.send({ type: 'workflow.choose', workflowId, action });

describe('undo after an approval', () => {
  it('offers void, not cancel, and refuses a cancel: nothing is reversed by it', async () => {
    const { driver, lane, workflowId, result } = await approvedSale(2275);
    expect(result.step.next).toEqual(['finish', 'reprint', 'void']);
    expect(result.canCancel).toBe(false);
    expect(await driver.refused({ type: 'workflow.cancel', workflowId })).toMatchObject({
      code: 'wrong_step',
      rule: 'step.result',
    });
    expect(
      await driver.refused({ type: 'workflow.choose', workflowId, action: 'cancel' }),
    ).toMatchObject({ code: 'wrong_step' });
    const entryId = result.step.result.entryId ?? '';
    expect(lane.journal.get(entryId)?.marks).toEqual([]);
    expect(lane.journal.entriesOf(workflowId)).toHaveLength(1);
  });

  it('void asks first, naming what will be sent; back returns to the result and sends nothing', async () => {
    const { driver, lane, workflowId, result } = await approvedSale(2275);
    await choose(driver, workflowId, 'void');
    const confirm = await driver.step('confirm');
    expect(confirm.step).toEqual({
      name: 'confirm',
      ask: 'void',
      moves: [
        {
          operation: 'reversal',
          amountMinor: 2275,
          tender: 'credit',
          card: expect.objectContaining({ lastFour: '1667', brand: 'DINERS' }),
        },
      ],
      next: ['confirm', 'back'],
    });
    expect(confirm.prompts).toEqual({ cashier: 'confirm_void', customer: null });
    expect(confirm.canCancel).toBe(false);
    await choose(driver, workflowId, 'back');
    const again = await driver.step('result');
    expect(again.step.result).toEqual(result.step.result);
    expect(lane.journal.entriesOf(workflowId)).toHaveLength(1);
  });

  it('a confirmed void reverses the sale, names the reversal and prints its receipt', async () => {
    const { driver, lane, devices, workflowId, result } = await approvedSale(2275);
    const printedBefore = driver.receipts().length;
    await choose(driver, workflowId, 'void');
    await driver.step('confirm');
    await choose(driver, workflowId, 'confirm');
    const cancelled = await driver.step('cancelled');
    const entryId = result.step.result.entryId ?? '';
    expect(cancelled.step).toMatchObject({
      confirmed: true,
      reversed: [expect.objectContaining({ entryId, amountMinor: 2275, undoneBy: 'reversal' })],
      pending: [],
    });
    expect(cancelled.prompts.cashier).toBe('voided_give_receipt');
    expect(lane.journal.get(entryId)?.marks).toEqual(['reversed']);
    const receipts = driver.receipts().slice(printedBefore);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain('REVERSAL');
    expect(devices.simulators.printer.text()).toContain('REVERSAL');
  });

  it('a cancel while paying the rest of a partial approval asks to void it; back asks the tender again', async () => {
    const { driver, lane, devices } = (bench = await startLaneBench({
      service,
      devices: { reader: 'wedge' },
    }));
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 676,
      tender: 'credit',
    });
    await driver.step('card');
    await devices.present('diners', 'swipe');
    const partial = await driver.result();
    expect(partial.step.next).toEqual(['another_tender', 'void']);
    await driver.send({ type: 'workflow.choose', workflowId, action: 'another_tender' });
    await driver.step('tender');
    await driver.send({ type: 'workflow.tender', workflowId, tender: 'credit' });
    await driver.step('card');
    await driver.send({ type: 'workflow.cancel', workflowId });
    const confirm = await driver.step('confirm');
    expect(confirm.step).toMatchObject({
      ask: 'void',
      moves: [{ operation: 'reversal', amountMinor: 500, tender: 'credit' }],
    });
    await choose(driver, workflowId, 'back');
    const tender = await driver.step('tender');
    expect(tender.step.dueMinor).toBe(176);
    await driver.send({ type: 'workflow.cancel', workflowId });
    await driver.step('confirm');
    await choose(driver, workflowId, 'confirm');
    const cancelled = await driver.step('cancelled');
    expect(cancelled.step.reversed.map((line) => [line.amountMinor, line.undoneBy])).toEqual([
      [500, 'reversal'],
    ]);
    expect(lane.journal.workflow(workflowId)?.state).toBe('cancelled');
  });
});

describe('history and the day ask the same way', () => {
  it('history void and refund show the move they will send; back sends nothing', async () => {
    const { driver, lane, workflowId: saleId, result } = await approvedSale(1250, 'visa-x924');
    await driver.send({ type: 'workflow.choose', workflowId: saleId, action: 'finish' });
    await driver.idle();
    const entryId = result.step.result.entryId ?? '';
    const voiding = await driver.send({ type: 'history.void', entryId });
    const confirm = await driver.step('confirm');
    expect(confirm.step).toMatchObject({
      ask: 'void',
      moves: [{ operation: 'reversal', amountMinor: 1250, tender: 'credit' }],
    });
    await choose(driver, voiding.workflowId, 'back');
    await driver.idle();
    expect(lane.journal.entriesOf(voiding.workflowId)).toEqual([]);

    const refunding = await driver.send({ type: 'history.refund', entryId, amountMinor: 400 });
    const refund = await driver.step('confirm');
    expect(refund.step).toMatchObject({
      ask: 'refund',
      moves: [{ operation: 'refund', amountMinor: 400, tender: 'credit' }],
    });
    await choose(driver, refunding.workflowId, 'confirm');
    const done = await driver.result();
    expect(done.step.result).toMatchObject({ outcome: 'approved', operation: 'refund' });
    expect(lane.journal.get(entryId)?.refundedMinor).toBe(400);
  });

  it('closing the day shows the open batch by tender and brand first; back leaves it open', async () => {
    const { driver, lane, workflowId: saleId } = await approvedSale(1250, 'visa-x924', true);
    await driver.send({ type: 'workflow.choose', workflowId: saleId, action: 'finish' });
    await driver.idle();
    const closing = await driver.send({ type: 'day.close' });
    const confirm = await driver.step('confirm');
    expect(confirm.step.ask).toBe('close_day');
    expect(confirm.step.day).toMatchObject({
      saleCount: 1,
      saleMinor: 1250,
      lines: [{ tender: 'credit', brand: 'VISA', saleCount: 1, saleMinor: 1250 }],
    });
    expect(confirm.step.day?.batch).toMatch(/^\d+$/);
    await choose(driver, closing.workflowId, 'back');
    await driver.idle();
    expect((await driver.send({ type: 'lane.snapshot' })).status.dayOpen).toBe(true);

    const closed = await driver.send({ type: 'day.close' });
    const again = await driver.step('confirm');
    await choose(driver, closed.workflowId, 'confirm');
    const settled = await driver.result();
    expect(settled.step.result).toMatchObject({
      operation: 'settle',
      amountMinor: 1250,
      settlement: { batch: again.step.day?.batch, saleMinor: 1250, count: 1 },
    });
    expect(settled.prompts).toEqual({ cashier: 'day_settled', customer: null });
    const notices = driver.events.flatMap((event) =>
      event.type === 'notice' ? [event.notice] : [],
    );
    expect(notices.find((notice) => notice.code === 'day_closed')).toMatchObject({
      params: { batch: again.step.day?.batch },
    });
    expect(lane.journal.search({}).every((entry) => entry.marks.includes('settled'))).toBe(true);
  }, 120_000);
});
