import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntryResolver } from '../../../main/lane/journal/entry-resolver.ts';
import { JournaledPayments } from '../../../main/lane/journal/journaled-payments.ts';
import { JournalStore } from '../../../main/lane/journal/journal-store.ts';
import { Recovery } from '../../../main/lane/journal/recovery.ts';
import { parseBinRanges } from '../../../protocol/index.ts';
import { TRAINING_GIFT_RANGES } from '../../../main/start/training-lane.ts';
import type { Notice } from '../../../main/lane-api/index.ts';
import type { PaymentClient } from '../../../main/payment/index.ts';
import { laneClient } from '../../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../../conformance/helpers/service-process.ts';

const CARD = { account: '4111111111111111', expdate: '1230' };
const CARD_SUMMARY = {
  maskedAccount: 'XXXXXXXXXXXX1111',
  lastFour: '1111',
  entry: 'keyed_pad' as const,
};

let service: ServiceProcess;
let client: PaymentClient;
let dir: string;

beforeAll(async () => {
  service = await startServiceProcess();
  client = laneClient(service, 'v2', { deadlines: { answerMs: 1000, connectMs: 3000 } });
  dir = mkdtempSync(join(tmpdir(), 'laneterm-journal-'));
});

afterAll(async () => {
  await client.close();
  await stopServiceProcess(service);
  rmSync(dir, { recursive: true, force: true });
});

function journal(name: string): JournalStore {
  return new JournalStore(join(dir, `${name}.db`));
}

