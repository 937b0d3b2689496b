import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../main/lane/journal/journal-types.ts';
import type { PaymentClient } from '../../../../main/payment/index.ts';
import { laneClient } from '../../../conformance/helpers/lane-clients.ts';
import {
  startServiceProcess,
  type ServiceProcess,
} from '../../../conformance/helpers/service-process.ts';
import { startLaneBench, type LaneBench } from '../helpers/lane-bench.ts';
import { finishedEntry, offlineRules } from '../helpers/offline-bench.ts';

const OFFLINE = offlineRules({ totalCount: 10, entryMethods: ['insert', 'swipe'] });

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

/** A credit sale of `amountMinor` approved offline (swiped, a stripe-only card, unless told); answers its journal entry. */
async function offlineSale(
  amountMinor: number,
  cardId = 'visa-x924',
  how: 'swipe' | 'insert' = 'swipe',
): Promise<JournalEntry> {
  const { driver, devices } = bench;
  const { workflowId } = await driver.send({ type: 'sale.start', amountMinor, tender: 'credit' });
  await driver.step('card');
  await devices.present(cardId, how);
  const result = await driver.result();
  expect(result.step.result).toMatchObject({ outcome: 'approved', offline: true });
  return finishedEntry(bench, workflowId);
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
  it("sends them in order with their own order ids, recorded OFFLINE by the service; a decline goes on the manager's list until Seen", async () => {
    const first = await offlineSale(2000);
    const declines = await offlineSale(601, 'diners');
    const neverLeft = await offlineSale(1200, 'visa-x924');
    const left = await offlineSale(1300, 'diners');
    // Two requests cut short by a kill of the lane while forwarding, longer ago than a request
    // may run (150 s): one never left, one had.
    const longAgo = Date.now() - 200_000;
    bench.lane.journal.offline.forwarding(neverLeft.id, longAgo);
    bench.lane.journal.offline.forwarding(left.id, longAgo);
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
    const { entries } = await bench.driver.send({ type: 'history.search', query: {} });
    const lineOf = (id: string) => entries.find((entry) => entry.id === id);
    expect(lineOf(declines.id)).toMatchObject({ status: 'declined', offline: 'declined' });
    expect(lineOf(first.id)).toMatchObject({ status: 'approved', offline: 'forwarded' });
    const { declined } = await bench.driver.send({ type: 'offline.declined' });
    expect(declined).toEqual([
      { entryId: declines.id, amountMinor: 601, at: declines.createdAt, lastFour: '1667' },
    ]);

    const seen = await bench.driver.send({ type: 'offline.seen', entryId: declines.id });
    expect(seen.declined).toEqual([
      expect.objectContaining({ entryId: declines.id, seenAt: expect.any(Number) as number }),
    ]);
    expect(journal.get(declines.id)?.acknowledgedAt).toBe(seen.declined[0]?.seenAt);
    const after = await bench.driver.send({ type: 'lane.snapshot' });
    expect(after.status.offline?.declined).toBe(0);
    expect(
      await bench.driver.refused({ type: 'offline.seen', entryId: declines.id }),
    ).toMatchObject({ code: 'not_found', field: 'entryId' });
  });

  it('closing the day forwards the waiting sales first and lists those declined on forwarding with amount, time and last four; All seen marks them all', async () => {
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
    const { status } = await driver.send({ type: 'lane.snapshot' });
    expect(status.offline?.declined).toBe(1);
    const allSeen = await driver.send({ type: 'offline.seen' });
    expect(allSeen.declined.every((line) => line.seenAt !== undefined)).toBe(true);
    expect(allSeen.declined.length).toBeGreaterThanOrEqual(2);
    const after = await driver.send({ type: 'lane.snapshot' });
    expect(after.status.offline?.declined).toBe(0);
  });

  it('a forward cut short moments ago that the service holds no record of is not sent again until no request of it can still be running', async () => {
    await service.kill('SIGTERM');
    const sale = await offlineSale(1100, 'visa-x924');
    const after = await offlineSale(900, 'diners');
    bench.lane.journal.offline.forwarding(sale.id);
    service = await startServiceProcess(data, ['--port', String(port)]);
    client = laneClient(service, 'v2');

    await bench.lane.engine.sweepNow();
    expect(bench.lane.journal.get(sale.id)?.offline).toBe('forwarding');
    expect(bench.lane.journal.get(after.id)?.offline).toBe('waiting');
    expect(await rowsOf(sale.orderId)).toEqual([]);
    expect(await rowsOf(after.orderId)).toEqual([]);

    bench.lane.journal.offline.forwarding(sale.id, Date.now() - 200_000);
    await bench.lane.engine.sweepNow();
    for (const entry of [sale, after]) {
      expect(bench.lane.journal.get(entry.id)).toMatchObject({ offline: 'forwarded' });
      expect(await rowsOf(entry.orderId)).toHaveLength(1);
    }
  });

  it("forwards a chip approved offline with the card's final TC, which the service records", async () => {
    await service.kill('SIGTERM');
    const chip = await offlineSale(1500, 'visa-stripe', 'insert');
    const final = bench.lane.journal.get(chip.id)?.chip;
    expect(final?.cryptogramType).toBe('TC');
    service = await startServiceProcess(data, ['--port', String(port)]);
    client = laneClient(service, 'v2');

    await bench.lane.engine.sweepNow();
    const forwarded = bench.lane.journal.get(chip.id);
    expect(forwarded).toMatchObject({ state: 'approved', offline: 'forwarded' });
    const detail = await client.transactionDetail(forwarded?.ttid ?? '');
    if (detail.outcome !== 'approved') throw new Error('no detail');
    expect(detail.response.get('rcpt_emv_actype')).toBe('TC');
    expect(detail.response.get('rcpt_emv_ac')).toBe(final?.cryptogram);
    expect(detail.response.get('rcpt_emv_tvr')).toBe(final?.tvr);
  });
});
