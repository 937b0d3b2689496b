import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { OfflineConfig } from '../../../../main/lane/offline/offline-config.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../../../conformance/helpers/service-process.ts';
import { startLaneBench, type LaneBench } from '../helpers/lane-bench.ts';

/** A lane that approves credit offline up to 50.00 a sale, 150.00 and three sales in all. */
const OFFLINE = OfflineConfig.parse({
  allowed: true,
  floorLimits: { credit: { default: 5000 } },
  totalValueMinor: 15000,
  totalCount: 3,
  maxAgeHours: 24,
  entryMethods: ['insert', 'swipe'],
});

let service: ServiceProcess;
let bench: LaneBench;

beforeAll(async () => {
  service = await startServiceProcess();
  bench = await startLaneBench({ service, offline: OFFLINE });
  await service.kill('SIGTERM');
}, 120_000);
afterAll(async () => {
  await bench.stop();
  await stopServiceProcess(service);
});

/**
 * Runs a credit sale of `amountMinor` with test card `cardId` presented `how`; answers its result.
 * A chip is inserted or tapped only once the EMV reader has started this sale's card wait: the
 * previous sale's abandoned wait may still be open in the simulator when the card step shows (its
 * cancel is answered within 3 s, or the lane goes on without the answer on a loaded machine), and
 * a card given to that wait is read for nobody.
 */
async function saleWith(amountMinor: number, cardId: string, how: 'swipe' | 'insert' | 'tap') {
  const { driver, devices } = bench;
  const emv = devices.simulators.emv;
  const waits = emv.activations;
  const { workflowId } = await driver.send({ type: 'sale.start', amountMinor, tender: 'credit' });
  await driver.step('card');
  if (how !== 'swipe')
    await vi.waitFor(() => expect(emv.activations > waits && emv.activated).toBe(true), {
      timeout: 20_000,
      interval: 20,
    });
  await devices.present(cardId, how);
  const result = await driver.result();
  const [entry] = bench.lane.journal.entriesOf(workflowId);
  if (result.step.next.includes('finish'))
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
  else {
    await driver.send({ type: 'workflow.cancel', workflowId });
    await driver.step('cancelled');
    await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
  }
  await driver.idle();
  return { result: result.step, entry, workflowId };
}

/** The offline card fields the journal keeps for an entry, straight from its file. */
function storedCard(entryId: string): string {
  const db = new Database(bench.lane.journal.path, { readonly: true });
  try {
    const row = db.prepare('SELECT offline_card FROM entries WHERE id = ?').get(entryId) as {
      offline_card: string | null;
    };
    return row.offline_card ?? '';
  } finally {
    db.close();
  }
}

describe('a sale while the payment service cannot be reached', () => {
  it('an encrypted swipe within the floor limit is approved offline, queued with the reader data, and its receipt says OFFLINE', async () => {
    const { result, entry, workflowId } = await saleWith(2000, 'visa-x924', 'swipe');
    expect(result.result).toMatchObject({ outcome: 'approved', offline: true, amountMinor: 2000 });
    expect(entry).toMatchObject({ state: 'approved', offline: 'waiting', decidedBy: 'lane' });
    expect(bench.lane.journal.workflow(workflowId)?.state).toBe('complete');
    const card = storedCard(entry?.id ?? '');
    expect(Object.keys(JSON.parse(card) as object)).toEqual(
      expect.arrayContaining(['e_datafield', 'e_datafieldfmt']),
    );
    expect(card).not.toContain('4012345678909');
    const printed = bench.devices.simulators.printer.text(42);
    expect(printed).toContain('OFFLINE');
    expect(printed).not.toContain('4012345678909');
    const { status } = await bench.driver.send({ type: 'lane.snapshot' });
    expect(status.offline).toEqual({ waiting: 1, valueMinor: 2000, declined: 0 });
  });

  it('a chip whose action codes allow it is given Y3 and approves offline with its TC', async () => {
    const { result, entry } = await saleWith(1500, 'visa-stripe', 'insert');
    expect(result.result).toMatchObject({ outcome: 'approved', offline: true });
    expect(entry?.chip?.cryptogramType).toBe('TC');
    expect(storedCard(entry?.id ?? '')).toContain('"icc"');
    expect(bench.devices.simulators.emv.awaitingHostResponse).toBe(false);
  });

  it('a chip that insists on going online is given Z3 and the sale is refused offline, nothing queued', async () => {
    const { result, entry } = await saleWith(1500, 'visa', 'insert');
    expect(result.result).toMatchObject({ outcome: 'declined', reason: 'offline_refused' });
    expect(entry?.offline).toBeUndefined();
    expect(entry?.chip?.cryptogramType).toBe('AAC');
    expect(bench.lane.journal.offline.totals(true).count).toBe(2);
  });

  it('a sale over the floor limit is refused offline naming the limit', async () => {
    const { result } = await saleWith(6000, 'visa-x924', 'swipe');
    expect(result.result).toMatchObject({
      outcome: 'declined',
      reason: 'offline_refused',
      by: 'lane',
    });
    expect(result.result.outcome === 'declined' && result.result.verbiage).toContain(
      'over the offline floor limit of 50.00',
    );
    expect(bench.lane.journal.offline.totals(true)).toMatchObject({ count: 2, valueMinor: 3500 });
  });

  it('a tap on a lane whose offline rules take no taps is refused offline naming the entry method', async () => {
    const { result } = await saleWith(1000, 'visa', 'tap');
    expect(result.result).toMatchObject({ outcome: 'declined', reason: 'offline_refused' });
    expect(result.result.outcome === 'declined' && result.result.verbiage).toContain(
      'a card by tap is not approved offline on this lane',
    );
    expect(bench.lane.journal.offline.totals(true).count).toBe(2);
  });
});
