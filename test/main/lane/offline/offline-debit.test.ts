import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../main/lane/journal/journal-types.ts';
import { startLaneBench, type LaneBench } from '../helpers/lane-bench.ts';
import { finishedEntry, offlineRules } from '../helpers/offline-bench.ts';

/** A lane that takes PIN debit offline (pinDebitOffline) by tap, up to 50.00 a sale. */
const OFFLINE = offlineRules({
  floorLimits: { debit: { default: 5000 } },
  pinDebitOffline: true,
  entryMethods: ['tap'],
});

let bench: LaneBench;

beforeAll(async () => {
  bench = await startLaneBench({ sweepMs: 600_000, offline: OFFLINE });
}, 120_000);
afterAll(async () => {
  await bench.stop();
});

/** A tapped PIN debit sale approved offline with the PIN the customer keys; its entry. */
async function debitOffline(amountMinor: number, pin: 'typed' | 'wrong'): Promise<JournalEntry> {
  const { driver, devices } = bench;
  const { workflowId } = await driver.send({ type: 'sale.start', amountMinor, tender: 'debit' });
  await driver.step('card');
  devices.setCardholderPin(pin);
  await devices.present('mc-debit', 'tap');
  await driver.step('pin');
  const result = await driver.result();
  expect(result.step.result).toMatchObject({ outcome: 'approved', offline: true });
  return finishedEntry(bench, workflowId);
}

/** The card fields the journal file holds for an entry. */
function storedCard(entryId: string): Record<string, string> {
  const db = new Database(bench.lane.journal.path, { readonly: true });
  try {
    const row = db.prepare('SELECT offline_card FROM entries WHERE id = ?').get(entryId) as {
      offline_card: string | null;
    };
    return row.offline_card === null
      ? {}
      : (JSON.parse(row.offline_card) as Record<string, string>);
  } finally {
    db.close();
  }
}

describe('PIN debit offline, where configured', () => {
  it("queues the pad's encrypted PIN block and KSN, forwards them as they were (the issuer checks the PIN) and then clears them", async () => {
    const { driver, lane } = bench;
    await driver.send({ type: 'training.network', down: true });
    const right = await debitOffline(2500, 'typed');
    const wrong = await debitOffline(1500, 'wrong');
    for (const entry of [right, wrong]) {
      const card = storedCard(entry.id);
      expect(card['pin']).toMatch(/^[0-9A-F]{16}$/);
      expect(card['ksn']).toMatch(/^[0-9A-F]{20}$/);
    }
    expect(storedCard(right.id)['pin']).not.toBe(storedCard(wrong.id)['pin']);

    await driver.send({ type: 'training.network', down: false });
    await lane.engine.sweepNow();
    expect(lane.journal.get(right.id)).toMatchObject({ state: 'approved', offline: 'forwarded' });
    expect(lane.journal.get(wrong.id)).toMatchObject({ state: 'declined', offline: 'declined' });
    expect(storedCard(right.id)).toEqual({});
    expect(storedCard(wrong.id)).toEqual({});
  });
});
