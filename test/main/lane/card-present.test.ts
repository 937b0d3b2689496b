import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DECLINE_WORDS, type LaneCommand } from '../../../main/lane-api/index.ts';
import type { PaymentResponse } from '../../../main/payment/index.ts';
import { laneClient } from '../../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../../conformance/helpers/service-process.ts';
import { startLaneBench, type LaneBench } from './helpers/lane-bench.ts';

let service: ServiceProcess;
let bench: LaneBench | undefined;

beforeAll(async () => {
  service = await startServiceProcess();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await bench?.stop();
  bench = undefined;
});
afterAll(async () => {
  await stopServiceProcess(service);
});

async function lane(reader: 'idtech' | 'wedge' = 'idtech'): Promise<LaneBench> {
  bench = await startLaneBench({ service, devices: { reader } });
  return bench;
}

/** The service's own record of a transaction (transaction detail). */
async function detailOf(ttid: string | undefined): Promise<PaymentResponse> {
  const client = laneClient(service, 'v2');
  try {
    const found = await client.transactionDetail(ttid ?? '');
    if (found.outcome !== 'approved') throw new Error(`no detail of ${String(ttid)}`);
    return found.response;
  } finally {
    await client.close();
  }
}

/**
 * Starts a gift activation or a sale, has test card `cardId` keyed on the PIN pad at the card
 * step, and answers the workflow's id, its keyed entry view and its result view.
 */
async function keyedOnPad(
  { driver, devices }: LaneBench,
  command: Extract<LaneCommand, { type: 'gift.activate' | 'sale.start' }>,
  cardId: string,
) {
  const { workflowId } = await driver.send(command);
  await driver.step('card');
  await devices.present(cardId, 'key');
  const keyed = await driver.keyOnPad(workflowId);
  return { workflowId, keyed, result: await driver.result() };
}

/** Closes a workflow at its result (Done) and waits for the lane to be idle. */
async function finish({ driver }: LaneBench, workflowId: string): Promise<void> {
  await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
  await driver.idle();
}

