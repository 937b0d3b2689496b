import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalStore } from '../../../../main/lane/journal/journal-store.ts';
import { JournaledPayments } from '../../../../main/lane/journal/journaled-payments.ts';
import { PaymentClient } from '../../../../main/payment/index.ts';

let dir: string;
let path: string;
let journal: JournalStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'laneterm-offline-queue-'));
  path = join(dir, 'journal.db');
  journal = new JournalStore(path);
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

const CARD = { e_datafield: '02AB03', e_datafieldfmt: 'idtech' };

/** A sale whose request was never sent, as JournaledPayments leaves it. */
function notSent(id: string, amountMinor: number, operation: 'sale' | 'preauth' = 'sale') {
  journal.startWorkflow(`wf-${id}`, 'sale', false);
  journal.recordIntent({
    id,
    workflowId: `wf-${id}`,
    operation,
    purpose: 'cashier',
    orderId: `order-${id}`,
    amountMinor,
    training: false,
  });
  return journal.recordOutcome(id, { state: 'not_charged', reason: 'not_sent' });
}

describe('the offline queue in the journal', () => {
  it('approves a not-sent sale offline with its workflow complete, and keeps it across a reopen', () => {
    notSent('a', 1200);
    expect(journal.offline.approve('a', CARD, 'wf-a')).toMatchObject({
      state: 'approved',
      approvedMinor: 1200,
      offline: 'waiting',
      decidedBy: 'lane',
      orderId: 'order-a',
    });
    expect(journal.workflow('wf-a')?.state).toBe('complete');
    journal.close();
    journal = new JournalStore(path);
    expect(journal.offline.queued()).toEqual([
      { entry: expect.objectContaining({ id: 'a', offline: 'waiting' }), card: CARD },
    ]);
  });

  it('refuses card data in the clear, or a PIN block without its KSN, naming the field, and leaves the entry not charged', () => {
    notSent('b', 900);
    expect(() =>
      journal.offline.approve('b', { trackdata: ';4111…', e_id: 'FF' }, undefined),
    ).toThrow(/trackdata: card data in the clear is never queued/);
    expect(() =>
      journal.offline.approve('b', { icc: '9F270140', pin: '0123456789ABCDEF' }, undefined),
    ).toThrow(/pin: a PIN block is queued only with the ksn/);
    expect(journal.get('b')).toMatchObject({ state: 'not_charged', reason: 'not_sent' });
  });

  it('approves only a sale that was never sent', () => {
    notSent('c', 500, 'preauth');
    expect(journal.offline.approve('c', CARD, undefined)).toBeUndefined();
    journal.startWorkflow('wf-d', 'sale', false);
    journal.recordIntent({
      id: 'd',
      workflowId: 'wf-d',
      operation: 'sale',
      purpose: 'cashier',
      amountMinor: 500,
      training: false,
    });
    journal.markUnknown('d', 'connection lost after sending');
    expect(journal.offline.approve('d', CARD, undefined)).toBeUndefined();
    expect(journal.get('d')?.state).toBe('unknown');
  });

  it('totals the waiting count, value and oldest apart from training, in journal order', () => {
    notSent('e', 1000);
    notSent('f', 2500);
    journal.offline.approve('e', CARD, undefined, 1_000);
    journal.offline.approve('f', CARD, undefined, 2_000);
    const totals = journal.offline.totals(false);
    expect(totals).toMatchObject({ count: 2, valueMinor: 3500 });
    expect(totals.oldestAt).toBe(journal.get('e')?.createdAt);
    expect(journal.offline.totals(true)).toEqual({ count: 0, valueMinor: 0 });
    expect(journal.offline.queued().map((queued) => queued.entry.id)).toEqual(['e', 'f']);
    expect(journal.offline.queued(false)).toHaveLength(2);
    expect(journal.offline.queued(true)).toEqual([]);
  });

  it("removes the card fields once the service answered: approved is forwarded, declined goes on the manager's list", () => {
    notSent('g', 700);
    notSent('h', 800);
    journal.offline.approve('g', CARD, undefined);
    journal.offline.approve('h', CARD, undefined);
    expect(journal.offline.forwarding('g').offline).toBe('forwarding');
    expect(journal.offline.notSent('g').offline).toBe('waiting');
    expect(journal.offline.forwarding('g').offline).toBe('forwarding');
    expect(journal.offline.queued()).toHaveLength(2);
    const forwarded = journal.offline.answered('g', { state: 'approved', ttid: '77', auth: 'A1' });
    expect(forwarded).toMatchObject({ state: 'approved', offline: 'forwarded', ttid: '77' });
    const declined = journal.offline.answered('h', {
      state: 'declined',
      reason: 'insufficient_funds',
      decidedBy: 'processor',
      ttid: '78',
    });
    expect(declined).toMatchObject({
      state: 'declined',
      offline: 'declined',
      reason: 'insufficient_funds',
    });
    expect(journal.offline.queued()).toEqual([]);
    expect(journal.offline.declined().map((entry) => entry.id)).toEqual(['h']);
    expect(journal.offline.totals(false).count).toBe(0);
  });
});

describe('forwarding a queued sale the request rules refuse', () => {
  it("declines it on the manager's list instead of failing every pass, and sends nothing", async () => {
    const client = new PaymentClient({
      url: 'https://127.0.0.1:1',
      transport: 'v2',
      retries: 0,
      auth: { credential: { kind: 'apikey', id: 'k', secret: 's' } },
    });
    try {
      const payments = new JournaledPayments(journal, client, { training: false });
      notSent('r', 1500);
      journal.offline.approve('r', { e_datafieldfmt: 'idtech' }, undefined);
      const [queued] = journal.offline.queued();
      if (queued === undefined) throw new Error('nothing queued');
      expect(await payments.forward(queued)).toBe('answered');
      expect(journal.get('r')).toMatchObject({
        state: 'declined',
        offline: 'declined',
        reason: 'lane_setup',
        decidedBy: 'lane',
      });
      expect(journal.offline.queued()).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
