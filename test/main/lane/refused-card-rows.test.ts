// A sale the service refuses once it has read the card names the card on its History row and
// its receipt preview (docs/app.md, History: operation, amount, card; docs/test-cards.md › Order
// of the checks): the refusal carries the masked account and cardtype, as an approval does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../../conformance/helpers/service-process.ts';
import { startLaneBench, type LaneBench } from './helpers/lane-bench.ts';

/** A PIN pad key set the service holds no base derivation key for (its id: FFFF123456). */
const FOREIGN_KEYS = { initialKsn: 'FFFF1234563210E00000' };

let service: ServiceProcess;
let bench: LaneBench;

beforeAll(async () => {
  service = await startServiceProcess();
  bench = await startLaneBench({ service, devices: { reader: 'wedge', keys: FOREIGN_KEYS } });
}, 120_000);
afterAll(async () => {
  await bench.stop();
  await stopServiceProcess(service);
});

/** A debit sale of `amountMinor` the service refuses (no key for the PIN pad): its result and journal entry. */
async function refusedDebitSale(amountMinor: number) {
  const { driver, devices } = bench;
  const { workflowId } = await driver.send({ type: 'sale.start', amountMinor, tender: 'debit' });
  await driver.step('card');
  await devices.present('visa-x924', 'swipe');
  await driver.step('pin');
  const { result } = (await driver.result()).step;
  await driver.send({ type: 'workflow.choose', workflowId, action: 'cancel' });
  await driver.step('cancelled');
  await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
  await driver.idle();
  const [entry] = bench.lane.journal.entriesOf(workflowId);
  if (entry === undefined) throw new Error('no journal entry');
  return { result, entry };
}

describe('a refused sale names its card', () => {
  it('a debit sale whose PIN block the service has no key for: its result, row and preview say VISA', async () => {
    const { driver } = bench;
    const { result, entry } = await refusedDebitSale(2600);
    expect(result).toMatchObject({ outcome: 'declined', by: 'service', card: { brand: 'VISA' } });
    const { entries } = await driver.send({ type: 'history.search', query: {} });
    const line = entries.find((row) => row.id === entry.id);
    expect(line).toMatchObject({
      outcome: 'declined',
      card: { maskedAccount: 'XXXXXXXXX8909', brand: 'VISA' },
    });
    const preview = await driver.send({ type: 'receipt.preview', entryId: entry.id });
    expect(preview.text).toMatch(/^CARD +VISA$/m);
    expect(preview.text).toMatch(/^ACCOUNT +XXXXXXXXX8909$/m);
    expect(preview.text).toContain('DECLINED');
  });

  it("its customer copy says why in plain words, never the service's technical text; the merchant's keeps that text", async () => {
    const { driver } = bench;
    const { result, entry } = await refusedDebitSale(2700);
    expect(result).toMatchObject({ outcome: 'declined', reason: 'lane_setup' });
    const customer = await driver.send({
      type: 'receipt.preview',
      entryId: entry.id,
      copy: 'customer',
    });
    expect(customer.text).toContain('TERMINAL SETUP ERROR');
    expect(customer.text).not.toMatch(/ksn|derivation|FFFF123456/i);
    expect(customer.svg).not.toMatch(/ksn|derivation|FFFF123456/i);
    const merchant = await driver.send({
      type: 'receipt.preview',
      entryId: entry.id,
      copy: 'merchant',
    });
    expect(merchant.text.replace(/\s+/g, ' ')).toContain(
      'ksn: no base derivation key for key set FFFF123456',
    );
  });
});
