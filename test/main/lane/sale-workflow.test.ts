import { describe, expect, it } from 'vitest';
import { benchPerTestOnOneService, swipedSale, type LaneBench } from './helpers/lane-bench.ts';

const startBench = benchPerTestOnOneService();

async function wedgeLane(settings = {}): Promise<LaneBench> {
  return startBench({ devices: { reader: 'wedge' }, settings });
}

describe('sale', () => {
  it('swiped credit sale: card → authorizing → approved, receipt printed with TRAINING, a history line', async () => {
    const { driver, devices } = await wedgeLane();
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 1250,
      tender: 'credit',
    });
    const card = await driver.step('card');
    expect(card.step).toMatchObject({ dueMinor: 1250, tender: 'credit' });
    expect(card.step.accepts).toEqual(expect.arrayContaining(['insert', 'tap', 'swipe']));
    expect(card.prompts).toEqual({ cashier: 'ask_for_card', customer: 'present_card' });
    await devices.present('visa-x924', 'swipe');
    const authorizing = await driver.step('authorizing');
    expect(authorizing.step).toMatchObject({ operation: 'sale', amountMinor: 1250 });
    const result = await driver.result();
    expect(result.step.result).toMatchObject({
      outcome: 'approved',
      amountMinor: 1250,
      card: { maskedAccount: 'XXXXXXXXX8909', brand: 'VISA', entry: 'swipe' },
    });
    expect(result.step.receipt.state).toBe('printed');
    expect(result.paidMinor).toBe(1250);
    const printed = devices.simulators.printer.text();
    expect(printed).toContain('TRAINING');
    expect(printed).toContain('12.50');
    expect(printed).not.toContain('4012345678909');
    expect(driver.receipts()[0]).toMatchObject({
      training: true,
      printed: 'printed',
      copy: 'customer',
    });
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
    const { entries } = await driver.send({ type: 'history.search', query: { text: '8909' } });
    expect(entries[0]).toMatchObject({
      operation: 'sale',
      outcome: 'approved',
      approvedMinor: 1250,
      actions: ['void', 'reprint', 'refund', 'tip'],
    });
  });

  it('a gift card is asked for by its stripe: the card step offers no chip and asks for a swipe, though the chip reader is ready', async () => {
    const { driver, devices } = await wedgeLane();
    const { workflowId } = await driver.send({ type: 'gift.activate' });
    const card = await driver.step('card');
    expect(card.step.accepts).toEqual(['swipe', 'keyed_pad']);
    expect(card.prompts).toEqual({ cashier: 'ask_for_swipe', customer: 'swipe_card' });
    await devices.present('gift-10', 'swipe');
    expect((await driver.result()).step.result).toMatchObject({ outcome: 'approved' });
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
  });

  it('a declined activation of a card keyed no amount names none, never $0.00', async () => {
    const { driver, devices } = await wedgeLane();
    const activate = async () => {
      const { workflowId } = await driver.send({ type: 'gift.activate' });
      await driver.step('card');
      await devices.present('gift-25', 'swipe');
      const view = await driver.result();
      await driver.endAt(workflowId, view);
      return view.step.result;
    };
    expect(await activate()).toMatchObject({ outcome: 'approved', amountMinor: 2500 });
    const again = await activate();
    expect(again).toMatchObject({ outcome: 'declined', reason: 'gift_already_active' });
    expect(again).not.toHaveProperty('amountMinor');
  });

  it('decline in cashier words, then another card is approved for the same amount', async () => {
    const { driver, devices } = await wedgeLane();
    const { workflowId } = await driver.send({ type: 'sale.start', amountMinor: 601 });
    await driver.step('tender');
    await driver.send({ type: 'workflow.tender', workflowId, tender: 'credit' });
    await driver.step('card');
    await devices.present('visa-x924', 'swipe');
    const declined = await driver.result();
    expect(declined.step.result).toMatchObject({
      outcome: 'declined',
      reason: 'declined',
      by: 'processor',
    });
    expect(declined.step.next).toEqual(['try_again', 'another_tender', 'cancel']);
    expect(declined.prompts.cashier).toBe('ask_another_card');
    await driver.send({ type: 'workflow.choose', workflowId, action: 'try_again' });
    await driver.step('card');
    await devices.present('diners', 'swipe');
    const second = await driver.result();
    expect(second.step.result).toMatchObject({ outcome: 'declined', reason: 'declined' });
    await driver.send({ type: 'workflow.cancel', workflowId });
    const cancelled = await driver.step('cancelled');
    expect(cancelled.step).toEqual({ name: 'cancelled', reversed: [], pending: [] });
  });

  it('cancel while waiting for the card leaves nothing in the journal', async () => {
    const { driver, lane } = await wedgeLane();
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 900,
      tender: 'credit',
    });
    await driver.step('card');
    await driver.send({ type: 'workflow.cancel', workflowId });
    const cancelled = await driver.step('cancelled');
    expect(cancelled.prompts.cashier).toBe('cancelled_nothing_charged');
    expect(lane.journal.entriesOf(workflowId)).toEqual([]);
    expect(lane.journal.workflow(workflowId)?.state).toBe('cancelled');
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
  });

  it('cancel while authorizing says at once it is asked and offers no second cancel; the answer is then reversed', async () => {
    const bench = await wedgeLane();
    const { driver } = bench;
    const workflowId = await swipedSale(bench);
    const authorizing = await driver.step('authorizing');
    expect(authorizing.canCancel).toBe(true);
    await driver.send({ type: 'workflow.cancel', workflowId });
    const asked = await driver.step('authorizing');
    expect(asked.prompts.cashier).toBe('cancel_asked');
    expect(asked.canCancel).toBe(false);
    expect(await driver.refused({ type: 'workflow.cancel', workflowId })).toMatchObject({
      code: 'wrong_step',
    });
    const cancelled = await driver.step('cancelled');
    expect(cancelled.step).toMatchObject({ reversed: [{ amountMinor: 803 }] });
  });

  it('a busy lane refuses a second workflow, and a stale screen cannot act on it', async () => {
    const { driver } = await wedgeLane();
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 100,
      tender: 'credit',
    });
    await driver.step('card');
    expect(await driver.refused({ type: 'sale.start', amountMinor: 100 })).toMatchObject({
      code: 'busy',
    });
    expect(
      await driver.refused({ type: 'workflow.cancel', workflowId: 'another-workflow' }),
    ).toMatchObject({ code: 'stale_workflow' });
    expect(
      await driver.refused({ type: 'workflow.tender', workflowId, tender: 'debit' }),
    ).toMatchObject({ code: 'wrong_step', rule: 'step.card' });
    await driver.send({ type: 'workflow.cancel', workflowId });
    await driver.step('cancelled');
  });

  it('keyed entry on the PIN pad needs a manager the service accepts; no card number passes the lane API or the journal', async () => {
    const { driver, lane, devices } = await wedgeLane({ manualEntry: 'override' });
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 1500,
      tender: 'credit',
    });
    const card = await driver.step('card');
    expect(card.step.accepts).toContain('keyed_pad');
    await devices.present('mc', 'key');
    await driver.send({ type: 'workflow.entry', workflowId, method: 'keyed_pad' });
    const override = await driver.step('override');
    expect(override.step).toMatchObject({
      reason: 'manual_entry',
      refused: false,
      trainingManager: { username: 'test_retail', password: 'publ1ct3st' },
    });
    await driver.send({
      type: 'workflow.override',
      workflowId,
      username: 'test_retail',
      password: 'wrong-pass',
    });
    await driver.step('override', (view) => view.step.refused);
    await driver.send({
      type: 'workflow.override',
      workflowId,
      username: 'test_retail',
      password: 'publ1ct3st',
    });
    const keyed = await driver.step('keyed_entry');
    expect(keyed.prompts).toMatchObject({ customer: 'key_card_on_pad' });
    const result = await driver.result();
    expect(result.step.result).toMatchObject({
      outcome: 'approved',
      card: { maskedAccount: 'XXXXXXXXXXXX5454', entry: 'keyed_pad', brand: 'MC' },
    });
    const entry = lane.journal.entriesOf(workflowId)[0];
    expect(JSON.stringify(entry)).not.toContain('5454545454545454');
    expect(JSON.stringify(driver.events)).not.toContain('5454545454545454');
    expect(
      await driver.refused({ type: 'workflow.manual_card', workflowId } as never),
    ).toMatchObject({ code: 'invalid_command' });
  });

  it('with keyed entry disabled the card step offers no keyed way in and refuses one', async () => {
    const { driver } = await wedgeLane({ manualEntry: 'disabled' });
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 1500,
      tender: 'credit',
    });
    const card = await driver.step('card');
    expect(card.step.accepts).not.toContain('keyed_pad');
    expect(
      await driver.refused({ type: 'workflow.entry', workflowId, method: 'keyed_pad' }),
    ).toMatchObject({ code: 'wrong_step' });
    await driver.send({ type: 'workflow.cancel', workflowId });
    await driver.step('cancelled');
  });

  it('sales need the day open', async () => {
    const bench = await startBench({ devices: { reader: 'wedge' }, openDay: false });
    expect(await bench.driver.refused({ type: 'sale.start', amountMinor: 100 })).toMatchObject({
      code: 'day_closed',
    });
  });

  it('partial approval asks for another tender; a second card pays the rest; both print', async () => {
    const { driver, devices, lane } = await wedgeLane();
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 675,
      tender: 'credit',
    });
    await driver.step('card');
    await devices.present('visa-x924', 'swipe');
    const partial = await driver.result();
    expect(partial.step.result).toMatchObject({
      outcome: 'partial',
      amountMinor: 500,
      requestedMinor: 675,
      remainingMinor: 175,
    });
    expect(partial.step.next).toEqual(['another_tender', 'void']);
    expect(partial.prompts).toEqual({ cashier: 'ask_another_tender', customer: 'see_cashier' });
    expect(lane.journal.workflow(workflowId)?.state).toBe('running');
    await driver.send({ type: 'workflow.choose', workflowId, action: 'another_tender' });
    const tender = await driver.step('tender');
    expect(tender.step.dueMinor).toBe(175);
    expect(tender.paidMinor).toBe(500);
    await driver.send({ type: 'workflow.tender', workflowId, tender: 'credit' });
    await driver.step('card');
    await devices.present('diners', 'swipe');
    const paid = await driver.result();
    expect(paid.step.result).toMatchObject({ outcome: 'approved', amountMinor: 175 });
    expect(paid.paidMinor).toBe(675);
    expect(paid.tenders.map((line) => line.amountMinor)).toEqual([500, 175]);
    expect(lane.journal.workflow(workflowId)?.state).toBe('complete');
    expect(driver.receipts().filter((receipt) => receipt.printed === 'printed')).toHaveLength(2);
  });

  it('a cardholder who cancels keyed entry on the pad brings attention; another way in returns to the card step', async () => {
    const { driver, devices, lane } = await wedgeLane({ manualEntry: 'enabled' });
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 300,
      tender: 'credit',
    });
    await driver.step('card');
    devices.setCardholderPin('cancel');
    await driver.keyOnPad(workflowId);
    const attention = await driver.step('attention');
    expect(attention.step).toMatchObject({
      problem: 'pin_cancelled',
      actions: ['retry', 'other_entry', 'cancel'],
    });
    devices.setCardholderPin('typed');
    await driver.send({ type: 'workflow.choose', workflowId, action: 'other_entry' });
    await driver.step('card');
    await devices.present('visa-x924', 'swipe');
    expect((await driver.result()).step.result).toMatchObject({ outcome: 'approved' });
    expect(lane.journal.entriesOf(workflowId)).toHaveLength(1);
  });
});
