// The offline steps of a scenario (docs/lane.md › Offline, › Scenarios): the status bar's count,
// the journal's queue and its order ids, the service's records of them, the manager's list.
import Database from 'better-sqlite3';
import { formatMinor, type OfflineDeclined } from '../../../main/lane-api/index.ts';
import type { ScenarioLane } from './process-lane.ts';
import type { ScenarioStep } from './scenario.ts';

type StepOf<K extends string> =
  Extract<ScenarioStep, Record<K, unknown>> extends infer S ? S[K & keyof S] : never;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

function fail(message: string): never {
  throw new Error(message);
}

/** How long the status bar may take to show the offline sales forwarded, ms. */
const OFFLINE_WAIT_MS = 60_000;

/** Waits until the status bar's offline sales are as expected (forwarding runs in the background). */
export async function offlineStatus(
  bench: ScenarioLane,
  expected: StepOf<'offline_status'>,
): Promise<void> {
  const deadline = Date.now() + OFFLINE_WAIT_MS;
  for (;;) {
    const { status } = await bench.driver.send({ type: 'lane.snapshot' });
    const seen = status.offline ?? { waiting: 0, declined: 0 };
    if (seen.waiting === expected.waiting && seen.declined === expected.declined) return;
    if (Date.now() > deadline)
      fail(`offline: ${seen.waiting} waiting, ${seen.declined} declined on forwarding`);
    await sleep(250);
  }
}

/** The journal's offline sales waiting to be forwarded, in order: their amounts and order ids. */
function waitingSales(journalFile: string): { amount: string; orderId: string }[] {
  const db = new Database(journalFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        "SELECT amount_minor AS minor, order_id AS orderId FROM entries WHERE offline = 'waiting' ORDER BY seq",
      )
      .all() as { minor: number; orderId: string | null }[];
    return rows.map((row) => ({ amount: formatMinor(row.minor), orderId: row.orderId ?? '' }));
  } finally {
    db.close();
  }
}

/** Checks the queue's amounts and returns its order ids, in queue order. */
export function offlineQueue(bench: ScenarioLane, amounts: StepOf<'offline_queue'>): string[] {
  const file = bench.journalFile ?? fail('offline_queue needs lane: process');
  const waiting = waitingSales(file);
  const seen = waiting.map((sale) => sale.amount).join(', ');
  if (seen !== amounts.join(', ')) fail(`the offline queue holds ${seen || 'nothing'}`);
  if (waiting.some((sale) => sale.orderId === '')) fail('an offline sale has no order id');
  return waiting.map((sale) => sale.orderId);
}

/**
 * Checks the service's records of the kept order ids: exactly one each, in queue order (rising
 * ttids), OFFLINE with offline_approved=yes, with the expected outcome and cryptogram type.
 */
export async function forwarded(
  bench: ScenarioLane,
  expected: StepOf<'forwarded'>,
  orderIds: readonly string[],
): Promise<void> {
  const own = bench.ownService ?? fail('forwarded needs service: own');
  if (orderIds.length !== expected.length)
    fail(`${orderIds.length} order ids kept by offline_queue, ${expected.length} expected`);
  let lastTtid = 0;
  for (const [index, want] of expected.entries()) {
    const orderId = orderIds[index] ?? '';
    const records = await own.recordsOf(orderId);
    const what = `order ${index + 1} (${want.amount})`;
    if (records.length !== 1) fail(`${what}: the service holds ${records.length} records`);
    const record = records[0] ?? fail(`${what}: no record`);
    if (record.amount !== want.amount) fail(`${what}: recorded for ${record.amount}`);
    if (record.outcome !== want.outcome) fail(`${what}: ${record.outcome}`);
    if (!record.flags.includes('OFFLINE')) fail(`${what}: tranflags ${record.flags.join('|')}`);
    if (record.offlineApproved !== 'yes') fail(`${what}: offline_approved is not yes`);
    if (want.actype !== undefined && record.actype !== want.actype)
      fail(`${what}: cryptogram type ${record.actype ?? 'none'}`);
    if (record.ttid <= lastTtid) fail(`${what}: forwarded out of order`);
    lastTtid = record.ttid;
  }
}

/** An offline sale declined on forwarding as a step names it: "amount last4". */
export const declinedLine = (line: OfflineDeclined): string =>
  `${formatMinor(line.amountMinor)} ${line.lastFour ?? '????'}`;

/** Checks the manager's list through the lane API command its screen reads (offline.declined). */
export async function offlineDeclined(
  bench: ScenarioLane,
  expected: StepOf<'offline_declined'>,
): Promise<void> {
  const { declined } = await bench.driver.send({ type: 'offline.declined' });
  const seen = declined.map(declinedLine).join(', ');
  if (seen !== expected.join(', ')) fail(`the manager's list holds ${seen || 'nothing'}`);
}