describe('card-present sales against the running service', () => {
  it('a swipe on the encrypting reader goes as reader data and is approved; nothing is written to the console', async () => {
    const error = vi.spyOn(console, 'error');
    const { driver, devices, lane: running } = await lane('idtech');
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 3199,
      tender: 'credit',
    });
    await driver.step('card');
    devices.fault('reader', 'bad-checksum');
    await devices.present('visa-x924', 'swipe');
    await driver.step('card', (view) => view.step.problem === 'card_unreadable');
    await devices.present('visa-x924', 'swipe');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({
      outcome: 'approved',
      amountMinor: 3199,
      card: { maskedAccount: 'XXXXXXXXX8909', brand: 'VISA', entry: 'swipe' },
    });
    const [entry] = running.journal.entriesOf(workflowId);
    const detail = await detailOf(entry?.ttid);
    expect(detail.get('rcpt_entry_mode')).toBe('S');
    expect(JSON.stringify(entry)).not.toContain('4012345678909');
    expect(error).not.toHaveBeenCalled();
  });

  it("a chip inserted goes as icc, the card completes on the issuer data, the receipt and its reprint from history print the card's final TC", async () => {
    const { driver, devices, lane: running } = await lane();
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 2000,
      tender: 'credit',
    });
    await driver.step('card');
    await devices.present('visa', 'insert');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({
      outcome: 'approved',
      card: { entry: 'insert', brand: 'VISA' },
    });
    expect(result.step.receipt.state).toBe('printed');
    const printed = devices.simulators.printer.text();
    expect(printed).toContain('A0000000031010');
    expect(printed).not.toContain('4111111111111111');
    expect(devices.simulators.emv.awaitingHostResponse).toBe(false);
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
    await driver.idle();
    const [entry] = running.journal.entriesOf(workflowId);
    expect(running.journal.workflow(workflowId)?.state).toBe('complete');
    const detail = await detailOf(entry?.ttid);
    expect(detail.txnstatus).not.toContain('REVERSED');
    expect(detail.get('rcpt_emv_aid')).toBe('A0000000031010');
    expect(detail.get('rcpt_emv_actype')).toBe('ARQC');
    const arqc = detail.get('rcpt_emv_ac') ?? '';
    const tc = /^TC +([0-9A-F]{16})$/m.exec(printed)?.[1];
    expect(tc).toBeDefined();
    expect(tc).not.toBe(arqc);
    expect(printed).not.toContain(arqc);
    expect(printed).not.toContain('ARQC');
    expect(printed).toMatch(/^TSI +F800$/m);
    expect(running.journal.get(entry?.id ?? '')?.chip).toMatchObject({ cryptogramType: 'TC' });
    await driver.send({ type: 'history.reprint', entryId: entry?.id ?? '' });
    await driver.result();
    const reprint = driver.receipts().find((receipt) => receipt.duplicate);
    expect(reprint?.text).toMatch(new RegExp(`^TC +${tc ?? 'none'}$`, 'm'));
    expect(reprint?.text).not.toContain(arqc);
  });

  it('a balance inquiry on a chip completes the card on the issuer data and reverses nothing', async () => {
    const { driver, devices, lane: running } = await lane();
    const { workflowId } = await driver.send({ type: 'balance.start', tender: 'credit' });
    await driver.step('card');
    await devices.present('visa', 'insert');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({ outcome: 'approved', card: { entry: 'insert' } });
    expect(devices.simulators.emv.awaitingHostResponse).toBe(false);
    expect(running.journal.entriesOf(workflowId).map((entry) => entry.operation)).toEqual([
      'balanceinq',
    ]);
  });

  it('a chip that declines after the issuer approved is reversed with its final data and shown declined by the card', async () => {
    const { driver, devices, lane: running } = await lane();
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 2100,
      tender: 'credit',
    });
    await driver.step('card');
    devices.fault('emv', 'card-decline');
    await devices.present('mc', 'insert');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({
      outcome: 'declined',
      reason: 'card_declined',
      by: 'lane',
    });
    expect(result.step.receipt.state).toBe('none');
    expect(result.paidMinor).toBe(0);
    const [sale, reversal] = running.journal.entriesOf(workflowId);
    expect(sale).toMatchObject({ operation: 'sale', state: 'approved', marks: ['reversed'] });
    expect(reversal).toMatchObject({
      operation: 'reversal',
      purpose: 'compensate',
      parentId: sale?.id,
      state: 'approved',
    });
    const detail = await detailOf(sale?.ttid);
    expect(detail.txnstatus).toContain('REVERSED');
    expect(detail.get('reversal_reason')).toBe('CARDDECLINE');
    expect(detail.get('rcpt_emv_card_decline')).toBe('yes');
    await driver.send({ type: 'workflow.cancel', workflowId });
    const cancelled = await driver.step('cancelled');
    expect(cancelled.step.reversed.map((line) => line.entryId)).toEqual([sale?.id]);
    expect(running.journal.entriesOf(workflowId)).toHaveLength(2);
  });

  it('a chip taken out before it completes leaves the approval as it stands, written to the log and told to the cashier', async () => {
    const { driver, devices } = await lane();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await driver.send({ type: 'sale.start', amountMinor: 2200, tender: 'credit' });
    await driver.step('card');
    devices.fault('emv', 'card-removed');
    await devices.present('visa', 'insert');
    const notice = await driver.notice('chip_not_completed');
    const result = await driver.result();
    expect(result.step.result).toMatchObject({ outcome: 'approved', card: { entry: 'insert' } });
    expect(notice).toMatchObject({ level: 'warning', params: { operation: 'sale' } });
    expect(logged.mock.calls.map(([line]) => String(line))).toContainEqual(
      expect.stringMatching(/^lane: the EMV reader could not complete the chip: /),
    );
  });

  it("a sale cancelled while the reader holds one customer's chip, answered late, never pays the next sale: it takes the next customer's card", async () => {
    const running = await lane();
    const { driver, devices } = running;
    const emv = devices.simulators.emv;
    const first = await driver.send({ type: 'sale.start', amountMinor: 1200, tender: 'credit' });
    await driver.step('card');
    await vi.waitFor(() => expect(emv.activated).toBe(true), { timeout: 20_000, interval: 20 });
    devices.fault('emv', 'late-activate-answer');
    await devices.present('mc', 'insert');
    await driver.send({ type: 'workflow.cancel', workflowId: first.workflowId });
    await driver.step('cancelled');
    await finish(running, first.workflowId);
    await driver.send({ type: 'sale.start', amountMinor: 1300, tender: 'credit' });
    await driver.step('card');
    await devices.present('visa', 'insert');
    expect((await driver.result()).step.result).toMatchObject({
      outcome: 'approved',
      card: { entry: 'insert', brand: 'VISA', maskedAccount: 'XXXXXXXXXXXX1111' },
    });
    expect(emv.faults.armed('late-activate-answer')).toBe(false);
  });

  it('a gift card keyed on the pad at the counter goes without an expiry and the cashier is told Enter skips it; a sale on the gift tender still sends the one keyed', async () => {
    const bench = await lane();
    const { devices, lane: running } = bench;
    const activate = await keyedOnPad(bench, { type: 'gift.activate' }, 'gift-10');
    expect(activate.keyed.step).toMatchObject({ expiryOptional: true });
    expect(activate.keyed.prompts.cashier).toBe('key_card_expiry_optional');
    expect(activate.result.step.result).toMatchObject({
      outcome: 'approved',
      card: { entry: 'keyed_pad', lastFour: '0030' },
    });
    await finish(bench, activate.workflowId);
    expect(devices.simulators.pinpad.cardPrompt).toMatchObject({ expiryOptional: true });

    const sale = await keyedOnPad(
      bench,
      { type: 'sale.start', amountMinor: 400, tender: 'gift' },
      'gift-10',
    );
    expect(sale.keyed.step).toMatchObject({ expiryOptional: false });
    expect(sale.keyed.prompts.cashier).toBe('key_card');
    expect(sale.result.step.result).toMatchObject({ outcome: 'approved' });
    expect(devices.simulators.pinpad.cardPrompt).toMatchObject({ expiryOptional: false });
    const [giftSale] = running.journal.entriesOf(sale.workflowId);
    expect((await detailOf(giftSale?.ttid)).get('expdate')).toBe('1249');
  });

  it('debit on a chip: the PIN on the pad without the PAN; a wrong PIN is declined in cashier words, the right one approved', async () => {
    const { driver, devices } = await lane();
    const { workflowId } = await driver.send({
      type: 'sale.start',
      amountMinor: 2600,
      tender: 'debit',
    });
    await driver.step('card');
    devices.setCardholderPin('wrong');
    await devices.present('visa-debit', 'insert');
    const pin = await driver.step('pin');
    expect(pin.prompts).toEqual({ cashier: 'customer_entering_pin', customer: 'enter_pin' });
    const declined = await driver.result();
    expect(declined.step.result).toMatchObject({ outcome: 'declined', reason: 'wrong_pin' });
    expect(DECLINE_WORDS.wrong_pin).toMatch(/Wrong PIN/);
    devices.setCardholderPin('typed');
    await driver.send({ type: 'workflow.choose', workflowId, action: 'try_again' });
    await driver.step('card');
    await devices.present('visa-debit', 'insert');
    await driver.step('pin');
    const approved = await driver.result();
    expect(approved.step.result).toMatchObject({ outcome: 'approved', amountMinor: 2600 });
  });

  it('debit swiped on a wedge reader after its chip failed: the PIN block carries the PAN (format 0) and is approved', async () => {
    const { driver, devices } = await lane('wedge');
    const emv = devices.simulators.emv;
    const chipWait = (count: number) =>
      vi.waitFor(() => expect(emv.activations >= count && emv.activated).toBe(true), {
        timeout: 20_000,
        interval: 20,
      });
    await driver.send({ type: 'sale.start', amountMinor: 4000, tender: 'debit' });
    await driver.step('card');
    await chipWait(1);
    await devices.present('mc-debit', 'swipe');
    await driver.step('card', (view) => view.step.problem === 'insert_chip');
    devices.fault('emv', 'chip-unreadable');
    await chipWait(2);
    await devices.present('mc-debit', 'insert');
    await driver.step('card', (view) => view.step.problem === 'card_unreadable');
    await devices.present('mc-debit', 'swipe');
    await driver.step('pin');
    expect((await driver.result()).step.result).toMatchObject({
      outcome: 'approved',
      card: { entry: 'fallback_swipe', maskedAccount: 'XXXXXXXXXXXX8210' },
    });
  });

  it('voids from history follow the service: chip and gift-card sales are reversed whole, a gift activation voided', async () => {
    const bench = await lane();
    const { driver, devices, lane: running } = bench;
    const sale = await driver.send({ type: 'sale.start', amountMinor: 1888, tender: 'credit' });
    await driver.step('card');
    await devices.present('visa', 'insert');
    await driver.result();
    await driver.send({ type: 'workflow.choose', workflowId: sale.workflowId, action: 'finish' });
    await driver.idle();
    const [chip] = running.journal.entriesOf(sale.workflowId);
    const voided = await driver.send({ type: 'history.void', entryId: chip?.id ?? '' });
    await driver.step('confirm');
    await driver.send({
      type: 'workflow.choose',
      workflowId: voided.workflowId,
      action: 'confirm',
    });
    expect((await driver.result()).step.result).toMatchObject({
      outcome: 'approved',
      operation: 'reversal',
    });
    await driver.send({ type: 'workflow.choose', workflowId: voided.workflowId, action: 'finish' });
    await driver.idle();
    expect((await detailOf(chip?.ttid)).txnstatus).toContain('REVERSED');

    const activate = await keyedOnPad(bench, { type: 'gift.activate' }, 'gift-25');
    await finish(bench, activate.workflowId);
    const gift = await keyedOnPad(
      bench,
      { type: 'sale.start', amountMinor: 700, tender: 'gift' },
      'gift-25',
    );
    expect(gift.result.step.result).toMatchObject({
      outcome: 'approved',
      card: { entry: 'keyed_pad', lastFour: '0014' },
    });
    await finish(bench, gift.workflowId);
    const [giftSale] = running.journal.entriesOf(gift.workflowId);
    const [activation] = running.journal.entriesOf(activate.workflowId);
    const moves: [string | undefined, string, string][] = [
      [giftSale?.id, 'reversal', 'REVERSED'],
      [activation?.id, 'void', 'VOIDED'],
    ];
    for (const [entryId, operation, status] of moves) {
      const move = await driver.send({ type: 'history.void', entryId: entryId ?? '' });
      const confirm = await driver.step('confirm');
      expect(confirm.step.moves.map((line) => line.operation)).toEqual([operation]);
      await driver.send({
        type: 'workflow.choose',
        workflowId: move.workflowId,
        action: 'confirm',
      });
      expect((await driver.result()).step.result).toMatchObject({ outcome: 'approved', operation });
      await driver.send({ type: 'workflow.choose', workflowId: move.workflowId, action: 'finish' });
      await driver.idle();
      const target = entryId === giftSale?.id ? giftSale : activation;
      expect((await detailOf(target?.ttid)).txnstatus).toContain(status);
    }
  });
});
