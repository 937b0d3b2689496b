import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../main/lane/journal/journal-types.ts';
import { OfflineConfig } from '../../../../main/lane/offline/offline-config.ts';
import type { PaymentClient } from '../../../../main/payment/index.ts';
import { laneClient } from '../../../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  type ServiceProcess,
} from '../../../conformance/helpers/service-process.ts';
import { startLaneBench, type LaneBench } from '../helpers/lane-bench.ts';

const OFFLINE = OfflineConfig.parse({
  allowed: true,
  floorLimits: { credit: { default: 5000 } },
  totalValueMinor: 20000,
  totalCount: 10,
  maxAgeHours: 24,
  entryMethods: ['insert', 'swipe'],
});

let port: number;
let data: string;
let service: ServiceProcess;
let bench: LaneBench;
let client: PaymentClient | undefined;

/** A port free now (the service is restarted on it, so the lane's URL stays right). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      );
    });
  });
}

beforeAll(async () => {
  port = await freePort();
  data = mkdtempSync(join(tmpdir(), 'laneterm-forward-'));
  service = await startServiceProcess(data, ['--port', String(port)]);
  bench = await startLaneBench({ service, offline: OFFLINE, sweepMs: 600_000 });
  await service.kill('SIGTERM');
}, 120_000);
afterAll(async () => {
  await client?.close();
  await bench.stop();
  await service.kill('SIGTERM');
  rmSync(data, { recursive: true, force: true });
});

/** A swiped credit sale of `amountMinor` (a stripe-only card) approved offline; answers its journal entry. */
async function offlineSale(amountMinor: number, cardId = 'visa-x924'): Promise<JournalEntry> {
  const { driver, devices } = bench;
  const { workflowId } = await driver.send({ type: 'sale.start', amountMinor, tender: 'credit' });
  await driver.step('card');
  await devices.present(cardId, 'swipe');
  const result = await driver.result();
  expect(result.step.result).toMatchObject({ outcome: 'approved', offline: true });
  await driver.send({ type: 'workflow.choose', workflowId, action: 'finish' });
  await driver.idle();
  const [entry] = bench.lane.journal.entriesOf(workflowId);
  if (entry === undefined) throw new Error('no entry');
  return entry;
}

/** The service's transactions under an order id (unsettled report). */
async function rowsOf(
  orderId: string | undefined,
): Promise<readonly Readonly<Record<string, string>>[]> {
  client ??= laneClient(service, 'v2');
  const report = await client.unsettledReport({ order_id: orderId ?? '' });
  if (report.outcome !== 'report') throw new Error('no report');
  return report.rows;
}

describe('forwarding offline approvals when the service is back', () => {
  it("sends them in order with their own order ids, recorded OFFLINE by the service; a decline goes on the manager's list", async () => {
    const first = await offlineSale(2000);
    const declines = await offlineSale(601, 'diners');
    const neverLeft = await offlineSale(1200, 'visa-x924');
    const left = await offlineSale(1300, 'diners');
    // Two requests cut short by a kill of the lane while forwarding: one never left, one had.
    bench.lane.journal.offline.forwarding(neverLeft.id);
    bench.lane.journal.offline.forwarding(left.id);
    service = await startServiceProcess(data, ['--port', String(port)]);
    client = laneClient(service, 'v2');
    const queued = bench.lane.journal.offline.queued().find((item) => item.entry.id === left.id);
    const early = await client.run('sale', {
      ...queued?.card,
      amount: left.amountMinor,
      order_id: left.orderId ?? '',
      offline_approved: 'yes',
    });
    expect(early.outcome).toBe('approved');

    await bench.lane.engine.sweepNow();

    const journal = bench.lane.journal;
    expect(journal.offline.queued()).toEqual([]);
    for (const entry of [first, neverLeft, left]) {
      expect(journal.get(entry.id)).toMatchObject({ state: 'approved', offline: 'forwarded' });
      const rows = await rowsOf(entry.orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.tranflags?.split('|')).toContain('OFFLINE');
    }
    expect(journal.get(left.id)?.ttid).toBe(
      early.outcome === 'approved' ? early.response.ttid : '',
    );
    expect(journal.get(declines.id)).toMatchObject({ state: 'declined', offline: 'declined' });
    expect(journal.offline.declined().map((entry) => entry.id)).toEqual([declines.id]);
    const detail = await client.transactionDetail(journal.get(first.id)?.ttid ?? '');
    expect(detail.outcome === 'approved' && detail.response.get('offline_approved')).toBe('yes');
    const { status } = await bench.driver.send({ type: 'lane.snapshot' });
    expect(status.offline).toEqual({ waiting: 0, valueMinor: 0, declined: 1 });
    const { declined } = await bench.driver.send({ type: 'offline.declined' });
    expect(declined).toEqual([
      { entryId: declines.id, amountMinor: 601, at: declines.createdAt, lastFour: '1667' },
    ]);
  });

  it('closing the day forwards the waiting sales first and lists those declined on forwarding with amount, time and last four', async () => {
    await service.kill('SIGTERM');
    const approved = await offlineSale(1700, 'visa-x924');
    const declined = await offlineSale(601, 'diners');
    service = await startServiceProcess(data, ['--port', String(port)]);
    const { driver } = bench;
    const closing = await driver.send({ type: 'day.close' });
    const confirm = await driver.step('confirm');
    expect(bench.lane.journal.get(approved.id)).toMatchObject({ offline: 'forwarded' });
    expect(confirm.step.day?.offline?.waiting).toBe(0);
    expect(confirm.step.day?.offline?.declined).toContainEqual({
      entryId: declined.id,
      amountMinor: 601,
      at: declined.createdAt,
      lastFour: declined.card?.lastFour,
    });
    expect(confirm.step.day?.saleMinor).toBeGreaterThanOrEqual(1700);
    await driver.send({ type: 'workflow.choose', workflowId: closing.workflowId, action: 'back' });
    await driver.idle();
  });
});