describe('journal', () => {
  it('commits the intent with its order id before the request leaves, and the outcome after', async () => {
    const store = journal('intent');
    const seen: string[] = [];
    store.onChange((entry) =>
      seen.push(`${entry.state}:${entry.orderId === undefined ? '-' : 'order'}`),
    );
    const payments = new JournaledPayments(store, client, { training: true });
    store.startWorkflow('wf-a', 'sale', true);
    const settled = await payments.send({
      workflowId: 'wf-a',
      operation: 'sale',
      amountMinor: 1250,
      tender: 'credit',
      card: CARD_SUMMARY,
      params: { ...CARD, amount: 1250 },
      completesWorkflow: true,
    });
    expect(seen).toEqual(['pending:order', 'approved:order']);
    expect(settled.kind).toBe('answered');
    expect(settled.entry).toMatchObject({
      state: 'approved',
      approvedMinor: 1250,
      card: { brand: 'VISA', lastFour: '1111' },
    });
    expect(settled.entry.ttid).toMatch(/^[0-9]+$/);
    expect(store.workflow('wf-a')?.state).toBe('complete');
    store.close();
  });

  it('never holds a card number, even one the request carried', async () => {
    const store = journal('clean');
    const payments = new JournaledPayments(store, client, { training: true });
    store.startWorkflow('wf-b', 'sale', true);
    await payments.send({
      workflowId: 'wf-b',
      operation: 'sale',
      amountMinor: 601,
      card: CARD_SUMMARY,
      params: { ...CARD, amount: 601, cv: '999' },
    });
    store.close();
    const bytes = ['clean.db', 'clean.db-wal']
      .map((name) => {
        try {
          return readFileSync(join(dir, name)).toString('latin1');
        } catch {
          return '';
        }
      })
      .join('');
    expect(bytes).toContain('XXXXXXXXXXXX1111');
    expect(bytes).not.toContain('4111111111111111');
    expect(bytes).not.toMatch(/"cv":"999"/);
  });

  it('records a decline with its reason in cashier words and its journal never completes', async () => {
    const store = journal('decline');
    const payments = new JournaledPayments(store, client, { training: true });
    store.startWorkflow('wf-c', 'sale', true);
    const settled = await payments.send({
      workflowId: 'wf-c',
      operation: 'sale',
      amountMinor: 520,
      params: { ...CARD, amount: 520 },
      completesWorkflow: true,
    });
    expect(settled.entry).toMatchObject({
      state: 'declined',
      reason: 'pick_up_card',
      decidedBy: 'processor',
    });
    expect(store.workflow('wf-c')?.state).toBe('running');
    store.close();
  });

  it('keeps an unanswered sale unknown, then resolves it by its order id without resending', async () => {
    const store = journal('unknown');
    const payments = new JournaledPayments(store, client, { training: true });
    store.startWorkflow('wf-d', 'sale', true);
    const settled = await payments.send({
      workflowId: 'wf-d',
      operation: 'sale',
      amountMinor: 802,
      params: { ...CARD, amount: 802 },
    });
    expect(settled.kind).toBe('unknown');
    expect(settled.entry.state).toBe('unknown');
    let entry = settled.entry;
    for (let tries = 0; entry.state === 'unknown' && tries < 40; tries += 1) {
      await sleep(250);
      entry = await new EntryResolver(store, client).resolve(entry);
    }
    expect(entry).toMatchObject({ state: 'approved', approvedMinor: 802 });
    const report = await client.unsettledReport({ order_id: entry.orderId });
    expect(report.outcome === 'report' ? report.rows.length : -1).toBe(1);
    store.close();
  });

  it('says not charged when the server cannot be reached, and nothing is left to check', async () => {
    const store = journal('unreachable');
    const nowhere = laneClient(service, 'v2', { url: 'https://127.0.0.1:1', retries: 0 });
    const payments = new JournaledPayments(store, nowhere, { training: true });
    store.startWorkflow('wf-e', 'sale', true);
    const settled = await payments.send({
      workflowId: 'wf-e',
      operation: 'sale',
      amountMinor: 100,
      params: { ...CARD, amount: 100 },
    });
    expect(settled.kind).toBe('not_sent');
    expect(settled.entry).toMatchObject({ state: 'not_charged', reason: 'not_sent' });
    expect(store.unresolved()).toEqual([]);
    await nowhere.close();
    store.close();
  });

  it('cancels a workflow a crash left running: its approval is reversed, and the sale shows it', async () => {
    const store = journal('recover');
    const payments = new JournaledPayments(store, client, { training: true });
    store.startWorkflow('wf-f', 'sale', true);
    const sale = await payments.send({
      workflowId: 'wf-f',
      operation: 'sale',
      amountMinor: 2000,
      params: { ...CARD, amount: 2000 },
    });
    expect(sale.entry.state).toBe('approved');
    const notices: Notice[] = [];
    const resolver = new EntryResolver(store, client);
    const recovery = new Recovery(store, payments, resolver, (notice) => notices.push(notice));
    expect(await recovery.sweep()).toBe(0);
    expect(store.workflow('wf-f')?.state).toBe('cancelled');
    expect(store.get(sale.entry.id)?.marks).toEqual(['reversed']);
    const undo = store.entriesOf('wf-f').find((entry) => entry.purpose === 'compensate');
    expect(undo).toMatchObject({
      operation: 'reversal',
      state: 'approved',
      parentId: sale.entry.id,
    });
    const detail = await client.transactionDetail(sale.entry.ttid ?? '');
    expect(detail.outcome === 'approved' ? detail.response.txnstatus : []).toContain('REVERSED');
    expect(notices.map((notice) => notice.code)).toEqual(['recovered_reversed']);
    expect(await recovery.sweep()).toBe(0);
    expect(store.entriesOf('wf-f')).toHaveLength(2);
    store.close();
  });

  it('undoes a sale settled meanwhile by a refund once its reversal is refused', async () => {
    const store = journal('settled');
    const payments = new JournaledPayments(store, client, { training: true });
    store.startWorkflow('wf-g', 'sale', true);
    const sale = await payments.send({
      workflowId: 'wf-g',
      operation: 'sale',
      amountMinor: 3300,
      params: { ...CARD, amount: 3300 },
    });
    expect((await client.settle()).outcome).toBe('approved');
    const notices: Notice[] = [];
    const recovery = new Recovery(store, payments, new EntryResolver(store, client), (notice) =>
      notices.push(notice),
    );
    expect(await recovery.sweep()).toBe(0);
    const undo = store.entriesOf('wf-g').filter((entry) => entry.purpose === 'compensate');
    expect(undo.map((entry) => [entry.operation, entry.state])).toEqual([
      ['reversal', 'declined'],
      ['refund', 'approved'],
    ]);
    expect(store.get(sale.entry.id)).toMatchObject({ marks: ['refunded'], refundedMinor: 3300 });
    expect(store.workflow('wf-g')?.state).toBe('cancelled');
    expect(notices.map((notice) => notice.code)).toEqual(['recovered_reversed']);
    store.close();
  });

  it('tells a person when the service refuses to undo an approval, and stops trying', async () => {
    const store = journal('refused');
    const giftRanges = parseBinRanges(TRAINING_GIFT_RANGES);
    const giftClient = laneClient(service, 'v2', { giftBinRanges: giftRanges });
    const payments = new JournaledPayments(store, giftClient, { training: true });
    const gift = { account: '6035710110009768' };
    store.startWorkflow('wf-h', 'gift_issue', true);
    const issued = await payments.send({
      workflowId: 'wf-h',
      operation: 'issue',
      amountMinor: 2000,
      tender: 'gift',
      params: { ...gift, amount: 2000 },
    });
    expect(issued.entry.state).toBe('approved');
    const spent = await giftClient.sale({ ...gift, amount: 500 });
    expect(spent.outcome).toBe('approved');
    const notices: Notice[] = [];
    const recovery = new Recovery(store, payments, new EntryResolver(store, giftClient), (notice) =>
      notices.push(notice),
    );
    expect(await recovery.sweep()).toBe(0);
    expect(notices.map((notice) => notice.code)).toEqual(['reversal_refused']);
    expect(store.workflow('wf-h')?.state).toBe('cancelled');
    await recovery.sweep();
    expect(notices).toHaveLength(1);
    expect(store.entriesOf('wf-h').map((entry) => [entry.operation, entry.state])).toEqual([
      ['issue', 'approved'],
      ['void', 'declined'],
    ]);
    await giftClient.close();
    store.close();
  });

  it("a journal written before chips' final decisions were kept gains the column and keeps its entries", () => {
    const path = join(dir, 'older.db');
    const first = new JournalStore(path);
    first.startWorkflow('wf-old', 'sale', true);
    first.recordIntent({
      id: 'old-1',
      workflowId: 'wf-old',
      operation: 'sale',
      purpose: 'cashier',
      amountMinor: 500,
      training: true,
    });
    first.close();
    const db = new Database(path);
    db.exec(`DROP INDEX entries_parent;
      DROP INDEX entries_offline;
      ALTER TABLE entries DROP COLUMN offline;
      ALTER TABLE entries DROP COLUMN offline_card;
      ALTER TABLE entries DROP COLUMN offline_override;
      ALTER TABLE entries DROP COLUMN acknowledged_at;
      ALTER TABLE workflows DROP COLUMN interrupted_at;
      ALTER TABLE entries DROP COLUMN chip`);
    db.pragma('user_version = 1');
    db.close();
    const reopened = new JournalStore(path);
    expect(reopened.get('old-1')).toMatchObject({ amountMinor: 500, state: 'pending' });
    expect(reopened.markInterrupted()).toBe(1);
    expect(reopened.interrupted().map((entry) => entry.id)).toEqual(['old-1']);
    const chip = { cryptogramType: 'TC', cryptogram: '0123456789ABCDEF', tsi: 'F800' } as const;
    expect(reopened.recordChip('old-1', chip).chip).toEqual(chip);
    expect(reopened.checkingCount()).toBe(1);
    reopened.recordOutcome('old-1', { state: 'approved', ttid: '9' });
    expect(reopened.checkingCount()).toBe(0);
    reopened.close();
  });

  it('refuses a journal written by a newer lane', () => {
    const path = join(dir, 'newer.db');
    const db = new Database(path);
    db.pragma('user_version = 99');
    db.close();
    expect(() => new JournalStore(path)).toThrow(/schema version 99 is newer/);
  });
});
