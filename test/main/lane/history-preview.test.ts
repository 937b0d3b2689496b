// Every History line with a definite outcome previews its receipt (docs/app.md, History: the
// Receipt key), with the headline its row says: an approval the lane made offline (OFFLINE, dated
// when the lane took it), and
// a sale the service never had (NOT CHARGED), neither of which holds a service answer.
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startServiceProcess,
  type ServiceProcess,
} from '../../conformance/helpers/service-process.ts';
import { startLaneBench, type LaneBench } from './helpers/lane-bench.ts';
import { offlineRules } from './helpers/offline-bench.ts';

let service: ServiceProcess;
let bench: LaneBench;

beforeAll(async () => {
  service = await startServiceProcess();
  bench = await startLaneBench({ service, offline: offlineRules(), sweepMs: 600_000 });
  await service.kill('SIGTERM');
}, 120_000);
afterAll(async () => {
  await bench.stop();
});

/** Starts a swiped credit sale (or preauth) of `amountMinor` while the service is down; answers its workflow id. */
async function swipeWhileDown(
  amountMinor: number,
  type: 'sale' | 'preauth' = 'sale',
): Promise<string> {
  const { driver, devices } = bench;
  const start = { type: `${type}.start`, amountMinor, tender: 'credit' } as const;
  const { workflowId } = await driver.send(start);
  await driver.step('card');
  await devices.present('visa-x924', 'swipe');
  return workflowId;
}

/** Ends the workflow (Done at its result, or Cancel); answers its journal entry once the lane is idle. */
async function ended(workflowId: string, action: 'finish' | 'cancel') {
  if (action === 'cancel') await bench.driver.cancelToIdle(workflowId);
  else {
    await bench.driver.send({ type: 'workflow.choose', workflowId, action });
    await bench.driver.idle();
  }
  const [entry] = bench.lane.journal.entriesOf(workflowId);
  if (entry === undefined) throw new Error('no entry');
  return entry;
}

/** The History line of `entryId` and the text of its receipt preview. */
async function lineAndPreview(entryId: string) {
  const { entries } = await bench.driver.send({ type: 'history.search', query: {} });
  const line = entries.find((entry) => entry.id === entryId);
  const preview = await bench.driver.send({ type: 'receipt.preview', entryId });
  return { line, text: preview.text };
}

describe('the receipt preview of a History line without a service answer', () => {
  it('an offline approval previews APPROVED and OFFLINE with its masked card', async () => {
    const workflowId = await swipeWhileDown(1500);
    const { result } = (await bench.driver.result()).step;
    expect(result).toMatchObject({ outcome: 'approved', offline: true });
    const entry = await ended(workflowId, 'finish');
    const { line, text } = await lineAndPreview(entry.id);
    expect(line).toMatchObject({ status: 'approved', offline: 'waiting' });
    expect(line?.actions).not.toContain('reprint'); // the service holds nothing to reprint yet
    expect(text).toContain('APPROVED');
    expect(text).toContain('OFFLINE');
    expect(text).toContain(entry.card?.lastFour);
    expect(text).toContain('15.00');
    // The time the lane took it, on the store's clock (the machine's zone here).
    expect(text).toContain(DateTime.fromMillis(entry.createdAt).toFormat('yyyy-MM-dd HH:mm:ss'));
  });

  it('a sale above the floor limit, declined by the lane, previews DECLINED and why', async () => {
    const workflowId = await swipeWhileDown(6000);
    const { result } = (await bench.driver.result()).step;
    expect(result).toMatchObject({ outcome: 'declined', by: 'lane', reason: 'offline_refused' });
    const entry = await ended(workflowId, 'cancel');
    const { line, text } = await lineAndPreview(entry.id);
    expect(line?.status).toBe('declined');
    expect(line?.actions).not.toContain('reprint');
    expect(text).toContain('DECLINED');
    expect(text).toContain('CANNOT BE APPROVED OFFLINE');
    expect(text).not.toMatch(/^ *APPROVED *$/m);
    expect(text).toContain(entry.card?.lastFour);
    expect(text).toContain('60.00');
  });

  it('a preauth the service never had previews NOT CHARGED with its masked card', async () => {
    const workflowId = await swipeWhileDown(4200, 'preauth');
    await bench.driver.step('attention', (view) => view.step.problem === 'server_unreachable');
    const entry = await ended(workflowId, 'cancel');
    expect(entry).toMatchObject({ state: 'not_charged', reason: 'not_sent' });
    const { line, text } = await lineAndPreview(entry.id);
    expect(line?.status).toBe('not_charged');
    expect(text).toContain('NOT CHARGED');
    expect(text).not.toContain('APPROVED');
    expect(text).toContain(entry.card?.lastFour);
    expect(text).toContain('42.00');
    expect(text).not.toMatch(/\d{13,19}/);
  });
});
