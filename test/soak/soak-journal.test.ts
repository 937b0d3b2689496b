import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentClient, PaymentResult } from '../../main/payment/index.ts';
import { JournalStore } from '../../main/lane/journal/journal-store.ts';
import type { Intent, Outcome } from '../../main/lane/journal/journal-types.ts';
import { laneClient } from '../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../conformance/helpers/service-process.ts';
import { CARD } from '../conformance/operation-scenarios.ts';
import { journalRecords } from './soak-journal.ts';
import { reconcile, type SoakTally } from './soak-reconcile.ts';

let service: ServiceProcess;
let pay: PaymentClient;
let dir: string;

beforeAll(async () => {
  service = await startServiceProcess();
  pay = laneClient(service, 'v2');
  dir = mkdtempSync(join(tmpdir(), 'laneterm-journal-check-'));
}, 60_000);

afterAll(async () => {
  await pay.close();
  await stopServiceProcess(service);
  rmSync(dir, { recursive: true, force: true });
});

function ttidOf(result: PaymentResult): string {
  if (result.outcome !== 'approved') throw new Error(`not approved: ${result.outcome}`);
  return result.response.ttid ?? '';
}

/** A journal on disk, written through the lane's own journal store, one workflow per entry. */
function journal(): { path: string; write: (intent: Partial<Intent>, outcome?: Outcome) => void } {
  const path = join(dir, `${randomUUID()}.db`);
  return {
    path,
    write(intent, outcome) {
      const store = new JournalStore(path);
      try {
        const workflowId = randomUUID();
        store.startWorkflow(workflowId, 'sale', false);
        const entry = store.recordIntent({
          id: randomUUID(),
          workflowId,
          operation: 'sale',
          purpose: 'cashier',
          amountMinor: 250,
          tender: 'credit',
          training: false,
          ...intent,
        });
        if (outcome !== undefined) store.recordOutcome(entry.id, outcome);
      } finally {
        store.close();
      }
    },
  };
}

/**
 * Approved sales sent to the service, journaled as the lane holds them, one with its reversal; a
 * sale never sent, and one the service refused (it holds nothing for it).
 */
async function honestSales(write: ReturnType<typeof journal>['write']): Promise<void> {
  const sale = await pay.sale({ ...CARD, money: { amount: '2.50' } });
  write({ orderId: sale.orderId ?? '' }, { state: 'approved', ttid: ttidOf(sale) });
  const undone = await pay.sale({ ...CARD, money: { amount: '1.25' } });
  write({ orderId: undone.orderId ?? '' }, { state: 'approved', ttid: ttidOf(undone) });
  const reversal = await pay.reversal(ttidOf(undone));
  expect(reversal.outcome).toBe('approved');
  write(
    { operation: 'reversal', purpose: 'compensate', targetTtid: ttidOf(undone), amountMinor: 125 },
    { state: 'approved' },
  );
  write({ orderId: randomUUID() }, { state: 'not_charged', reason: 'not_sent' });
  write(
    { orderId: randomUUID() },
    { state: 'declined', reason: 'service_unavailable', decidedBy: 'service' },
  );
}

async function check(path: string): Promise<SoakTally> {
  return reconcile(pay, journalRecords(path, 'lane1'), new Map());
}

describe('the lane journal reconciliation (docs/scaling.md, The lane soak)', () => {
  it('finds nothing wrong in a journal that holds what the service holds', async () => {
    const { path, write } = journal();
    await honestSales(write);
    const tally = await check(path);
    expect(tally.problems).toEqual([]);
    expect(tally).toMatchObject({ answered: 5, lost: 0, doubleCharged: 0, unresolved: 0 });
  }, 30_000);

  it('counts a sale the journal holds approved and the service never saw as lost', async () => {
    const { path, write } = journal();
    await honestSales(write);
    write({ orderId: randomUUID() }, { state: 'approved', ttid: '987654' });
    const tally = await check(path);
    expect(tally).toMatchObject({ answered: 5, lost: 1, doubleCharged: 0 });
    expect(tally.problems).toEqual([expect.stringMatching(/the store says not_found$/)]);
  }, 30_000);

  it('counts a charge the journal holds as never sent as double-charged', async () => {
    const { path, write } = journal();
    await honestSales(write);
    const charged = await pay.sale({ ...CARD, money: { amount: '2.99' } });
    expect(charged.outcome).toBe('approved');
    write({ orderId: charged.orderId ?? '' }, { state: 'not_charged', reason: 'not_sent' });
    const tally = await check(path);
    expect(tally).toMatchObject({ answered: 5, lost: 0, doubleCharged: 1 });
    expect(tally.problems).toEqual([
      expect.stringMatching(/not charged, the store says approved$/),
    ]);
  }, 30_000);

  it('counts an entry left pending as unknown, then resolved by its order id', async () => {
    const { path, write } = journal();
    const sale = await pay.sale({ ...CARD, money: { amount: '1.00' } });
    write({ orderId: sale.orderId ?? '' });
    const tally = await check(path);
    expect(tally.resolved.approved).toBe(1);
    expect(tally.answered).toBe(0);
  }, 30_000);
});
